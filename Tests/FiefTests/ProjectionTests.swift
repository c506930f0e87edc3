import Fief
import Foundation
import XCTest

final class ProjAddress: EmbeddedObject {
    @Persisted var city = ""
    @Persisted var zip = ""
}

final class ProjDog: Object {
    @Persisted var name = ""
    @Persisted var age = 0
}

final class ProjPerson: Object {
    @Persisted var firstName = ""
    @Persisted var lastName = ""
    @Persisted var age = 0
    @Persisted var address: ProjAddress?
    @Persisted var bestFriend: ProjPerson?
    @Persisted var dogs: List<ProjDog>
    @Persisted var toys: MutableSet<ProjDog>
}

final class ProjPersonCard: Projection<ProjPerson> {
    @Projected(\ProjPerson.firstName) var name
    @Projected(\ProjPerson.lastName.localizedUppercase) var lastNameCaps
    @Projected(\ProjPerson.address?.city) var city
    @Projected(\ProjPerson.bestFriend?.firstName) var friendName
    @Projected(\ProjPerson.dogs.projectTo.name) var dogNames: ProjectedCollection<String>
    @Projected(\ProjPerson.toys.projectTo.age) var toyAges: ProjectedCollection<Int>
}

/// Another projection of the same class.
class ProjPersonAgeCard: Projection<ProjPerson> {
    @Projected(\ProjPerson.age) var years
    @Projected(\ProjPerson.firstName) var name
}

/// A subclass adds its properties to its superclass's.
final class ProjPersonAgeSurnameCard: ProjPersonAgeCard {
    @Projected(\ProjPerson.lastName) var surname
}

final class ProjectionTests: XCTestCase {
    func makeRealm() throws -> Realm {
        try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "projection-\(UUID())",
                                                     objectTypes: [ProjPerson.self, ProjDog.self, ProjAddress.self]))
    }

    /// Jon Snow (Winterfell, dogs Ghost and Nymeria, best friend Sam) and Sam Tarly.
    @discardableResult
    func populate(_ realm: Realm) throws -> ProjPerson {
        let jon = ProjPerson(value: ["firstName": "Jon", "lastName": "Snow", "age": 20])
        jon.address = ProjAddress(value: ["city": "Winterfell", "zip": "1"])
        jon.dogs.append(ProjDog(value: ["name": "Ghost", "age": 3]))
        jon.dogs.append(ProjDog(value: ["name": "Nymeria", "age": 4]))
        jon.toys.insert(ProjDog(value: ["name": "Lady", "age": 5]))
        let sam = ProjPerson(value: ["firstName": "Sam", "lastName": "Tarly", "age": 22])
        jon.bestFriend = sam
        try realm.write {
            realm.add(jon)
            realm.add(sam)
        }
        return jon
    }

    func testReadsThroughPropertiesLinksAndComputedKeyPaths() throws {
        let realm = try makeRealm()
        let jon = try populate(realm)
        let card = ProjPersonCard(projecting: jon)
        XCTAssertEqual(card.name, "Jon")
        XCTAssertEqual(card.lastNameCaps, "SNOW")
        XCTAssertEqual(card.city, "Winterfell")
        XCTAssertEqual(card.friendName, "Sam")
        XCTAssertEqual(Array(card.dogNames), ["Ghost", "Nymeria"])
        XCTAssertEqual(Array(card.toyAges), [5])
        XCTAssertTrue(card.rootObject === jon)
        XCTAssertTrue(card.realm === realm)
        XCTAssertFalse(card.isInvalidated)
        XCTAssertFalse(card.isFrozen)
    }

    func testWritesGoToTheRootObject() throws {
        let realm = try makeRealm()
        let jon = try populate(realm)
        let card = ProjPersonCard(projecting: jon)
        try realm.write {
            card.name = "Aegon"
            card.dogNames[1] = "Nym"
        }
        XCTAssertEqual(jon.firstName, "Aegon")
        XCTAssertEqual(jon.dogs[1].name, "Nym")
        XCTAssertEqual(realm.objects(ProjPerson.self).filter("firstName == 'Aegon'").count, 1)
        // Writes outside a transaction trap, as the root's do; unmanaged projections write freely.
        let loose = ProjPersonAgeCard(projecting: ProjPerson())
        loose.years = 7
        XCTAssertEqual(loose.rootObject.age, 7)
    }

    func testProjectedCollectionIsLive() throws {
        let realm = try makeRealm()
        let jon = try populate(realm)
        let names = ProjPersonCard(projecting: jon).dogNames
        XCTAssertEqual(names.count, 2)
        try realm.write { jon.dogs.append(ProjDog(value: ["name": "Summer", "age": 1])) }
        XCTAssertEqual(Array(names), ["Ghost", "Nymeria", "Summer"])
        XCTAssertEqual(names.index(of: "Summer"), 2)
        XCTAssertNil(names.index(of: "Shaggydog"))
        XCTAssertEqual(names.index(matching: "age > %@", 3), 1)
        XCTAssertTrue(names.realm === realm)
        XCTAssertTrue(names.description.contains("[2] Summer"))
        let frozen = names.freeze()
        try realm.write { jon.dogs.removeAll() }
        XCTAssertTrue(frozen.isFrozen)
        XCTAssertEqual(frozen.count, 3)
        XCTAssertEqual(names.count, 0)
        XCTAssertEqual(frozen.thaw()?.count, 0)
    }

    func testProjectedCollectionObserve() throws {
        let realm = try makeRealm()
        let jon = try populate(realm)
        var seen: [String] = []
        let token = ProjPersonCard(projecting: jon).dogNames.observe { change in
            switch change {
            case .initial(let names): seen.append("initial \(Array(names))")
            case .update(let names, let d, let i, let m): seen.append("\(d) \(i) \(m) \(Array(names))")
            case .error(let error): seen.append("error \(error)")
            }
        }
        defer { token.invalidate() }
        try realm.write { jon.dogs.append(ProjDog(value: ["name": "Summer", "age": 1])) }
        try realm.write { jon.dogs[0].name = "Ghost II" }
        XCTAssertEqual(seen, ["initial [\"Ghost\", \"Nymeria\"]",
                              "[] [2] [] [\"Ghost\", \"Nymeria\", \"Summer\"]",
                              "[] [] [0] [\"Ghost II\", \"Nymeria\", \"Summer\"]"])
    }

    func testResultsOfProjectionsFilterAndSortByRootProperties() throws {
        let realm = try makeRealm()
        try populate(realm)
        let all = realm.objects(ProjPersonCard.self)
        XCTAssertEqual(all.count, 2)
        let snow = all.filter("lastName == %@", "Snow")
        XCTAssertEqual(snow.count, 1)
        XCTAssertEqual(snow.first?.name, "Jon")
        XCTAssertEqual(all.sorted(byKeyPath: "age", ascending: false).map(\.name), ["Sam", "Jon"])
        // A key path of the projection sorts by the root property it reads.
        XCTAssertEqual(all.sorted(by: \ProjPersonCard.name, ascending: false).map(\.name), ["Sam", "Jon"])
        XCTAssertEqual(realm.objects(ProjPersonAgeCard.self).sorted(by: \.years, ascending: false).map(\.name), ["Sam", "Jon"])
        XCTAssertEqual(all.index(of: snow.first!), all.firstIndex { $0.name == "Jon" })
        // Live: a new person shows up.
        try realm.write { realm.add(ProjPerson(value: ["firstName": "Arya", "lastName": "Stark"])) }
        XCTAssertEqual(all.count, 3)
        XCTAssertEqual(ProjPersonCard.className(), "ProjPerson")
    }

    func testResultsOfProjectionsObserve() throws {
        let realm = try makeRealm()
        try populate(realm)
        var seen: [String] = []
        let token = realm.objects(ProjPersonCard.self).sorted(byKeyPath: "firstName").observe { change in
            if case .update(let cards, let d, let i, let m) = change { seen.append("\(d) \(i) \(m) \(cards.map(\.name))") }
        }
        defer { token.invalidate() }
        try realm.write { realm.add(ProjPerson(value: ["firstName": "Arya"])) }
        XCTAssertEqual(seen, ["[] [0] [] [\"Arya\", \"Jon\", \"Sam\"]"])
    }

    func testEqualityHashingAndDescription() throws {
        let realm = try makeRealm()
        let jon = try populate(realm)
        let a = ProjPersonCard(projecting: jon)
        let b = realm.objects(ProjPersonCard.self).filter("firstName == 'Jon'").first!
        let sam = realm.objects(ProjPersonCard.self).filter("firstName == 'Sam'").first!
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, sam)
        XCTAssertEqual(Set([a, b, sam]).count, 2)
        XCTAssertTrue(a.description.contains("name(\\.firstName) = Jon;"), a.description)
        XCTAssertTrue(a.description.hasPrefix("ProjPersonCard<ProjPerson>"), a.description)
    }

    func testSubclassKeepsSuperclassProperties() throws {
        let realm = try makeRealm()
        try populate(realm)
        let card = realm.objects(ProjPersonAgeSurnameCard.self).filter("firstName == 'Jon'").first!
        XCTAssertEqual(card.years, 20)
        XCTAssertEqual(card.surname, "Snow")
        XCTAssertEqual(card.description, "ProjPersonAgeSurnameCard<ProjPerson> {\n\tyears(\\.age) = 20;\n\tname(\\.firstName) = Jon;\n\tsurname(\\.lastName) = Snow;\n}")
        var names: [[String]] = []
        let token = card.observe { change in
            if case .change(_, let properties) = change { names.append(properties.map(\.name)) }
        }
        defer { token.invalidate() }
        try realm.write { card.surname = "Stark"; card.years = 21 }
        XCTAssertEqual(names, [["years", "surname"]])
    }

    func testFreezeAndThaw() throws {
        let realm = try makeRealm()
        let jon = try populate(realm)
        let frozen = ProjPersonCard(projecting: jon).freeze()
        XCTAssertTrue(frozen.isFrozen)
        try realm.write { jon.firstName = "Aegon" }
        XCTAssertEqual(frozen.name, "Jon")
        let thawed = try XCTUnwrap(frozen.thaw())
        XCTAssertFalse(thawed.isFrozen)
        XCTAssertEqual(thawed.name, "Aegon")
        try realm.write { realm.delete(jon) }
        XCTAssertNil(frozen.thaw())
    }

    func testObserveReportsProjectedNamesWithOldAndNewValues() throws {
        let realm = try makeRealm()
        let jon = try populate(realm)
        let card = ProjPersonCard(projecting: jon)
        var seen: [String] = []
        let token = card.observe { change in
            switch change {
            case .change(let c, let properties):
                XCTAssertTrue(c === card)
                seen.append(properties.map { "\($0.name): \(($0.oldValue as? String) ?? "nil") -> \(($0.newValue as? String) ?? "nil")" }
                    .joined(separator: ", "))
            case .deleted: seen.append("deleted")
            case .error(let error): seen.append("error \(error)")
            }
        }
        defer { token.invalidate() }
        try realm.write { jon.firstName = "Aegon" }
        try realm.write { jon.age = 30 }                           // not projected: no call
        try realm.write { jon.address?.city = "Dragonstone" }      // through the embedded object
        try realm.write { jon.bestFriend?.firstName = "Samwell" }  // through a link
        try realm.write { realm.delete(jon) }
        XCTAssertEqual(seen, ["name: Jon -> Aegon",
                              "city: Winterfell -> Dragonstone",
                              "friendName: Sam -> Samwell",
                              "deleted"])
    }

    func testObserveWithKeyPathsFilters() throws {
        let realm = try makeRealm()
        let jon = try populate(realm)
        let card = ProjPersonCard(projecting: jon)
        var names: [[String]] = []
        let byRoot = card.observe(keyPaths: ["lastName"]) { change in
            if case .change(_, let properties) = change { names.append(properties.map(\.name)) }
        }
        var typed: [[String]] = []
        let byProjection = card.observe(keyPaths: [\ProjPersonCard.dogNames]) { change in
            if case .change(_, let properties) = change { typed.append(properties.map(\.name)) }
        }
        defer { byRoot.invalidate(); byProjection.invalidate() }
        try realm.write { jon.firstName = "Aegon" }
        try realm.write { jon.lastName = "Targaryen" }
        try realm.write { jon.dogs[0].name = "Ghost II" }
        try realm.write { jon.dogs[0].age = 9 }                   // the dogs' names only
        XCTAssertEqual(names, [["lastNameCaps"]])
        XCTAssertEqual(typed, [["dogNames"]])
    }

    func testObserveOnAnotherActor() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = Realm.Configuration(fileURL: directory.appendingPathComponent("projection.realm"),
                                         objectTypes: [ProjPerson.self, ProjDog.self, ProjAddress.self])
        let writer = TestWriter()
        try await writer.open(config)
        try await writer.write { realm in realm.add(ProjPerson(value: ["firstName": "Jon", "age": 1])) }
        let card = try Self.firstCard(config)
        let collector = ChangeCollector()
        let token = try await card.observe(keyPaths: ["firstName"], on: collector) { collector, change in
            if case .change(let c, let properties) = change { collector.record("\(c.name) \(properties.map(\.name))") }
        }
        try await writer.write { realm in realm.objects(ProjPerson.self).first!.age = 2 }
        try await writer.write { realm in realm.objects(ProjPerson.self).first!.firstName = "Aegon" }
        let event = await collector.next()
        XCTAssertEqual(event, "Aegon [\"name\"]")
        token.invalidate()
    }

    /// A projection of the first person, read by a thread-confined realm.
    static func firstCard(_ config: Realm.Configuration) throws -> ProjPersonAgeCard {
        try Realm(configuration: config).objects(ProjPersonAgeCard.self).first!
    }
}
