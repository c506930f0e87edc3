@_spi(Sync) @testable import Fief
import Foundation
import XCTest

/// One write transaction of a synced realm records at most
/// `SyncChangesetCoding.maximumEncodedSize` bytes of sync changes: a larger one fails at commit
/// and commits nothing, instead of leaving a changeset in the history that no server takes (and
/// behind which nothing the realm writes later would sync).
final class SyncChangesetSizeTests: XCTestCase {
    /// `count` people whose blobs hold `bytes` bytes each.
    private func people(_ ids: Range<Int>, bytes: Int) -> [SyPerson] {
        ids.map { id in
            let person = SyPerson()
            person.id = id
            person.blob = Data(repeating: UInt8(truncatingIfNeeded: id), count: bytes)
            return person
        }
    }

    func testAWriteRecordingMoreThanAServerTakesFailsAndCommitsNothing() throws {
        let realm = try syncRealm()
        let limit = SyncChangesetCoding.maximumEncodedSize
        // 17 blobs of 1 MiB: more than 16 MiB of sync changes.
        XCTAssertThrowsError(try realm.write { realm.add(people(0..<17, bytes: 1 << 20)) }) { error in
            guard case RealmError.invalidValue(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("at most \(limit) bytes") && message.contains("Nothing was committed"), message)
        }
        XCTAssertEqual(realm.objects(SyPerson.self).count, 0)
        XCTAssertFalse(realm.isInWriteTransaction)

        // The same objects in two transactions are recorded, each within the limit.
        let first = try recordedWrite(realm) { realm.add(people(0..<9, bytes: 1 << 20)) }
        let second = try recordedWrite(realm) { realm.add(people(9..<17, bytes: 1 << 20)) }
        for changeset in [first, second] {
            let encoded = SyncChangesetCoding.encode(changeset)
            XCTAssertLessThanOrEqual(encoded.count, limit)
            XCTAssertEqual(try SyncChangesetCoding.decode(encoded), changeset)
        }
        XCTAssertEqual(realm.objects(SyPerson.self).count, 17)
    }

    func testAWriteJustBelowTheLimitIsRecorded() throws {
        let realm = try syncRealm()
        let limit = SyncChangesetCoding.maximumEncodedSize
        // One blob sized so that the whole changeset lands within 64 bytes below the limit.
        let probe = SyncChangesetCoding.encode(try recordedWrite(realm) { realm.add(people(0..<1, bytes: 0)) }).count
        let blob = limit - probe - 64
        let recorded = try recordedWrite(realm) { realm.add(people(1..<2, bytes: blob)) }
        let size = SyncChangesetCoding.encode(recorded).count
        XCTAssertLessThanOrEqual(size, limit)
        XCTAssertGreaterThan(size, limit - 256)
        XCTAssertEqual(realm.object(ofType: SyPerson.self, forPrimaryKey: 1)?.blob.count, blob)
    }

    func testALocalRealmHasNoSuchLimit() throws {
        let realm = try syncRealm(recording: false)
        try realm.write { realm.add(people(0..<17, bytes: 1 << 20)) }
        XCTAssertEqual(realm.objects(SyPerson.self).count, 17)
    }
}
