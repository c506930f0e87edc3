import Foundation

/// The objects of one class of a dynamically opened realm matching a query (see
/// ``Realm/dynamicObjects(_:)``): lazy, live, and refined like ``Results``.
///
/// ```swift
/// let dogs = try realm.dynamicObjects("Dog").filtered("age > $0 SORT(name ASC) LIMIT(10)", 3)
/// for dog in dogs { print(dog["name"] ?? "-") }
/// ```
public struct DynamicResults: RandomAccessCollection, CustomStringConvertible {
    /// The typed machinery doing the work; its element type is never instantiated.
    private let results: Results<ObjectBase>
    private let binding: TableBinding

    init(results: Results<ObjectBase>, binding: TableBinding) {
        self.results = results
        self.binding = binding
    }

    /// The realm the objects come from.
    public var realm: Realm { results.sourceRealm }

    /// The class of the objects.
    public var className: String { binding.className }

    /// The schema of the objects' class.
    public var objectSchema: ObjectSchema { binding.schema }

    // MARK: Refining

    /// Results further filtered by a Realm Query Language predicate, with arguments as `$0`,
    /// `$1`... A trailing `SORT(...)`, `DISTINCT(...)` and `LIMIT(n)` apply too. A malformed
    /// query traps; use ``filtered(_:_:)`` for text typed by people.
    public func filter(_ predicateFormat: String, _ args: Any...) -> DynamicResults {
        do { return try filtering(predicateFormat, args) } catch { preconditionFailure("\(error)") }
    }

    /// Like ``filter(_:_:)``, but a malformed query throws ``RealmError/invalidQuery(_:)``
    /// (with line and column) and an unknown property
    /// ``RealmError/unknownProperty(className:property:)``.
    public func filtered(_ predicateFormat: String, _ args: Any...) throws -> DynamicResults {
        try filtering(predicateFormat, args)
    }

    private func filtering(_ format: String, _ args: [Any]) throws -> DynamicResults {
        DynamicResults(results: try results.filtering(format, args), binding: binding)
    }

    /// Results sorted by a property (or a key path through to-one links). Traps when the
    /// key path names no property; validate text typed by people with ``filtered(_:_:)``
    /// and `SORT(...)`.
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> DynamicResults {
        DynamicResults(results: results.sorted(byKeyPath: keyPath, ascending: ascending), binding: binding)
    }

    /// Results sorted by several properties in turn.
    public func sorted<S: Sequence>(by descriptors: S) -> DynamicResults where S.Element == SortDescriptor {
        DynamicResults(results: results.sorted(by: descriptors), binding: binding)
    }

    /// Results keeping only the first object for each distinct combination of the key paths.
    public func distinct<S: Sequence>(by keyPaths: S) -> DynamicResults where S.Element == String {
        DynamicResults(results: results.distinct(by: keyPaths), binding: binding)
    }

    // MARK: Reading with errors

    /// The matching objects now, in order. Where iterating and ``count`` trap (as Realm does)
    /// when the file is damaged, this throws ``RealmError/storage(_:)`` naming the damaged
    /// page: for tools that must report damage, not crash.
    public func objects() throws -> [DynamicObject] {
        let realm = results.sourceRealm, binding = binding
        do {
            return try results.evaluateKeys().keys.map { DynamicObject(realm: realm, binding: binding, key: $0) }
        } catch {
            throw RealmError.wrap(error)
        }
    }

    /// The number of matching objects; throws where ``count`` traps (see ``objects()``).
    public func objectCount() throws -> Int {
        do {
            if results.descriptors.isEmpty { return try QueryAggregates.count(results, binding) }
            return try results.evaluateKeys().keys.count
        } catch {
            throw RealmError.wrap(error)
        }
    }

    // MARK: Collection

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of matching objects.
    public var endIndex: Int { count }

    /// The number of matching objects.
    public var count: Int { results.count }

    /// The object at `index` in the results' order.
    public subscript(index: Int) -> DynamicObject {
        let keys = results.keys()
        precondition(index >= 0 && index < keys.count, "Index \(index) is out of bounds (results have \(keys.count) objects)")
        return DynamicObject(realm: results.sourceRealm, binding: binding, key: keys[index])
    }

    /// Iterates a snapshot of the objects matching when iteration starts.
    public func makeIterator() -> IndexingIterator<[DynamicObject]> {
        let realm = results.sourceRealm, binding = binding
        return results.keys().map { DynamicObject(realm: realm, binding: binding, key: $0) }.makeIterator()
    }

    /// `DynamicResults<Dog>(3 objects)`.
    public var description: String { "DynamicResults<\(className)>(\(count) objects)" }
}
