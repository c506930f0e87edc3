import FiefQueryLanguage
import Foundation

/// The objects of one type matching a query: lazy (evaluated when first read) and live
/// (re-evaluated when the realm advances or changes).
///
/// ```swift
/// let puppies = realm.objects(Dog.self)
///     .filter("age < 2 AND name BEGINSWITH[c] $0", "r")
///     .sorted(byKeyPath: "name")
/// print(puppies.count, puppies.first?.name ?? "-")
/// ```
public struct Results<Element: RealmFetchable>: RandomAccessCollection, CustomStringConvertible {
    /// The realm the results read (live or frozen).
    let sourceRealm: Realm
    private let fixedBinding: TableBinding?
    var predicate: QueryExpression = .truePredicate
    var arguments: [StoredValue] = []
    /// SORT, DISTINCT and LIMIT steps, applied in the order they were given.
    var descriptors: [ResultsDescriptor] = []
    /// For results made from a list, set or `LinkingObjects`: the objects they start from
    /// (in the collection's order) instead of every object of the class.
    var source: ResultsSource?

    /// The class binding; looked up again while the class is not yet in the file, so results
    /// made before the first object of their class was added are live too.
    var binding: TableBinding? { fixedBinding ?? sourceRealm.readBinding(for: Element._fiefObjectType) }
    private var cache = ResultsCache()

    /// A copy to refine, with its own evaluation cache.
    func derived() -> Results<Element> {
        var r = self
        r.cache = ResultsCache()
        return r
    }

    init(realm: Realm, binding: TableBinding?) {
        self.sourceRealm = realm
        fixedBinding = binding
    }

    /// The realm the results come from.
    public var realmInstance: Realm { sourceRealm }

    /// The realm the results come from (never nil: results always belong to a realm).
    public var realm: Realm? { sourceRealm }

    // MARK: Refining

    /// Results further filtered by a Realm Query Language predicate. Arguments are given as
    /// `$0`, `$1`... (or `%@` in order). A trailing `SORT(...)`, `DISTINCT(...)` and
    /// `LIMIT(n)` apply too. A malformed query traps with the position of the error, as
    /// Realm's does; use ``filtered(_:_:)`` for queries typed by users.
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Element> {
        do { return try filtering(predicateFormat, args) } catch { preconditionFailure("\(error)") }
    }

    /// Like ``filter(_:_:)``, but a malformed query, an unknown property or a bad argument
    /// throws ``RealmError/invalidQuery(_:)`` (with line and column) or
    /// ``RealmError/unknownProperty(className:property:)`` instead of trapping.
    ///
    /// ```swift
    /// do {
    ///     let hits = try realm.objects(Dog.self).filtered(userText)
    /// } catch let error as RealmError {
    ///     print(error)   // Invalid query: line 1, column 9: expected a value after '>'...
    /// }
    /// ```
    public func filtered(_ predicateFormat: String, _ args: Any...) throws -> Results<Element> {
        try filtering(predicateFormat, args)
    }

    func filtering(_ format: String, _ args: [Any]) throws -> Results<Element> {
        // A frozen realm's parsed-query cache is shared by every thread that filters.
        try sourceRealm.frozenReading { try filteringNow(format, args) }
    }

    private func filteringNow(_ format: String, _ args: [Any]) throws -> Results<Element> {
        let queries = sourceRealm.parsedQueries
        let binding = self.binding
        let shift = arguments.count
        // The check depends on the text, the class and the argument count only: a filter run
        // again in a loop is checked once (refinements of filtered results, whose arguments
        // are shifted, every time).
        let cacheable = shift == 0 ? binding : nil
        let parsed: ParsedQuery, isChecked: Bool, takesGeoArguments: Bool
        do { (parsed, isChecked, takesGeoArguments) = try queries.parsed(format, checkedFor: cacheable, arguments: args.count) } catch {
            throw RealmError.wrap(error)
        }
        // Shapes given for `GEOWITHIN $n` go into the predicate (most texts take none).
        var (predicateWithShapes, converted) = takesGeoArguments
            ? try parsed.predicate.bindingArguments(args, realm: sourceRealm)
            : (parsed.predicate, try args.map { try StoredValue.argument($0, realm: sourceRealm) })
        var result = derived()
        if shift != 0 { converted = arguments + converted }
        result.arguments = converted
        let mine = predicateWithShapes.shiftingArguments(by: shift)
        if let binding, !isChecked {
            try QueryEvaluator.validate(mine, binding: binding, realm: sourceRealm, arguments: converted.count)
            if let cacheable { queries.recordChecked(format, binding: cacheable, arguments: converted.count) }
        }
        result.predicate = predicate == .truePredicate ? mine : .and([predicate, mine])
        for d in parsed.descriptors {
            switch d {
            case .sort(let keys): result.descriptors.append(.sort(keys.map { (Self.names($0.keyPath), $0.ascending) }))
            case .distinct(let paths): result.descriptors.append(.distinct(paths.map(Self.names)))
            case .limit(let n): result.descriptors.append(.limit(n))
            }
        }
        if let binding {
            for path in result.descriptors.flatMap(\.paths) { try validate(path, from: binding) }
        }
        return result
    }

    /// Checks that a sort or distinct key path names properties, through to-one links.
    func validate(_ path: [String], from binding: TableBinding) throws {
        var current = binding
        for (i, name) in path.enumerated() {
            guard let column = current.column(named: name) else {
                throw RealmError.unknownProperty(className: current.className, property: name)
            }
            if i < path.count - 1 {
                guard column.type == .object, column.collection == .none, let target = column.property.objectClassName,
                      let next = sourceRealm.binding(named: target) else {
                    throw RealmError.invalidQuery("cannot sort or distinct through \(current.className).\(name): not a to-one link")
                }
                current = next
            }
        }
    }

    private static func names(_ kp: KeyPathExpression) -> [String] {
        kp.components.compactMap { if case .property(let n) = $0 { n } else { nil } }
    }

    /// Results sorted by a property (or a key path through to-one links).
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Element> {
        sorted(by: [SortDescriptor(keyPath: keyPath, ascending: ascending)])
    }

    /// Results sorted by several properties in turn.
    public func sorted<S: Sequence>(by descriptors: S) -> Results<Element> where S.Element == SortDescriptor {
        var r = derived()
        let keys = descriptors.map { ($0.keyPath.split(separator: ".").map(String.init), $0.ascending) }
        if let binding {
            for key in keys {
                do { try validate(key.0, from: binding) } catch { preconditionFailure("\(error)") }
            }
        }
        r.descriptors.append(.sort(keys))
        return r
    }

    /// Results sorted by a Swift key path (on projections, the root object's property the
    /// projected property reads).
    public func sorted<V: _Persistable>(by keyPath: KeyPath<Element, V>, ascending: Bool = true) -> Results<Element> {
        sorted(byKeyPath: Element._fiefPropertyNames(keyPath).joined(separator: "."), ascending: ascending)
    }

    /// Results keeping only the first object for each distinct combination of the key paths.
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == String {
        var r = derived()
        let paths = keyPaths.map { $0.split(separator: ".").map(String.init) }
        if let binding {
            for p in paths {
                do { try validate(p, from: binding) } catch { preconditionFailure("\(error)") }
            }
        }
        r.descriptors.append(.distinct(paths))
        return r
    }

    // MARK: Evaluation

    /// The matching object keys, in order, for the realm's current state.
    func keys() -> [UInt64] {
        evaluated().keys
    }

    /// The matching object keys and, when the evaluation scanned the clusters in key order,
    /// where each object sits.
    func evaluated() -> (keys: [UInt64], locations: ResultLocations?) {
        sourceRealm.frozenReading { evaluatedNow() }
    }

    private func evaluatedNow() -> (keys: [UInt64], locations: ResultLocations?) {
        let stamp = sourceRealm.changeStamp
        if let cached = cache.keys, cache.stamp == stamp { return (cached, cache.locations) }
        let found: (keys: [UInt64], locations: ResultLocations?)
        do {
            found = try evaluateKeys()
        } catch {
            // A damaged file must not read as fewer objects.
            preconditionFailure("Evaluating \(Element.className()) results failed: \(error)")
        }
        cache.keys = found.keys
        cache.locations = found.locations
        cache.stamp = stamp
        return found
    }

    func evaluateKeys() throws -> (keys: [UInt64], locations: ResultLocations?) {
        try sourceRealm.frozenReading { try evaluateKeysNow() }
    }

    private func evaluateKeysNow() throws -> (keys: [UInt64], locations: ResultLocations?) {
        guard let binding else { return ([], nil) }
        var (keys, locations) = try source.map { (try sourceKeys($0, binding), nil) } ?? matchingKeys(binding)
        if !descriptors.isEmpty { locations = nil }
        for descriptor in descriptors {
            switch descriptor {
            case .distinct(let paths):
                var seen: Set<[StoredValue]> = []
                keys = keys.filter { k in seen.insert(paths.map { valueAt(binding, $0, k) }).inserted }
            case .sort(let sort):
                let decorated = keys.map { k in (k, sort.map { valueAt(binding, $0.path, k) }) }
                keys = decorated.sorted { a, b in
                    for (i, s) in sort.enumerated() {
                        let c = StoredValue.compare(a.1[i], b.1[i])
                        if c != 0 { return s.ascending ? c < 0 : c > 0 }
                    }
                    return a.0 < b.0
                }.map(\.0)
            case .limit(let n):
                keys = Array(keys.prefix(n))
            }
        }
        return (keys, locations)
    }

    /// The value at a to-one key path from object `key`.
    func valueAt(_ binding: TableBinding, _ path: [String], _ key: UInt64) -> StoredValue {
        var b = binding
        var k = key
        for (i, name) in path.enumerated() {
            guard let c = b.column(named: name), let v = ((try? sourceRealm.table(b).read(k, c)) ?? nil) else { return .null }
            if i == path.count - 1 { return v }
            guard case .link(let next) = v, let target = c.property.objectClassName, let tb = sourceRealm.binding(named: target) else { return .null }
            b = tb
            k = next
        }
        return .null
    }

    /// The keys matching the predicate, in key order; scans also give each one's location.
    private func matchingKeys(_ binding: TableBinding) throws -> ([UInt64], ResultLocations?) {
        let store = try sourceRealm.table(binding)
        if predicate != .truePredicate, let indexed = try indexLookup(binding, store) { return indexed }
        let evaluator = predicate == .truePredicate
            ? nil : try QueryEvaluator(realm: sourceRealm, binding: binding, predicate: predicate, arguments: arguments)
        var keys: [UInt64] = []
        var locations = ResultLocations(epoch: sourceRealm.epoch)
        try store.forEachCluster(evaluator?.columns ?? []) { rows in
            for r in 0..<rows.count where evaluator?.matches(rows, r) ?? true {
                keys.append(rows.key(r))
                locations.append(start: rows.start, row: r)
            }
            return true
        }
        return (keys, locations)
    }

    /// The keys of the source collection that match the predicate, in the collection's order.
    private func sourceKeys(_ source: ResultsSource, _ binding: TableBinding) throws -> [UInt64] {
        let keys = try source.keys(in: sourceRealm)
        guard predicate != .truePredicate else { return keys }
        let evaluator = try QueryEvaluator(realm: sourceRealm, binding: binding, predicate: predicate, arguments: arguments)
        return keys.filter { evaluator.matches(key: $0) }
    }

    /// Equality or IN on the primary key or an indexed property, alone: answered by the index.
    /// Each hit is located once, its value re-checked only where the index key may hold a
    /// prefix of it, and its location kept for the objects made from the results.
    private func indexLookup(_ binding: TableBinding, _ txnStore: TableStore) throws -> ([UInt64], ResultLocations?)? {
        guard case .comparison(let c) = predicate, c.options.isEmpty, c.op == .equal || c.op == .in,
              case .keyPath(let kp) = c.left, kp.quantifier == nil, kp.components.count == 1,
              case .property(let name) = kp.components[0], let column = binding.column(named: name),
              column.property.isIndexed, column.collection == .none else { return nil }
        var wanted: [StoredValue]
        switch c.right {
        case .literal(let l): wanted = [StoredValue(literal: l)]
        case .argument(let i):
            if case .collection(let items) = arguments[i] { wanted = items } else { wanted = [arguments[i]] }
        case .list(let items):
            wanted = []
            for item in items {
                switch item {
                case .literal(let l): wanted.append(StoredValue(literal: l))
                case .argument(let i): wanted.append(arguments[i])
                default: return nil
                }
            }
        default: return nil
        }
        if c.op == .equal && wanted.count != 1 { return nil }
        var hits: [(key: UInt64, start: UInt64, row: Int)] = []
        for w in wanted {
            // A value of another kind (a Float 3 for an int key) is left to the scan, which
            // compares numbers by value.
            guard let v = try? DynamicAccess.coerce(w, to: column.property) else { return nil }
            if binding.keyIsPrimaryKey && column.property.isPrimary {
                guard case .int(let i) = v else { continue }
                let k = TableBinding.key(forIntPrimaryKey: i)
                if hits.isEmpty { hits.reserveCapacity(wanted.count) }
                if let location = try txnStore.locate(k) { hits.append((k, location.start, location.row)) }
                continue
            }
            let index = IndexStore(txn: txnStore.txn, column: column, directory: txnStore.directory)
            let (keys, exact) = try index.keys(equalTo: v)
            hits.reserveCapacity(hits.count + keys.count)
            for k in keys {
                guard let location = try txnStore.locate(k) else { continue }
                let equal = try exact || txnStore.read(start: location.start, row: location.row, column) == v
                if equal {
                    hits.append((k, location.start, location.row))
                }
            }
        }
        // One value's hits come in key order (its chunks list keys in order, chunk after
        // chunk); several values' are merged.
        if wanted.count > 1 {
            hits.sort { $0.key < $1.key }
            var previous: UInt64?
            hits.removeAll { hit in defer { previous = hit.key }; return hit.key == previous }
        }
        var locations = ResultLocations(epoch: sourceRealm.epoch, capacity: hits.count)
        for hit in hits { locations.append(start: hit.start, row: hit.row) }
        return (hits.map(\.key), locations)
    }

    // MARK: Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// Iterates a snapshot of the objects matching when iteration starts, so changing or
    /// deleting them inside the loop does not skip any (as Realm's enumeration does).
    /// Each object is made when the loop reaches it.
    public func makeIterator() -> ResultsIterator<Element> {
        let (keys, locations) = evaluated()
        return ResultsIterator(realm: sourceRealm, binding: binding, keys: keys, locations: locations)
    }

    /// The number of matching objects (counted without creating objects).
    public var count: Int {
        sourceRealm.frozenReading { countNow }
    }

    private var countNow: Int {
        if descriptors.isEmpty, source == nil, let binding, cache.stamp != sourceRealm.changeStamp || cache.keys == nil {
            do {
                return try QueryAggregates.count(self, binding)
            } catch {
                preconditionFailure("Counting \(Element.className()) results failed: \(error)")
            }
        }
        return keys().count
    }

    public subscript(index: Int) -> Element {
        let keys = keys()
        precondition(index >= 0 && index < keys.count, "Index \(index) is out of bounds (results have \(keys.count) objects)")
        return Element._fiefElement(_FiefFetchedRow(realm: sourceRealm, key: keys[index], binding: binding, location: nil, pinned: nil))
    }

    /// The first object, or nil.
    public var first: Element? { isEmpty ? nil : self[0] }
    /// The last object, or nil.
    public var last: Element? { let n = keys().count; return n == 0 ? nil : self[n - 1] }
    public var isEmpty: Bool { keys().isEmpty }

    /// The index of `object` in the results.
    public func index(of object: Element) -> Int? {
        guard let key = object._fiefObject._managed?.rowKey else { return nil }
        return keys().firstIndex(of: key)
    }

    public var description: String { "Results<\(Element.className())>(\(count) objects)" }
}

/// Caches the evaluated keys of a `Results` until the realm changes.
final class ResultsCache {
    var keys: [UInt64]?
    var locations: ResultLocations?
    var stamp = Realm.ChangeStamp(epoch: .max, mutations: 0)
}

/// One SORT, DISTINCT or LIMIT step of a `Results`.
enum ResultsDescriptor {
    case sort([(path: [String], ascending: Bool)])
    case distinct([[String]])
    case limit(Int)

    var paths: [[String]] {
        switch self {
        case .sort(let keys): keys.map(\.path)
        case .distinct(let paths): paths
        case .limit: []
        }
    }
}

/// A sort key for ``Results/sorted(by:)``.
public struct SortDescriptor: Sendable {
    /// The property (or key path through to-one links) to sort by.
    public var keyPath: String
    /// Ascending (the default) or descending.
    public var ascending: Bool

    public init(keyPath: String, ascending: Bool = true) {
        self.keyPath = keyPath
        self.ascending = ascending
    }
}

extension QueryExpression {
    /// The same expression with every `$n` renumbered to `$(n + shift)`.
    func shiftingArguments(by shift: Int) -> QueryExpression {
        guard shift != 0 else { return self }
        return mappingOperands { if case .argument(let i) = $0 { .argument(i + shift) } else { nil } }
    }

    /// The same expression with each operand for which `transform` returns a replacement
    /// replaced (lists and subqueries are searched inside when it returns nil for them).
    func mappingOperands(_ transform: (QueryOperand) -> QueryOperand?) -> QueryExpression {
        func operand(_ o: QueryOperand) -> QueryOperand {
            if let replaced = transform(o) { return replaced }
            switch o {
            case .list(let items): return .list(items.map(operand))
            case .subquery(var sq): sq.predicate = sq.predicate.mappingOperands(transform); return .subquery(sq)
            default: return o
            }
        }
        switch self {
        case .truePredicate, .falsePredicate: return self
        case .not(let e): return .not(e.mappingOperands(transform))
        case .and(let items): return .and(items.map { $0.mappingOperands(transform) })
        case .or(let items): return .or(items.map { $0.mappingOperands(transform) })
        case .comparison(var c):
            c.left = operand(c.left)
            c.right = operand(c.right)
            return .comparison(c)
        }
    }
}

// Frozen results are immutable snapshots and may cross actors; live results must stay on the
// actor or thread of their realm (the realm checks its isolation when it is used).
extension Results: @unchecked Sendable {}
