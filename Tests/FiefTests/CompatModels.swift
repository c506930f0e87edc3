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

/// Backlinks declared in RealmSwift's older style, inside `@Persisted`.
final class OldStylePet: Object {
    @Persisted var name = ""
    @Persisted var owners = LinkingObjects(fromType: OldStyleOwner.self, property: "pets")
}

final class OldStyleOwner: Object {
    @Persisted var name = ""
    @Persisted var pets: List<OldStylePet>
}
