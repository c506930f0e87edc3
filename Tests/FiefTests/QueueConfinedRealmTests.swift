import Fief
import Foundation
import XCTest

/// `Realm(configuration:queue:)`: a realm confined to a serial dispatch queue, usable from any
/// thread inside the queue's blocks, advanced and notified by the queue after other realms'
/// commits (unless `autorefresh` is off).
final class QueueConfinedRealmTests: XCTestCase {
    private func configuration() -> Realm.Configuration {
        Realm.Configuration(inMemoryIdentifier: "queue-\(UUID().uuidString)", objectTypes: [Dog.self, Person.self])
    }

    func testTheRealmIsUsedInBlocksOnItsQueueAndCachedPerQueue() throws {
        let config = configuration()
        let queue = DispatchQueue(label: "queue-realm")
        let local = try Realm(configuration: config)
        try local.write { local.create(Dog.self, value: ["name": "Rex"]) }
        let opened = try Realm(configuration: config, queue: queue)   // opening outside the queue is allowed
        XCTAssertFalse(opened === local)
        let names = try queue.sync {
            let realm = try Realm(configuration: config, queue: queue)
            XCTAssertTrue(realm === opened, "the same configuration on the same queue is one instance")
            try realm.write { realm.create(Dog.self, value: ["name": "Fido"]) }
            return realm.objects(Dog.self).sorted(byKeyPath: "name").map(\.name)
        }
        XCTAssertEqual(names, ["Fido", "Rex"])
        let other = DispatchQueue(label: "another-queue")
        let second = try other.sync { try Realm(configuration: config, queue: other) }
        XCTAssertFalse(second === opened, "another queue has its own instance")
        XCTAssertTrue(try Realm(configuration: config, queue: nil) === local, "no queue: the thread's realm")
    }

    func testNotificationsAfterAnotherRealmsCommitArriveOnTheQueue() throws {
        let config = configuration()
        let queue = DispatchQueue(label: "queue-notifications")
        let onQueue = DispatchSpecificKey<Int>()
        queue.setSpecific(key: onQueue, value: 7)
        let local = try Realm(configuration: config)
        let updated = expectation(description: "update on the queue")
        let seen = LockedBox<[String]>([])
        let token = try queue.sync {
            let realm = try Realm(configuration: config, queue: queue)
            return realm.objects(Dog.self).observe { change in
                XCTAssertEqual(DispatchQueue.getSpecific(key: onQueue), 7, "delivered outside the queue")
                if case .update(let dogs, _, let insertions, _) = change {
                    seen.set(dogs.map(\.name) + insertions.map(String.init))
                    updated.fulfill()
                }
            }
        }
        let realmChanged = expectation(description: "realm notification on the queue")
        let realmToken = try queue.sync {
            try Realm(configuration: config, queue: queue).observe { notification, _ in
                XCTAssertEqual(DispatchQueue.getSpecific(key: onQueue), 7)
                if notification == .didChange { realmChanged.fulfill() }
            }
        }
        try local.write { local.create(Dog.self, value: ["name": "Rex"]) }
        wait(for: [updated, realmChanged], timeout: 10)
        XCTAssertEqual(seen.get(), ["Rex", "0"])
        token.invalidate()
        realmToken.invalidate()
    }

    func testAutorefreshDecidesWhetherTheQueueRealmAdvancesByItself() throws {
        let config = configuration()
        let queue = DispatchQueue(label: "queue-autorefresh")
        let local = try Realm(configuration: config)
        let realm = try Realm(configuration: config, queue: queue)
        let counts = queue.sync {
            XCTAssertTrue(realm.autorefresh)
            let dogs = realm.objects(Dog.self)
            return dogs.count
        }
        XCTAssertEqual(counts, 0)

        try local.write { local.create(Dog.self, value: ["name": "Rex"]) }
        // The commit queued the realm's refresh before this block.
        XCTAssertEqual(queue.sync { realm.objects(Dog.self).count }, 1)

        let told = LockedBox<[Realm.Notification]>([])
        let token = queue.sync {
            realm.autorefresh = false
            return realm.observe { notification, _ in told.set(told.get() + [notification]) }
        }
        try local.write { local.create(Dog.self, value: ["name": "Fido"]) }
        XCTAssertEqual(queue.sync { realm.objects(Dog.self).count }, 1, "without autorefresh the realm stays on its version")
        XCTAssertEqual(told.get(), [.refreshRequired])
        XCTAssertEqual(queue.sync { () -> Int in
            realm.refresh()
            return realm.objects(Dog.self).count
        }, 2)
        XCTAssertEqual(told.get(), [.refreshRequired, .didChange])
        token.invalidate()
    }

    func testWriteAsyncRunsInALaterBlockOnTheQueue() throws {
        let config = configuration()
        let queue = DispatchQueue(label: "queue-write-async")
        let onQueue = DispatchSpecificKey<Int>()
        queue.setSpecific(key: onQueue, value: 3)
        let completed = expectation(description: "onComplete on the queue")
        let realm = try Realm(configuration: config, queue: queue)
        let ranBeforeReturning = queue.sync { () -> Bool in
            var ran = false
            realm.writeAsync({
                ran = true
                realm.create(Dog.self, value: ["name": "Rex"])
            }, onComplete: { error in
                XCTAssertNil(error)
                XCTAssertEqual(DispatchQueue.getSpecific(key: onQueue), 3, "onComplete ran outside the queue")
                completed.fulfill()
            })
            return ran
        }
        XCTAssertFalse(ranBeforeReturning, "the block runs in a later block on the queue")
        wait(for: [completed], timeout: 10)
        XCTAssertEqual(queue.sync { realm.objects(Dog.self).count }, 1)
        XCTAssertFalse(queue.sync { realm.isPerformingAsynchronousWriteOperations })
    }

    func testTheQueueRealmsOwnWritesNotifyItsObserversOnTheQueue() throws {
        let config = configuration()
        let queue = DispatchQueue(label: "queue-own-writes")
        let modifications = LockedBox<[[Int]]>([])
        let token = try queue.sync {
            let realm = try Realm(configuration: config, queue: queue)
            try realm.write { realm.create(Dog.self, value: ["name": "Rex"]) }
            return realm.objects(Dog.self).observe(keyPaths: ["age"]) { change in
                if case .update(_, _, _, let modified) = change { modifications.set(modifications.get() + [modified]) }
            }
        }
        try queue.sync {
            let realm = try Realm(configuration: config, queue: queue)
            try realm.write { realm.objects(Dog.self).first!.name = "Max" }   // not an observed key path
            try realm.write { realm.objects(Dog.self).first!.age = 4 }
        }
        XCTAssertEqual(modifications.get(), [[0]])
        token.invalidate()
    }
}
