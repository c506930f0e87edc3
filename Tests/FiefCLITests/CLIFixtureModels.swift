import Fief
import Foundation

// The models of the realm the CLI tests inspect: every property type, a primary key of each
// common kind, an embedded class, lists, sets, maps, mixed values, links in cycles and
// backlinks.

/// A person: a string primary key and one property of every scalar type.
final class CLIPerson: Object {
    override class func className() -> String { "Owner" }
    /// The primary key.
    @Persisted(primaryKey: true) var id = ""
    /// An indexed name.
    @Persisted(indexed: true) var name = ""
    /// Age in years.
    @Persisted var age = 0
    /// Birth date.
    @Persisted var born: Date?
    /// A photo.
    @Persisted var photo: Data?
    /// Money.
    @Persisted var balance: Decimal128 = 0
    /// An object id.
    @Persisted var token = ObjectId()
    /// A UUID.
    @Persisted var uuid: UUID?
    /// A float.
    @Persisted var height: Float = 0
    /// A double.
    @Persisted var weight = 0.0
    /// A set of strings.
    @Persisted var tags: MutableSet<String>
    /// A map of numbers.
    @Persisted var scores: Map<String, Int>
    /// A mixed value.
    @Persisted var extra: AnyRealmValue
    /// An embedded address.
    @Persisted var address: CLIAddress?
    /// A list of links to objects without a primary key.
    @Persisted var pets: List<CLIPet>
    /// A to-one link to an object without a primary key.
    @Persisted var favorite: CLIPet?
}

/// A pet: no primary key, links to its owner and (in cycles) to other pets.
final class CLIPet: Object {
    override class func className() -> String { "Pet" }
    /// The pet's name.
    @Persisted var name = ""
    /// Its age.
    @Persisted var age = 0
    /// A to-one link to an object with a primary key.
    @Persisted var owner: CLIPerson?
    /// Links among pets, forwards and backwards.
    @Persisted var friends: List<CLIPet>
    /// The people whose `pets` hold this pet.
    @Persisted(originProperty: "pets") var keepers: LinkingObjects<CLIPerson>
}

/// An address embedded in a person.
final class CLIAddress: EmbeddedObject {
    override class func className() -> String { "Home" }
    /// The street.
    @Persisted var street = ""
    /// The city.
    @Persisted var city = ""
    /// Extra lines.
    @Persisted var lines: List<String>
}

/// A counter with an int primary key (keys derived from it).
final class CLICounter: Object {
    override class func className() -> String { "Counter" }
    /// The primary key.
    @Persisted(primaryKey: true) var id = 0
    /// The count.
    @Persisted var value = 0
}
