import Fief
import Foundation

// The models of the `fuzz-query-eval` realm: every property kind a query can reach (scalars of
// each type, optionals, an enum, a mixed value, lists, a set, maps, to-one and to-many links,
// embedded objects, backlinks). Names start with "QE" because model classes are process-global
// and the same files compile into the FiefTests test target.

/// A persisted enum (stored as its raw string).
public enum QEKind: String, PersistableEnum, Sendable {
    case plain, fancy, odd
}

/// An embedded address, reached through `QEItem.address`, `QEItem.addresses`, `QEOwner.home`.
public final class QEAddress: EmbeddedObject {
    @Persisted public var street = ""
    @Persisted public var city = ""
    @Persisted public var number: Int?
    @Persisted public var geo: QEGeo?
}

/// An embedded object inside an embedded object.
public final class QEGeo: EmbeddedObject {
    @Persisted public var lat = 0.0
    @Persisted public var lon = 0.0
}

/// The main queried class: scalars, collections and links of every kind.
public final class QEItem: Object {
    @Persisted(primaryKey: true) public var id = 0
    @Persisted(indexed: true) public var name = ""
    @Persisted public var bool = false
    @Persisted public var int = 0
    @Persisted public var int8: Int8 = 0
    @Persisted public var int16: Int16 = 0
    @Persisted public var int32: Int32 = 0
    @Persisted public var int64: Int64 = 0
    @Persisted public var float: Float = 0
    @Persisted public var double = 0.0
    @Persisted public var data = Data()
    @Persisted public var date = Date(timeIntervalSince1970: 0)
    @Persisted public var decimal: Decimal128 = 0
    @Persisted public var objectId = ObjectId()
    @Persisted public var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    @Persisted(indexed: true) public var group: Int?
    @Persisted public var optString: String?
    @Persisted public var optDouble: Double?
    @Persisted public var optDate: Date?
    @Persisted public var optBool: Bool?
    @Persisted public var kind = QEKind.plain
    @Persisted public var mixed: AnyRealmValue
    @Persisted public var ints: List<Int>
    @Persisted public var strings: List<String>
    @Persisted public var optDoubles: List<Double?>
    @Persisted public var tags: MutableSet<String>
    @Persisted public var counts: Map<String, Int>
    @Persisted public var friends: Map<String, QEItem?>
    @Persisted public var parent: QEItem?
    @Persisted public var children: List<QEItem>
    @Persisted public var address: QEAddress?
    @Persisted public var addresses: List<QEAddress>
    @Persisted(originProperty: "items") public var owners: LinkingObjects<QEOwner>
    @Persisted(originProperty: "parent") public var kids: LinkingObjects<QEItem>
}

/// Owners of items: a to-many link (with backlinks on the item), a to-one link, a map, a set.
public final class QEOwner: Object {
    @Persisted(primaryKey: true) public var id = 0
    @Persisted public var name = ""
    @Persisted public var age = 0
    @Persisted public var items: List<QEItem>
    @Persisted public var favorite: QEItem?
    @Persisted public var scores: Map<String, Int>
    @Persisted public var nicknames: MutableSet<String>
    @Persisted public var home: QEAddress?
    @Persisted public var dates: List<Date>
}

/// A class no other class links to, with only a string and an integer list.
public final class QETag: Object {
    @Persisted(primaryKey: true) public var id = 0
    @Persisted public var label = ""
    @Persisted public var weights: List<Int>
}
