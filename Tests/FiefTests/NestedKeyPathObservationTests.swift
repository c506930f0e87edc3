import Fief
import Foundation
import XCTest

/// Key paths through links and lists (`"owner.name"`, `"dogs.age"`) in object and collection
/// observations: a change of that property of a linked object is reported, a change of
/// another property of it is not.
final class NestedKeyPathObservationTests: XCTestCase {
    private var realm: Realm!

    override func setUp() {
        super.setUp()
        realm = try! Realm(configuration: Realm.Configuration(inMemoryIdentifier: "nested-\(UUID().uuidString)",
                                                            objectTypes: [Dog.self, Person.self]))
    }

    override func tearDown() {
        realm = nil
        super.tearDown()
    }

    func testAnObjectHearsOfItsLinkedObjectsProperty() throws {
        let (ann, rex) = try realm.write { () -> (Person, Dog) in
            let ann = realm.create(Person.self, value: ["name": "Ann"])
            return (ann, realm.create(Dog.self, value: ["name": "Rex", "owner": ann]))
        }
        var reports: [String] = []
        let token = rex.observe(keyPaths: ["owner.name"]) { change in
            if case .change(_, let properties) = change {
                reports.append(properties.map { "\($0.name) old=\($0.oldValue == nil ? "nil" : "set")" }.joined())
            }
        }
        try realm.write { ann.name = "Anna" }
        XCTAssertEqual(reports, ["owner old=nil"])
        try realm.write { ann.dogs.append(rex) }   // another property of the owner
        try realm.write { rex.age = 3 }            // a property not observed
        XCTAssertEqual(reports, ["owner old=nil"])
        let bob = try realm.write { realm.create(Person.self, value: ["name": "Bob"]) }
        try realm.write { rex.owner = bob }        // the link itself
        XCTAssertEqual(reports, ["owner old=nil", "owner old=set"])
        try realm.write { ann.name = "Ann" }       // the old owner no longer counts
        try realm.write { bob.name = "Robert" }
        XCTAssertEqual(reports, ["owner old=nil", "owner old=set", "owner old=nil"])
        token.invalidate()
    }

    func testAnObjectHearsOfPropertiesOfObjectsInItsList() throws {
        let (ann, rex) = try realm.write { () -> (Person, Dog) in
            let rex = realm.create(Dog.self, value: ["name": "Rex"])
            return (realm.create(Person.self, value: ["name": "Ann", "dogs": [rex]]), rex)
        }
        var reports: [[String]] = []
        let token = ann.observe(keyPaths: ["dogs.age"]) { change in
            if case .change(_, let properties) = change { reports.append(properties.map(\.name)) }
        }
        try realm.write { rex.age = 4 }
        try realm.write { rex.name = "Max" }       // not observed
        try realm.write { ann.name = "Anna" }      // not observed
        XCTAssertEqual(reports, [["dogs"]])
        try realm.write { ann.dogs.append(realm.create(Dog.self, value: ["name": "Fido"])) }
        XCTAssertEqual(reports, [["dogs"], ["dogs"]])
        token.invalidate()
    }

    func testTopLevelAndNestedKeyPathsTogether() throws {
        let (ann, rex) = try realm.write { () -> (Person, Dog) in
            let ann = realm.create(Person.self, value: ["name": "Ann"])
            return (ann, realm.create(Dog.self, value: ["name": "Rex", "owner": ann]))
        }
        var reports: [[String]] = []
        let token = rex.observe(keyPaths: ["name", "owner.name"]) { change in
            if case .change(_, let properties) = change { reports.append(properties.map(\.name).sorted()) }
        }
        try realm.write {
            rex.name = "Max"
            ann.name = "Anna"
        }
        XCTAssertEqual(reports, [["name", "owner"]])
        token.invalidate()
    }

    func testResultsAndListsReportObjectsWhoseLinkedObjectsChanged() throws {
        let (ann, rex) = try realm.write { () -> (Person, Dog) in
            let ann = realm.create(Person.self, value: ["name": "Ann"])
            let rex = realm.create(Dog.self, value: ["name": "Rex", "owner": ann])
            realm.create(Dog.self, value: ["name": "Fido"])
            ann.dogs.append(rex)
            return (ann, rex)
        }
        var resultsModifications: [[Int]] = []
        let results = realm.objects(Dog.self).sorted(byKeyPath: "name").observe(keyPaths: ["owner.name"]) { change in
            if case .update(_, _, _, let modifications) = change { resultsModifications.append(modifications) }
        }
        var listModifications: [[Int]] = []
        let list = ann.dogs.observe(keyPaths: ["owner.name"]) { change in
            if case .update(_, _, _, let modifications) = change { listModifications.append(modifications) }
        }
        try realm.write { ann.name = "Anna" }
        try realm.write { rex.age = 2 }   // not observed
        XCTAssertEqual(resultsModifications, [[1]])
        XCTAssertEqual(listModifications, [[0]])
        results.invalidate()
        list.invalidate()
    }
}
