import Fief
import Foundation

enum CodableColor: String, PersistableEnum, Codable {
    case red, green, blue
}

final class CodablePerson: Object, Codable {
    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted var name: String
}

final class CodableAddress: EmbeddedObject, Codable {
    @Persisted var street: String
    @Persisted var city: String?
}

/// Every kind of property synthesized `Codable` reaches.
final class CodableAllTypes: Object, Codable {
    @Persisted var string: String
    @Persisted var int: Int
    @Persisted var int8: Int8
    @Persisted var int16: Int16
    @Persisted var int32: Int32
    @Persisted var int64: Int64
    @Persisted var float: Float
    @Persisted var double: Double
    @Persisted var bool: Bool
    @Persisted var date: Date
    @Persisted var data: Data
    @Persisted var decimal: Decimal128
    @Persisted var objectId: ObjectId
    @Persisted var uuid: UUID
    @Persisted var color: CodableColor

    @Persisted var stringOpt: String?
    @Persisted var intOpt: Int?
    @Persisted var dateOpt: Date?
    @Persisted var colorOpt: CodableColor?
    @Persisted var objectIdOpt: ObjectId?

    @Persisted var owner: CodablePerson?
    @Persisted var address: CodableAddress?

    @Persisted var tags: List<String>
    @Persisted var optionalInts: List<Int?>
    @Persisted var colors: List<CodableColor>
    @Persisted var scores: MutableSet<Int>
    @Persisted var ratings: Map<String, Double>
    @Persisted var friends: List<CodablePerson>
    @Persisted var addresses: List<CodableAddress>
    @Persisted var closeFriends: MutableSet<CodablePerson>
    @Persisted var peopleByRole: Map<String, CodablePerson?>

    var boxedInt = RealmProperty<Int?>()
    var legacyDouble = RealmOptional<Double>()
}

/// A class with backlinks, which stay out of its `Codable` form through its coding keys
/// (`LinkingObjects` is not `Codable`, as in RealmSwift), and a renamed key.
final class CodablePet: Object, Codable {
    @Persisted(primaryKey: true) var id: Int
    @Persisted var name: String
    @Persisted(originProperty: "pets") var owners: LinkingObjects<CodableOwner>

    enum CodingKeys: String, CodingKey {
        case id = "pet_id"
        case name
    }
}

final class CodableOwner: Object, Codable {
    @Persisted var name: String
    @Persisted var pets: List<CodablePet>
}

let codableTypes: [ObjectBase.Type] = [CodablePerson.self, CodableAddress.self, CodableAllTypes.self, CodablePet.self, CodableOwner.self,
                                       CodableCustomHolder.self]

/// A hand-written `encode(to:)` that passes a linked object straight to the encoder.
final class CodableCustomHolder: Object, Encodable {
    @Persisted var title: String
    @Persisted var owner: CodablePerson?

    enum CodingKeys: String, CodingKey { case title, owner }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(owner, forKey: .owner)
    }
}
