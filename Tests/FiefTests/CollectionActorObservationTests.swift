import Fief
import Foundation
import XCTest

/// `observe(keyPaths:on: actor, _isolation:, _:)` on lists, sets, maps, linking objects and
/// sections: the block runs isolated to the other actor with collections read by that actor's
/// realm.
final class CollectionActorObservationTests: XCTestCase {
    func testCollectionsAndSectionsObservedOnAnotherActor() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = Realm.Configuration(fileURL: directory.appendingPathComponent("collections.realm"),
                                         objectTypes: [Dog.self, Person.self, AllTypes.self])
        let writer = TestWriter()
        try await writer.open(config)
        try await writer.write { realm in
            realm.create(Person.self, value: ["name": "Ann"])
            realm.create(Dog.self, value: ["name": "Rex", "age": 2])
            realm.create(AllTypes.self)
        }
        let watcher = CollectionWatcher()
        let collector = ChangeCollector()
        try await watcher.watch(config, reportingTo: collector)
        try await writer.write { realm in
            let ann = realm.objects(Person.self).first!
            ann.dogs.append(realm.objects(Dog.self).first!)
            let all = realm.objects(AllTypes.self).first!
            all.tags.insert("x")
            all.counts["a"] = 1
            realm.create(Dog.self, value: ["name": "Fido", "age": 5])
        }
        var events: [String] = []
        for _ in 0..<5 { events.append(await collector.next()) }
        XCTAssertEqual(events.sorted(), ["counts [\"a\"] true", "dogs [\"Rex\"] [0] true", "owners [\"Ann\"] [0] true",
                                         "sections [2, 5] [1] true", "tags [\"x\"] [0] true"])
        await watcher.stop()
    }
}

/// Opens a realm on its own actor and observes collections of it on the collector's actor,
/// recording whether each delivery's collection belongs to the collector's realm.
actor CollectionWatcher {
    private var realm: Realm!
    private var tokens: [NotificationToken] = []

    func watch(_ config: Realm.Configuration, reportingTo collector: ChangeCollector) async throws {
        realm = try await Realm(configuration: config, actor: self)
        let ann = realm.objects(Person.self).first!
        let rex = realm.objects(Dog.self).first!
        let all = realm.objects(AllTypes.self).first!
        tokens.append(await ann.dogs.observe(on: collector) { collector, change in
            if case .update(let dogs, _, let insertions, _) = change {
                collector.record("dogs \(dogs.map(\.name)) \(insertions) \(dogs.realm?.actor === collector)")
            }
        })
        tokens.append(await rex.owners.observe(on: collector) { collector, change in
            if case .update(let owners, _, let insertions, _) = change {
                collector.record("owners \(owners.map(\.name)) \(insertions) \(owners.realm?.actor === collector)")
            }
        })
        tokens.append(await all.tags.observe(on: collector) { collector, change in
            if case .update(let tags, _, let insertions, _) = change {
                collector.record("tags \(Array(tags)) \(insertions) \(tags.realm?.actor === collector)")
            }
        })
        tokens.append(await all.counts.observe(on: collector) { collector, change in
            if case .update(let counts, _, let insertions, _) = change {
                collector.record("counts \(insertions) \(counts.realm?.actor === collector)")
            }
        })
        tokens.append(await realm.objects(Dog.self).sectioned(by: \.age, ascending: true).observe(on: collector) { collector, change in
            if case .update(let sections, _, _, _, let inserted, _) = change {
                collector.record("sections \(sections.allKeys) \(Array(inserted)) \(sections.realm?.actor === collector)")
            }
        })
    }

    func stop() { tokens.forEach { $0.invalidate() } }
}
