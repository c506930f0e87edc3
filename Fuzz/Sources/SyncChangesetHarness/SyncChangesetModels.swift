import Fief
import Foundation

// The models of the `fuzz-sync-changeset` realm: every property kind a sync changeset can reach.
// Classes with an Int, a String and an ObjectId primary key and one without a primary key
// (global keys); every scalar type, optionals, a mixed value; lists, sets and maps of scalars,
// of links and of embedded objects; to-one links; embedded objects inside embedded objects;
// backlinks. Names start with "SC" because model classes are process-global.

/// An embedded address: reached through `SCPerson.address`, `.addresses`, `.places` and
/// `SCNote.where`; holds an embedded `SCGeo` and a link out.
public final class SCAddress: EmbeddedObject {
    @Persisted public var city = ""
    @Persisted public var zip: Int?
    @Persisted public var geo: SCGeo?
    @Persisted public var tags: List<String>
    @Persisted public var resident: SCPerson?
}

/// An embedded object inside an embedded object.
public final class SCGeo: EmbeddedObject {
    @Persisted public var lat = 0.0
    @Persisted public var lon = 0.0
}

/// A class with an Int primary key and a property of every kind.
public final class SCPerson: Object {
    @Persisted(primaryKey: true) public var id = 0
    @Persisted(indexed: true) public var name = ""
    @Persisted public var age = 0
    @Persisted public var flag = false
    @Persisted public var float: Float = 0
    @Persisted public var score = 0.0
    @Persisted public var data = Data()
    @Persisted public var date = Date(timeIntervalSince1970: 0)
    @Persisted public var decimal: Decimal128 = 0
    @Persisted public var objectId = ObjectId()
    @Persisted public var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    @Persisted public var optInt: Int?
    @Persisted public var optString: String?
    @Persisted public var optDouble: Double?
    @Persisted public var optDate: Date?
    @Persisted public var mixed: AnyRealmValue
    @Persisted public var best: SCPerson?
    @Persisted public var pet: SCDog?
    @Persisted public var friends: List<SCPerson>
    @Persisted public var numbers: List<Int>
    @Persisted public var optStrings: List<String?>
    @Persisted public var tags: MutableSet<String>
    @Persisted public var dogs: MutableSet<SCDog>
    @Persisted public var scores: Map<String, Int>
    @Persisted public var pets: Map<String, SCDog?>
    @Persisted public var address: SCAddress?
    @Persisted public var addresses: List<SCAddress>
    @Persisted public var places: Map<String, SCAddress?>
    @Persisted(originProperty: "owner") public var ownedDogs: LinkingObjects<SCDog>
}

/// A class without a primary key: its objects are named by global keys.
public final class SCDog: Object {
    @Persisted public var name = ""
    @Persisted public var age: Int?
    @Persisted public var owner: SCPerson?
    @Persisted public var toys: List<String>
    @Persisted public var tag: SCTag?
}

/// A class with a String primary key.
public final class SCTag: Object {
    @Persisted(primaryKey: true) public var label = ""
    @Persisted public var count = 0
    @Persisted public var weights: List<Double>
    @Persisted public var aliases: MutableSet<Int>
}

/// A class with an ObjectId primary key, an embedded object and a map of mixed values.
public final class SCNote: Object {
    @Persisted(primaryKey: true) public var id = ObjectId()
    @Persisted public var text: String?
    @Persisted public var `where`: SCAddress?
    @Persisted public var extras: Map<String, AnyRealmValue>
    @Persisted public var mixedList: List<AnyRealmValue>
}

/// A class with a UUID primary key and an optional Int.
public final class SCToken: Object {
    @Persisted(primaryKey: true) public var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    @Persisted public var uses: Int?
}

/// Every model class of the harness, for `Realm.Configuration(objectTypes:)`.
public var syncChangesetHarnessTypes: [ObjectBase.Type] {
    [SCPerson.self, SCDog.self, SCTag.self, SCNote.self, SCToken.self, SCAddress.self, SCGeo.self]
}
