import Fief
import FiefSync
import Foundation
import XCTest

final class AsyncOpenNote: Object {
    @Persisted var text = ""
}

/// `Realm.AsyncOpenTask`, RealmSwift's name for what `asyncOpen` returns, on a local realm.
final class AsyncOpenTaskTests: XCTestCase {
    func testAsyncOpenOfALocalRealmReturnsARealmAsyncOpenTask() throws {
        let config = Realm.Configuration(inMemoryIdentifier: "async-open-\(UUID().uuidString)", objectTypes: [AsyncOpenNote.self])
        let opened = expectation(description: "asyncOpen delivered the realm")
        let queue = DispatchQueue(label: "async-open-callbacks")
        let task: Realm.AsyncOpenTask = Realm.asyncOpen(configuration: config, callbackQueue: queue) { realm, error in
            XCTAssertNil(error)
            XCTAssertEqual(realm?.objects(AsyncOpenNote.self).count, 0)
            opened.fulfill()
        }
        XCTAssertNil(task.addProgressNotification { _ in }, "a local realm downloads nothing")
        wait(for: [opened], timeout: 10)
    }
}
