import Fief
import Foundation
import XCTest

/// `value(forKey:)`, `setValue(_:forKey:)`, `setValuesForKeys`, `sharedSchema()` and
/// `objectSchema`, as RealmSwift objects have them.
final class KeyValueCodingTests: XCTestCase {
    func testUnmanagedObjects() {
        let dog = Dog()
        dog.setValue("Rex", forKey: "name")
        dog.setValuesForKeys(["age": 3, "breed": "Collie"])
        XCTAssertEqual(dog.value(forKey: "name") as? String, "Rex")
        XCTAssertEqual(dog.value(forKey: "age") as? Int, 3)
        XCTAssertEqual(dog.breed, "Collie")
        XCTAssertNil(dog.value(forKeyPath: "owner.name"))
    }

    func testManagedObjectsAndKeyPaths() throws {
        let realm = try Realm(configuration: memoryConfiguration([Dog.self, Person.self]))
        let dog = try realm.write {
            realm.create(Dog.self, value: ["name": "Rex", "owner": ["name": "Ann"]])
        }
        XCTAssertEqual(dog.value(forKeyPath: "owner.name") as? String, "Ann")
        try realm.write {
            dog.setValue(5, forKey: "age")
            dog.setValuesForKeys(["breed": "Beagle", "name": "Max"])
        }
        XCTAssertEqual(dog.age, 5)
        XCTAssertEqual(dog.value(forKey: "breed") as? String, "Beagle")
        XCTAssertEqual(realm.objects(Dog.self).first?.name, "Max")
    }

    func testSchemaReflection() {
        XCTAssertEqual(Dog.sharedSchema()?.className, "Dog")
        XCTAssertEqual(Dog.sharedSchema()?.properties.map(\.name), ["name", "age", "breed", "owner", "owners"])
        XCTAssertNil(Object.sharedSchema())
        XCTAssertEqual(Settings().objectSchema.primaryKeyProperty?.name, "id")
    }
}
