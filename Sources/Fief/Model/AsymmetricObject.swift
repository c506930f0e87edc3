/// An object type for data ingest: objects a device writes, uploads to the server with
/// flexible sync, and never reads, keeps or downloads.
///
/// Declare it like an ``Object``, with a primary key (required), and write its objects with
/// ``Realm/create(_:value:)``. They can be used only in a realm opened with a flexible sync
/// configuration; they cannot be read, queried, observed or subscribed to, and no other class
/// can link to them (they may hold embedded objects, and links to top-level objects).
///
/// ```swift
/// class Reading: AsymmetricObject {
///     @Persisted(primaryKey: true) var _id: ObjectId
///     @Persisted var sensor = ""
///     @Persisted var value = 0.0
/// }
///
/// try realm.write {
///     realm.create(Reading.self, value: ["_id": ObjectId.generate(), "sensor": "t1", "value": 21.5])
/// }
/// ```
///
/// The write stays in the file's sync history until the server acknowledges it, so it
/// survives a crash before upload; the object itself is never kept in the realm's tables.
open class AsymmetricObject: ObjectBase {
    public required init() { super.init() }
}
