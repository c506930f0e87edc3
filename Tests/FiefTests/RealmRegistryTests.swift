import Fief
import Foundation
import XCTest

/// The registries that list live realm instances (the instance cache, and each file's list of
/// realms to tell of commits) hold them without `weak` references: a cached realm keeps its
/// reference counts in its header, and a realm leaves both registries in its `deinit`, from
/// whatever thread drops it, while other threads look it up and commits are announced to it.
final class RealmRegistryTests: XCTestCase {
    private func fileConfiguration(_ directory: URL) -> Realm.Configuration {
        Realm.Configuration(fileURL: directory.appendingPathComponent("registry.realm"), objectTypes: [Settings.self])
    }

    private final class Probe {}

    /// Checks, on a probe, that `hasSideTable` tells what a weak reference does: a failure
    /// here means the runtime's count word changed and this test must learn its new layout.
    private func sideTableBitsAreReadable() -> Bool {
        let probe = Probe()
        guard !hasSideTable(probe) else {
            XCTFail("a fresh object's count word has the side-table bits set: the runtime's layout changed")
            return false
        }
        weak let observer = probe
        guard hasSideTable(probe) else {
            XCTFail("a weak reference did not set the side-table bits: the runtime's layout changed")
            return false
        }
        withExtendedLifetime(observer) {}
        return true
    }

    @MainActor
    func testCachedRealmsKeepTheirCountsInline() async throws {
        guard sideTableBitsAreReadable() else { return }
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = fileConfiguration(directory)
        let threadRealm = try await Realm(configuration: configuration)
        let again = try await Realm(configuration: configuration)
        XCTAssertTrue(again === threadRealm, "cached on the main actor's thread")
        let queue = DispatchQueue(label: "registry-queue")
        let queueRealm = try Realm(configuration: configuration, queue: queue)
        let holder = try await RegistryActor(configuration)
        try threadRealm.write { threadRealm.create(Settings.self, value: ["id": 1]) }   // announced to the others
        let actorCount = await holder.count()
        XCTAssertFalse(hasSideTable(threadRealm), "a thread's cached realm has no side table")
        XCTAssertFalse(hasSideTable(queueRealm), "a queue's realm has no side table")
        let actorRealmHasSideTable = await holder.realmHasSideTable()
        XCTAssertFalse(actorRealmHasSideTable, "an actor's realm has no side table")
        XCTAssertEqual(actorCount, 1)
    }

    func testManyThreadsOpenAndDropRealmsWhileOthersCommit() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = fileConfiguration(directory)
        let keeper = try Realm(configuration: configuration)   // keeps the file open throughout
        let queue = DispatchQueue(label: "registry-notified")
        let queueRealm = try Realm(configuration: configuration, queue: queue)
        let threads = 6, rounds = 150
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for round in 0..<rounds {
                // Open on this thread (cached), drop it at the end of the round: the realm leaves
                // the thread's table and the file's list while other threads do the same.
                do {
                    let realm = try Realm(configuration: configuration)
                    XCTAssertTrue(try Realm(configuration: configuration) === realm)
                    if round % 5 == 0 {
                        try realm.write { realm.create(Settings.self, value: ["id": thread * rounds + round]) }
                    }
                    _ = realm.objects(Settings.self).count
                } catch {
                    XCTFail("round \(round) of thread \(thread): \(error)")
                }
            }
        }
        let seenOnQueue = queue.sync { () -> Int in
            queueRealm.refresh()
            return queueRealm.objects(Settings.self).count
        }
        keeper.refresh()
        XCTAssertEqual(keeper.objects(Settings.self).count, threads * rounds / 5)
        XCTAssertEqual(seenOnQueue, threads * rounds / 5)
    }

    func testActorRealmsReopenedWhileCommitsAreAnnounced() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = fileConfiguration(directory)
        let writes = 300
        // Commits on another thread, each announced to whatever actor realm is open then.
        let written = expectation(description: "the writer's commits")
        Thread.detachNewThread {
            do {
                let realm = try Realm(configuration: configuration)
                for id in 0..<writes { try realm.write { realm.create(Settings.self, value: ["id": id]) } }
            } catch {
                XCTFail("the writer: \(error)")
            }
            written.fulfill()
        }
        var lastCount = 0
        for _ in 0..<100 {
            let holder = try await RegistryActor(configuration)
            lastCount = await holder.count()
        }
        await fulfillment(of: [written], timeout: 120)
        let holder = try await RegistryActor(configuration)
        let updated = expectation(description: "the actor's realm is told of a commit")
        updated.assertForOverFulfill = false
        await holder.observe { updated.fulfill() }
        let committed = expectation(description: "the last commit")
        Thread.detachNewThread {
            do {
                let realm = try Realm(configuration: configuration)
                try realm.write { realm.create(Settings.self, value: ["id": writes]) }
            } catch {
                XCTFail("the last commit: \(error)")
            }
            committed.fulfill()
        }
        await fulfillment(of: [committed, updated], timeout: 30)
        let finalCount = await holder.count()
        XCTAssertEqual(finalCount, writes + 1)
        XCTAssertLessThanOrEqual(lastCount, writes)
    }

    func testAQueueRealmDroppedBeforeItsNewsArrivesGetsNone() throws {
        let configuration = Realm.Configuration(inMemoryIdentifier: "registry-\(UUID().uuidString)", objectTypes: [Settings.self])
        let writer = try Realm(configuration: configuration)
        let queue = DispatchQueue(label: "registry-dropped")
        for id in 0..<200 {
            // The queue is busy, so the news of the commit below arrives after the realm is gone.
            let started = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            queue.async {
                started.signal()
                release.wait()
            }
            started.wait()
            var queueRealm: Realm? = try Realm(configuration: configuration, queue: queue)
            try writer.write { writer.create(Settings.self, value: ["id": id]) }
            queueRealm = nil
            release.signal()
            XCTAssertNil(queueRealm)
        }
        let count = try queue.sync { try Realm(configuration: configuration, queue: queue).objects(Settings.self).count }
        XCTAssertEqual(count, 200)
    }
}

/// An actor that holds a realm of its own, as a service would.
private actor RegistryActor {
    private var realm: Realm!
    private var token: NotificationToken?

    init(_ configuration: Realm.Configuration) async throws {
        realm = try await Realm(configuration: configuration, actor: self)
    }

    func count() -> Int { realm.objects(Settings.self).count }

    func realmHasSideTable() -> Bool { hasSideTable(realm) }

    /// Calls `changed` on the first notification after a commit.
    func observe(_ changed: @escaping @Sendable () -> Void) {
        token = realm.observe { _, _ in changed() }
    }
}

/// The header word that holds an object's reference counts, or the address of its side table
/// once a `weak` reference was made to it.
private func countWord(_ object: AnyObject) -> UInt64 {
    Unmanaged.passUnretained(object).toOpaque().load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt64.self)
}

/// Whether the word says the counts moved to a side table (its two top bits set, on 64-bit
/// runtimes).
private func hasSideTable(_ object: AnyObject) -> Bool { countWord(object) >> 62 == 0b11 }
