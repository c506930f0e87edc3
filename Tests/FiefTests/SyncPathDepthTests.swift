@_spi(Sync) @testable import Fief
import Foundation
import XCTest

/// A synced realm's embedded objects nest only as deep as a sync path reaches (64 elements):
/// a write that nests deeper fails with an error that says so, and changes nothing, instead of
/// recording a changeset that the server and every other client would refuse.
final class SyncPathDepthTests: XCTestCase {
    private let types: [ObjectBase.Type] = [DeepThread.self, DeepReply.self]

    /// A new thread `id` whose replies nest `depth` levels deep.
    private func thread(_ id: Int, depth: Int) -> DeepThread {
        let thread = DeepThread()
        thread.id = id
        var parent: DeepReply?
        for level in 1...depth {
            let reply = DeepReply()
            reply.text = "level \(level)"
            if let parent { parent.reply = reply } else { thread.firstReply = reply }
            parent = reply
        }
        return thread
    }

    private func deepestReply(_ realm: Realm, _ id: Int) -> (reply: DeepReply, level: Int)? {
        guard var reply = realm.object(ofType: DeepThread.self, forPrimaryKey: id)?.firstReply else { return nil }
        var level = 1
        while let next = reply.reply {
            reply = next
            level += 1
        }
        return (reply, level)
    }

    func testRepliesNestedAsDeepAsASyncPathAllowsAreRecordedAndReplayed() throws {
        let realm = try syncRealm(types: types)
        let created = try recordedWrite(realm) { realm.add(thread(1, depth: SyncBase.maximumDepth)) }
        XCTAssertEqual(created.instructions.compactMap { $0.target?.path.count }.max(), SyncChangesetCoding.maximumPathDepth)
        let deepest = try XCTUnwrap(deepestReply(realm, 1))
        XCTAssertEqual(deepest.level, SyncBase.maximumDepth)
        let changed = try recordedWrite(realm) { deepest.reply.text = "edited" }
        XCTAssertEqual(changed.instructions.count, 1)
        XCTAssertEqual(changed.instructions.first?.target?.path.count, SyncChangesetCoding.maximumPathDepth)

        // Both changesets encode, decode and apply on another realm (`deliver` checks the round trip).
        let peer = try syncRealm(types: types)
        try deliver(created, to: peer, ownFileIdent: 2)
        try deliver(changed, to: peer, ownFileIdent: 2)
        let replayed = try XCTUnwrap(deepestReply(peer, 1))
        XCTAssertEqual(replayed.level, SyncBase.maximumDepth)
        XCTAssertEqual(replayed.reply.text, "edited")
    }

    func testAddingRepliesNestedDeeperFailsAndAddsNothing() throws {
        let realm = try syncRealm(types: types)
        try realm.write { realm.add(thread(1, depth: 3)) }
        XCTAssertThrowsError(try realm.write { realm.add(thread(2, depth: SyncBase.maximumDepth + 1)) }) { error in
            guard case RealmError.invalidValue(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("DeepReply") && message.contains("at most \(SyncBase.maximumDepth) steps"), message)
        }
        XCTAssertNil(realm.object(ofType: DeepThread.self, forPrimaryKey: 2))
        XCTAssertEqual(realm.objects(DeepThread.self).count, 1)
        XCTAssertEqual(deepestReply(realm, 1)?.level, 3)
        // The realm goes on recording: the next write is recorded and round-trips.
        let next = try recordedWrite(realm) { realm.add(thread(3, depth: 2)) }
        XCTAssertNoThrow(try SyncChangesetCoding.decode(SyncChangesetCoding.encode(next)))
    }

    /// An update that would nest the thread's replies one level deeper fails and leaves the
    /// thread as it was. (A property setter cannot throw: like every failed setter, as in
    /// RealmSwift, it stops the program instead, with the same message.)
    func testAnUpdateNestingOneLevelDeeperFailsAndKeepsTheThread() throws {
        let realm = try syncRealm(types: types)
        try realm.write { realm.add(thread(1, depth: SyncBase.maximumDepth)) }
        let deeper = thread(1, depth: SyncBase.maximumDepth + 1)
        deeper.firstReply?.text = "replaced"
        XCTAssertThrowsError(try realm.write { realm.add(deeper, update: .modified) }) { error in
            guard case RealmError.invalidValue(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("\(SyncBase.maximumDepth + 1) path steps"), message)
        }
        let kept = try XCTUnwrap(realm.object(ofType: DeepThread.self, forPrimaryKey: 1))
        XCTAssertEqual(kept.firstReply?.text, "level 1")
        XCTAssertEqual(deepestReply(realm, 1)?.level, SyncBase.maximumDepth)
    }

    func testALocalRealmNestsWithoutTheLimit() throws {
        let realm = try syncRealm(recording: false, types: types)
        try realm.write { realm.add(thread(1, depth: 500)) }
        XCTAssertEqual(deepestReply(realm, 1)?.level, 500)
    }
}
