import Fief
import Foundation

// The models of the seeds (003: Dog and Person) plus types covering every property kind.

final class Dog: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var breed: String?
    @Persisted var owner: Person?
    @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
}

final class Person: Object {
    @Persisted var name = ""
    @Persisted var dogs: List<Dog>
}

final class Settings: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var showToolbar = true
    @Persisted var linesShown = 5
}

final class Todo: Object {
    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted var name = ""
    @Persisted var owner = ""
    @Persisted var status = ""
}

enum Mood: String, PersistableEnum { case calm, excited }

final class Address: EmbeddedObject {
    @Persisted var street = ""
    @Persisted var city = ""
}

final class Contact: Object {
    @Persisted(primaryKey: true) var email = ""
    @Persisted(indexed: true) var name = ""
    @Persisted var address: Address?
}

final class AllTypes: Object {
    @Persisted(primaryKey: true) var id: UUID
    @Persisted var bool = false
    @Persisted var int = 0
    @Persisted var int8: Int8 = 0
    @Persisted var int16: Int16 = 0
    @Persisted var int32: Int32 = 0
    @Persisted var int64: Int64 = 0
    @Persisted var float: Float = 0
    @Persisted var double = 0.0
    @Persisted var string = ""
    @Persisted var data = Data()
    @Persisted var date = Date(timeIntervalSince1970: 0)
    @Persisted var decimal: Decimal128 = 0
    @Persisted var objectId: ObjectId
    @Persisted var optionalInt: Int?
    @Persisted var optionalString: String?
    @Persisted var optionalDate: Date?
    @Persisted var mood = Mood.calm
    @Persisted var any: AnyRealmValue
    @Persisted var ints: List<Int>
    @Persisted var tags: MutableSet<String>
    @Persisted var counts: Map<String, Int>
}

/// A fresh temporary directory per test.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fief-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
