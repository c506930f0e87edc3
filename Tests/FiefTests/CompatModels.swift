import Fief
import Foundation

// Models of the RealmSwift-compatibility tests (AnyRealmValueTests, RealmCollectionTests...).

final class MixedHolder: Object {
    @Persisted var name = ""
    @Persisted var value: AnyRealmValue
    @Persisted var values: List<AnyRealmValue>
    @Persisted var byKey: Map<String, AnyRealmValue>
}

let mixedTypes: [ObjectBase.Type] = [MixedHolder.self, QOwner.self, QPet.self]
