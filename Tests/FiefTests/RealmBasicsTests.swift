import Fief
import Foundation
import XCTest

final class RealmBasicsTests: XCTestCase {
    var directory: URL!

    override func setUp() { directory = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    func configuration(_ types: [ObjectBase.Type] = [Dog.self, Person.self]) -> Realm.Configuration {
        Realm.Configuration(fileURL: directory.appendingPathComponent("test.realm"), objectTypes: types)
    }

    func testAddQueryAndReopen() throws {
        do {
            let realm = try Realm(configuration: configuration())
            let bob = Person()
            bob.name = "Bob"
            let fido = Dog()
            fido.name = "Fido"
            fido.age = 3
            fido.owner = bob
            try realm.write {
                realm.add(fido)
                bob.dogs.append(fido)
            }
            XCTAssertEqual(fido.realm === realm, true)
            XCTAssertEqual(realm.objects(Dog.self).count, 1)
            XCTAssertEqual(realm.objects(Person.self).count, 1)
            XCTAssertEqual(fido.owner?.name, "Bob")
            XCTAssertEqual(bob.dogs.count, 1)
            XCTAssertEqual(bob.dogs[0].name, "Fido")
            XCTAssertEqual(fido.owners.count, 1)
        }
        let realm = try Realm(configuration: configuration())
        let dogs = realm.objects(Dog.self)
        XCTAssertEqual(dogs.count, 1)
        XCTAssertEqual(dogs[0].name, "Fido")
        XCTAssertEqual(dogs[0].owner?.name, "Bob")
        XCTAssertEqual(dogs.filter("age > 2").count, 1)
        XCTAssertEqual(dogs.filter("age > 3").count, 0)
        XCTAssertEqual(dogs.filter("owner.name == 'Bob'").count, 1)
        XCTAssertEqual(dogs.where { $0.age > 2 && $0.name.starts(with: "F") }.count, 1)
        XCTAssertEqual(realm.objects(Person.self).filter("ANY dogs.name == 'Fido'").count, 1)
    }
}
