import Fief
import Foundation

/// The simulator's models: a class with a primary key and every kind of property, a class
/// without one (global keys), and an embedded class.
final class SimItem: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var title = ""
    @Persisted var count = 0
    @Persisted var score = 0.0
    @Persisted var ratio: Float = 0
    @Persisted var flag = false
    @Persisted var when: Date?
    @Persisted var blob: Data?
    @Persisted var oid: ObjectId?
    @Persisted var uid: UUID?
    @Persisted var amount: Decimal128?
    @Persisted var tags: List<String>
    @Persisted var notes: List<SimNote>
    @Persisted var labels: MutableSet<String>
    @Persisted var attrs: Map<String, Int>
    @Persisted var bag: MutableSet<AnyRealmValue>
    @Persisted var buddy: SimItem?
    @Persisted var address: SimAddress?
    @Persisted var stops: List<SimAddress>
}

final class SimNote: Object {
    @Persisted var text = ""
    @Persisted var rank = 0
}

final class SimAddress: EmbeddedObject {
    @Persisted var city = ""
    @Persisted var zip = 0
}
