// Collections are confined like the objects that hold them (RealmSwift's `RealmCollection` and
// `RealmKeyedCollection` are `ThreadConfined` too); their members are declared with the rest of
// each collection's lifecycle.
extension List: ThreadConfined {}
extension MutableSet: ThreadConfined {}
extension Map: ThreadConfined {}
extension LinkingObjects: ThreadConfined {}
extension AnyRealmCollection: ThreadConfined {}
