import Fief
import Foundation

/// Realm files for the CLI tests, written through the Fief API as an app would write them.
enum CLIFixture {
    /// The model classes of the fixture realm.
    static let types: [ObjectBase.Type] = [CLIPerson.self, CLIPet.self, CLIAddress.self, CLICounter.self]

    /// Creates the fixture realm at `path` (schema version 3) and closes it: 3 people, 4 pets
    /// (a fifth was deleted, leaving a gap in the object keys), 2 counters.
    static func makeRealm(at path: String, encryptionKey: Data? = nil) throws {
        var configuration = Realm.Configuration(fileURL: URL(fileURLWithPath: path), schemaVersion: 3, objectTypes: types)
        configuration.encryptionKey = encryptionKey
        let realm = try Realm(configuration: configuration)
        try realm.write {
            let pets = ["Rex", "Gone", "Fido", "Tom", "Lassie"].enumerated().map { i, name in
                realm.create(CLIPet.self, value: ["name": name, "age": i + 1])
            }
            realm.delete(pets[1])
            let ann = CLIPerson(value: ["id": "ann", "name": "Ann", "age": 34])
            ann.born = Date(timeIntervalSince1970: 1_700_000_000.125)
            ann.photo = Data([0, 1, 2, 255])
            ann.balance = Decimal128(string: "1234.5678")!
            ann.token = try ObjectId(string: "65f1c0ffee0123456789abcd")
            ann.uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
            ann.height = 1.7
            ann.weight = 61.25
            ann.tags.insert("b")
            ann.tags.insert("a")
            ann.scores["math"] = 9
            ann.scores["art"] = 7
            ann.extra = .date(Date(timeIntervalSinceReferenceDate: 12.5))
            ann.address = CLIAddress(value: ["street": "1 Main St", "city": "Springfield", "lines": ["Apt 2", "Floor 3"]])
            ann.pets.append(pets[0])
            ann.pets.append(pets[4])
            ann.favorite = pets[4]
            realm.add(ann)
            let bob = CLIPerson(value: ["id": "bob", "name": "Bob \"the\" Builder\nSr.", "age": 5])
            bob.weight = .infinity
            bob.extra = .double(.nan)
            bob.pets.append(pets[2])
            realm.add(bob)
            realm.add(CLIPerson(value: ["id": "cy", "name": "Cy", "age": 71, "extra": AnyRealmValue.string("x")]))
            pets[0].owner = ann
            pets[0].friends.append(pets[4])
            pets[4].friends.append(pets[0])
            pets[4].friends.append(pets[3])
            pets[3].owner = bob
            realm.add(CLICounter(value: ["id": -5, "value": 1]))
            realm.add(CLICounter(value: ["id": 7, "value": 2]))
        }
    }
}
