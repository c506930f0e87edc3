import Fief
import Foundation
import XCTest

final class NotificationTests: XCTestCase {
    func makeRealm() throws -> Realm {
        try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "notify-\(UUID())", objectTypes: [Dog.self, Person.self]))
    }

    func add(_ realm: Realm, _ name: String, _ age: Int) throws {
        try realm.write { realm.add(Dog(value: ["name": name, "age": age])) }
    }

    func testResultsInitialAndUpdateIndexes() throws {
        let realm = try makeRealm()
        try add(realm, "b", 2)
        try add(realm, "d", 4)
        var changes: [String] = []
        let results = realm.objects(Dog.self).sorted(byKeyPath: "name")
        let token = results.observe { change in
            switch change {
            case .initial(let r): changes.append("initial \(r.map(\.name))")
            case .update(let r, let d, let i, let m): changes.append("\(d) \(i) \(m) \(r.map(\.name))")
            case .error(let e): changes.append("error \(e)")
            }
        }
        defer { token.invalidate() }
        try add(realm, "a", 1)
        try realm.write {
            realm.objects(Dog.self).filter("name == 'd'").first!.age = 40
            realm.delete(realm.objects(Dog.self).filter("name == 'b'"))
        }
        XCTAssertEqual(changes, [
            "initial [\"b\", \"d\"]",
            "[] [0] [] [\"a\", \"b\", \"d\"]",
            "[1] [] [1] [\"a\", \"d\"]",
        ])
    }

    func testKeyPathFilterOnlyNotifiesForListedProperties() throws {
        let realm = try makeRealm()
        let bob = Person(value: ["name": "Bob"])
        try realm.write { realm.add(Dog(value: ["name": "rex", "age": 1, "owner": bob])) }
        var modifications: [[Int]] = []
        let token = realm.objects(Dog.self).observe(keyPaths: ["name", "owner.name"]) { change in
            if case .update(_, _, _, let m) = change { modifications.append(m) }
        }
        defer { token.invalidate() }
        try realm.write { realm.objects(Dog.self).first!.age = 2 }          // not listed
        XCTAssertEqual(modifications, [])
        try realm.write { realm.objects(Dog.self).first!.name = "Rex" }     // listed
        XCTAssertEqual(modifications, [[0]])
        try realm.write { realm.objects(Person.self).first!.name = "Robert" } // through the link
        XCTAssertEqual(modifications, [[0], [0]])
    }

    func testObjectObserveReportsOldAndNewValuesThenDeletion() throws {
        let realm = try makeRealm()
        let dog = Dog(value: ["name": "rex", "age": 1])
        try realm.write { realm.add(dog) }
        var events: [String] = []
        let token = dog.observe { change in
            switch change {
            case .change(let d, let properties):
                events.append("\(d.name): " + properties.map { "\($0.name) \($0.oldValue ?? "nil")->\($0.newValue ?? "nil")" }.joined(separator: ", "))
            case .deleted: events.append("deleted")
            case .error(let e): events.append("error \(e)")
            }
        }
        defer { token.invalidate() }
        try realm.write { dog.age = 2; dog.breed = "lab" }
        try realm.write { realm.delete(dog) }
        XCTAssertEqual(events, ["rex: age 1->2, breed nil->lab", "deleted"])
    }

    func testObjectObserveKeyPaths() throws {
        let realm = try makeRealm()
        let dog = Dog(value: ["name": "rex", "age": 1])
        try realm.write { realm.add(dog) }
        var names: [[String]] = []
        let token = dog.observe(keyPaths: ["name"]) { change in
            if case .change(_, let p) = change { names.append(p.map(\.name)) }
        }
        defer { token.invalidate() }
        try realm.write { dog.age = 5 }
        try realm.write { dog.name = "Rex"; dog.age = 6 }
        XCTAssertEqual(names, [["name"]])
    }

    func testRealmObserveAndWithoutNotifying() throws {
        let realm = try makeRealm()
        var realmEvents = 0
        var resultEvents = 0
        let realmToken = realm.observe { notification, _ in
            if notification == .didChange { realmEvents += 1 }
        }
        let resultsToken = realm.objects(Dog.self).observe { change in
            if case .update = change { resultEvents += 1 }
        }
        try add(realm, "a", 1)
        try realm.write(withoutNotifying: [resultsToken]) { realm.add(Dog(value: ["name": "b"])) }
        try add(realm, "c", 1)
        XCTAssertEqual(realmEvents, 3)
        XCTAssertEqual(resultEvents, 2, "the silenced write is skipped, the next one reported")
        realmToken.invalidate()
        resultsToken.invalidate()
        try add(realm, "d", 1)
        XCTAssertEqual(realmEvents, 3)
        XCTAssertEqual(resultEvents, 2)
    }

    func testAnotherInstanceSeesChangesOnRefresh() throws {
        let id = "notify-refresh-\(UUID())"
        let config = Realm.Configuration(inMemoryIdentifier: id, objectTypes: [Dog.self, Person.self])
        let reader = try Realm(configuration: config)
        var inserted: [Int] = []
        let token = reader.objects(Dog.self).observe { change in
            if case .update(_, _, let i, _) = change { inserted += i }
        }
        defer { token.invalidate() }
        try onAnotherThread {
            let writer = try Realm(configuration: config)
            try writer.write { writer.add(Dog(value: ["name": "x", "age": 1])) }
            try writer.write { writer.add(Dog(value: ["name": "y", "age": 1])) }
        }
        XCTAssertEqual(inserted, [], "a thread-confined realm advances when it refreshes")
        XCTAssertTrue(reader.refresh())
        XCTAssertEqual(inserted, [0, 1])
    }

    /// Applying deletions, then insertions, then modifications to the previous contents gives
    /// the new contents, over random transactions with a sorted and filtered result.
    func testChangeSetsTransformOldContentsIntoNew() throws {
        let realm = try makeRealm()
        var generator = SystemRandomNumberGenerator()
        let results = realm.objects(Dog.self).filter("age < 50").sorted(byKeyPath: "age")
        var mirror: [(key: String, age: Int)] = []
        var failures = 0
        let token = results.observe { change in
            switch change {
            case .initial(let r): mirror = r.map { ($0.name, $0.age) }
            case .update(let r, let deletions, let insertions, let modifications):
                for d in deletions.reversed() { mirror.remove(at: d) }
                for i in insertions { mirror.insert((r[i].name, r[i].age), at: i) }
                for m in modifications { mirror[m] = (r[m].name, r[m].age) }
                if mirror.map(\.key) != r.map(\.name) || mirror.map(\.age) != r.map(\.age) { failures += 1 }
            case .error: failures += 1
            }
        }
        defer { token.invalidate() }
        var next = 0
        for _ in 0..<60 {
            try realm.write {
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let all = realm.objects(Dog.self)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0:
                        next += 1
                        realm.add(Dog(value: ["name": "d\(next)", "age": Int.random(in: 0..<60, using: &generator)]))
                    case 1 where !all.isEmpty:
                        all[Int.random(in: 0..<all.count, using: &generator)].age = Int.random(in: 0..<60, using: &generator)
                    case 2 where !all.isEmpty:
                        realm.delete(all[Int.random(in: 0..<all.count, using: &generator)])
                    default: break
                    }
                }
            }
        }
        XCTAssertEqual(failures, 0)
        XCTAssertEqual(mirror.map(\.key), results.map(\.name))
    }

    func testAsyncSequenceOfChanges() async throws {
        let config = Realm.Configuration(inMemoryIdentifier: "notify-async-\(UUID())", objectTypes: [Dog.self, Person.self])
        let observer = SequenceObserver()
        let first = try await observer.firstTwo(config)
        XCTAssertEqual(first, ["initial 0", "update [0] 1"])
    }
}

actor SequenceObserver {
    func firstTwo(_ config: Realm.Configuration) async throws -> [String] {
        let realm = try await Realm(configuration: config, actor: self)
        var seen: [String] = []
        let stream = realm.objects(Dog.self).changes
        var iterator = stream.makeAsyncIterator()
        if case .initial(let r)? = await iterator.next() { seen.append("initial \(r.count)") }
        try await realm.asyncWrite { realm.add(Dog(value: ["name": "seq"])) }
        if case .update(let r, _, let i, _)? = await iterator.next() { seen.append("update \(i) \(r.count)") }
        return seen
    }
}
