import Fief
import Foundation
import XCTest

/// `writeAsync`, `beginAsyncWrite`, `commitAsyncWrite`, `cancelAsyncWrite` and
/// `isPerformingAsynchronousWriteOperations`.
final class AsyncTransactionTests: XCTestCase {
    func testThreadConfinedRealmRunsAtOnce() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        var completed: [Error?] = []
        realm.writeAsync({ realm.create(Settings.self, value: ["id": 1]) }, onComplete: { completed.append($0) })
        XCTAssertEqual(completed.count, 1)
        XCTAssertNil(completed[0])
        XCTAssertEqual(realm.objects(Settings.self).count, 1)
        XCTAssertFalse(realm.isPerformingAsynchronousWriteOperations)
    }

    func testReturningWithoutCommitCancels() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        realm.beginAsyncWrite { realm.create(Settings.self, value: ["id": 1]) }
        XCTAssertEqual(realm.objects(Settings.self).count, 0)
        XCTAssertFalse(realm.isInWriteTransaction)
    }

    func testCommitFailureReachesOnComplete() throws {
        let realm = try Realm(configuration: memoryConfiguration([Settings.self]))
        try realm.write { realm.create(Settings.self, value: ["id": 1]) }
        var outcome: Error?
        realm.writeAsync({ realm.create(Settings.self, value: ["id": 1]) }, onComplete: { outcome = $0 })
        XCTAssertEqual(outcome as? RealmError, .duplicatePrimaryKey(className: "Settings", value: "1"))
    }

    func testActorRealmQueuesInOrderAndCompletesLater() async throws {
        let writer = try await AsyncWriter(configuration: memoryConfiguration([Settings.self]))
        let (ids, busy) = await writer.queueThree()
        XCTAssertTrue(busy, "work is under way right after queueing")
        XCTAssertEqual(Set(ids).count, 3)
        let order = await writer.waitForCompletions(2)
        XCTAssertEqual(order, [1, 3], "the cancelled block never ran")
        let stored = await writer.storedIDs()
        XCTAssertEqual(stored, [1, 3])
        let idle = await writer.isIdle()
        XCTAssertTrue(idle)
    }

    func testCancellingACommitsHandlerKeepsTheCommit() async throws {
        let writer = try await AsyncWriter(configuration: memoryConfiguration([Settings.self]))
        let called = await writer.commitAndCancelHandler()
        XCTAssertFalse(called)
        let stored = await writer.storedIDs()
        XCTAssertEqual(stored, [10])
    }
}

actor AsyncWriter {
    var realm: Realm!
    var completions: [Int] = []

    init(configuration: Realm.Configuration) async throws {
        realm = try await Realm(configuration: configuration, actor: self)
    }

    func queueThree() -> ([AsyncTransactionId], Bool) {
        var ids: [AsyncTransactionId] = []
        for id in 1...3 {
            ids.append(realm.writeAsync({
                self.realm.create(Settings.self, value: ["id": id])
            }, onComplete: { error in
                precondition(error == nil)
                self.completions.append(id)
            }))
        }
        try! realm.cancelAsyncWrite(ids[1])
        return (ids, realm.isPerformingAsynchronousWriteOperations)
    }

    func waitForCompletions(_ count: Int) async -> [Int] {
        while completions.count < count { await Task.yield() }
        while realm.isPerformingAsynchronousWriteOperations { await Task.yield() }
        return completions
    }

    func storedIDs() -> [Int] { realm.objects(Settings.self).map(\.id).sorted() }

    func isIdle() -> Bool { !realm.isPerformingAsynchronousWriteOperations }

    func commitAndCancelHandler() async -> Bool {
        var called = false
        realm.beginWrite()
        realm.create(Settings.self, value: ["id": 10])
        let id = realm.commitAsyncWrite { _ in called = true }
        try! realm.cancelAsyncWrite(id)
        while realm.isPerformingAsynchronousWriteOperations { await Task.yield() }
        return called
    }
}
