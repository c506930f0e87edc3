import FiefQueryLanguage
import Foundation

/// Evaluates a parsed Realm Query Language predicate against the objects of one class.
/// Properties of the object itself are read from the cluster being scanned, in place;
/// paths through links read the linked objects.
struct QueryEvaluator {
    let realm: Realm
    let binding: TableBinding
    let predicate: QueryExpression
    let arguments: [StoredValue]
    /// Top-level properties the predicate reads (the columns a scan needs).
    let columns: [ColumnBinding]
    private let columnIndex: [String: Int]
    /// The `GEOWITHIN` shapes of the predicate, prepared once.
    let geoRegions: [(QueryGeometry, GeoRegion)]

    init(realm: Realm, binding: TableBinding, predicate: QueryExpression, arguments: [StoredValue], variables: Set<String> = []) throws {
        self.realm = realm
        self.binding = binding
        self.predicate = predicate
        self.arguments = arguments
        var names: [String] = []
        try Self.collect(predicate, binding: binding, realm: realm, arguments: arguments.count, into: &names, variables: variables)
        var seen: [String: Int] = [:]
        var cols: [ColumnBinding] = []
        for n in names where seen[n] == nil {
            seen[n] = cols.count
            cols.append(binding.column(named: n)!)
        }
        columns = cols
        columnIndex = seen
        geoRegions = Self.geoRegions(in: predicate)
    }

    /// Checks that `predicate`'s key paths name properties of `binding`'s class (through links)
    /// and that its arguments are given, without preparing an evaluation: what `filter` does
    /// when the query is made, before it is evaluated.
    static func validate(_ predicate: QueryExpression, binding: TableBinding, realm: Realm, arguments: Int) throws {
        var names: [String] = []
        try collect(predicate, binding: binding, realm: realm, arguments: arguments, into: &names)
    }

    /// Validates key paths and arguments; collects the first component of each key path.
    private static func collect(_ e: QueryExpression, binding: TableBinding, realm: Realm, arguments: Int, into names: inout [String],
                                variables: Set<String> = [], variableClass: TableBinding? = nil) throws {
        func operand(_ o: QueryOperand) throws {
            switch o {
            case .keyPath(let kp):
                guard case .property(let first) = kp.components.first else {
                    if kp.components.first == nil { throw RealmError.invalidQuery("empty key path") }
                    return
                }
                if variables.contains(first) {
                    guard let target = variableClass, case .property(let name)? = kp.components.dropFirst().first else { return }
                    guard let c = target.column(named: name) else { throw RealmError.unknownProperty(className: target.className, property: name) }
                    try validate(Array(kp.components.dropFirst(2)), from: c.property, realm: realm)
                    return
                }
                guard binding.column(named: first) != nil else { throw RealmError.unknownProperty(className: binding.className, property: first) }
                names.append(first)
                try validate(Array(kp.components.dropFirst()), from: binding.column(named: first)!.property, realm: realm)
            case .argument(let i):
                guard i < arguments else { throw RealmError.invalidQuery("the query uses $\(i) but only \(arguments) argument(s) were given") }
            case .list(let items): for item in items { try operand(item) }
            case .subquery(let sq):
                try operand(.keyPath(sq.collection))
                guard let tb = elementClass(of: sq.collection.components, from: binding, realm: realm) else {
                    throw RealmError.invalidQuery("SUBQUERY needs a collection of objects")
                }
                var inner: [String] = []
                try collect(sq.predicate, binding: tb, realm: realm, arguments: arguments, into: &inner,
                            variables: variables.union([sq.variable]), variableClass: tb)
            case .literal, .geometry: break
            }
        }
        switch e {
        case .truePredicate, .falsePredicate: break
        case .not(let inner):
            try collect(inner, binding: binding, realm: realm, arguments: arguments, into: &names, variables: variables, variableClass: variableClass)
        case .and(let items), .or(let items):
            for item in items {
                try collect(item, binding: binding, realm: realm, arguments: arguments, into: &names, variables: variables, variableClass: variableClass)
            }
        case .comparison(let c):
            try operand(c.left)
            if c.op == .geoWithin {
                try validateGeoWithin(c, binding: binding, realm: realm, variables: variables, variableClass: variableClass)
            }
            try operand(c.right)
        }
    }

    private static func validate(_ rest: [KeyPathComponent], from property: Property, realm: Realm) throws {
        var current = property
        for component in rest {
            switch component {
            case .property(let name):
                // `map.key` reads the map's value for that key.
                if current.collection == .map { current = Property(name: name, type: current.type, objectClassName: current.objectClassName); continue }
                guard let target = current.objectClassName, let tb = realm.binding(named: target), let next = tb.column(named: name) else {
                    throw RealmError.unknownProperty(className: current.objectClassName ?? current.name, property: name)
                }
                current = next.property
            case .aggregate, .keys, .values, .backlink, .allBacklinks, .subscript: return
            }
        }
    }

    // MARK: Evaluation

    /// Whether row `r` of `rows` (which has `columns`) matches.
    func matches(_ rows: ClusterRows, _ r: Int) -> Bool {
        evaluate(predicate, Row(rows: rows, row: r, object: nil), [:])
    }

    /// Whether object `key` matches (reads through the table).
    func matches(key: UInt64) -> Bool {
        evaluate(predicate, Row(rows: nil, row: 0, object: (binding, key)), [:])
    }

    struct Row {
        let rows: ClusterRows?
        let row: Int
        let object: (TableBinding, UInt64)?
    }

    private func evaluate(_ e: QueryExpression, _ row: Row, _ vars: [String: (TableBinding, UInt64)]) -> Bool {
        switch e {
        case .truePredicate: return true
        case .falsePredicate: return false
        case .not(let inner): return !evaluate(inner, row, vars)
        case .and(let items): return items.allSatisfy { evaluate($0, row, vars) }
        case .or(let items): return items.contains { evaluate($0, row, vars) }
        case .comparison(let c): return compare(c, row, vars)
        }
    }

    /// An operand's values; `many` says it came through a to-many path (ANY semantics).
    struct Values {
        var items: [StoredValue]
        var many: Bool
        var quantifier: Quantifier?

        /// Whether the values pass `test` as the comparison's left side: any of them (or, with
        /// a quantifier, all or none) when they came through a to-many path, else the one value.
        func satisfies(_ test: (StoredValue) -> Bool) -> Bool {
            guard many || quantifier != nil else { return test(items.first ?? .null) }
            switch quantifier ?? .any {
            case .any: return items.contains(where: test)
            case .all: return items.allSatisfy(test)
            case .noneOf: return !items.contains(where: test)
            }
        }
    }

    func values(_ o: QueryOperand, _ row: Row, _ vars: [String: (TableBinding, UInt64)]) -> Values {
        switch o {
        case .literal(let l): return Values(items: [StoredValue(literal: l)], many: false)
        case .argument(let i):
            let v = arguments[i]
            if case .collection(let items) = v { return Values(items: items, many: true) }
            return Values(items: [v], many: false)
        case .list(let items): return Values(items: items.flatMap { values($0, row, vars).items }, many: true)
        case .subquery(let sq):
            let elements = path(sq.collection.components, row, vars).items
            guard let tb = Self.elementClass(of: sq.collection.components, from: binding, realm: realm) ?? subqueryClassFromVariable(sq, vars) else {
                return Values(items: [.int(0)], many: false)
            }
            let inner = try? QueryEvaluator(realm: realm, binding: tb, predicate: sq.predicate, arguments: arguments,
                                            variables: Set(vars.keys).union([sq.variable]))
            var count = 0
            for case .link(let k) in elements {
                var v = vars
                v[sq.variable] = (tb, k)
                if let inner, inner.evaluate(sq.predicate, Row(rows: nil, row: 0, object: (tb, k)), v) { count += 1 }
            }
            return Values(items: [.int(Int64(count))], many: false)
        case .geometry: return Values(items: [], many: false)
        case .keyPath(let kp):
            var v = path(kp.components, row, vars)
            v.quantifier = kp.quantifier
            return v
        }
    }

    /// Follows a key path from the row (or a subquery variable). Values through to-many
    /// steps (lists, sets, backlinks) come back with `many` set.
    private func path(_ components: [KeyPathComponent], _ row: Row, _ vars: [String: (TableBinding, UInt64)]) -> Values {
        var rest = components[...]
        // The values so far and what they are: values of `property`, or (property nil) objects of `owner`.
        var current: [StoredValue]
        var property: Property?
        var owner: TableBinding
        var many = false
        let rowKey = row.rows.map { $0.key(row.row) } ?? row.object?.1 ?? 0
        switch rest.first {
        case .property(let first)?:
            rest = rest.dropFirst()
            if let (vb, vk) = vars[first] {
                current = [.link(vk)]
                owner = vb
            } else if let rows = row.rows, let i = columnIndex[first] {
                current = [realm.filterDeletedLinks(rows.value(i, row.row), columns[i])]
                property = columns[i].property
                owner = binding
            } else if let c = (row.object?.0 ?? binding).column(named: first) {
                current = [read(row.object?.0 ?? binding, rowKey, c)]
                property = c.property
                owner = row.object?.0 ?? binding
            } else {
                return Values(items: [], many: false)
            }
            if let p = property, p.type == .linkingObjects {
                current = backlinks(p, rowKey).map { .link($0) }
                many = true
            }
        case .backlink?, .allBacklinks?:
            current = [.link(rowKey)]
            owner = row.object?.0 ?? binding
        default:
            return Values(items: [], many: false)
        }
        /// Turns collection values into their elements.
        func expand() {
            if let p = property, p.collection != .none {
                current = current.flatMap { v -> [StoredValue] in if case .collection(let items) = v { return p.collection == .map ? stride(from: 1, to: items.count, by: 2).map { items[$0] } : items }; return [v] }
                many = true
            }
        }
        /// Moves from link values to the objects they name.
        func toObjects() -> Bool {
            expand()
            guard let p = property else { return true }
            guard p.type == .object || p.type == .linkingObjects, let target = p.objectClassName, let tb = realm.binding(named: target) else { return false }
            owner = tb
            property = nil
            return true
        }
        while let component = rest.first {
            rest = rest.dropFirst()
            switch component {
            case .property(let name) where property?.collection == .map:
                // `map.key`: the value stored under `key` (null when absent).
                current = current.map { v -> StoredValue in
                    guard case .collection(let items) = v else { return .null }
                    for i in stride(from: 0, to: items.count - 1, by: 2) where items[i] == .string(name) { return items[i + 1] }
                    return .null
                }
                property = Property(name: name, type: property!.type, objectClassName: property!.objectClassName)
            case .property(let name):
                guard toObjects(), let c = owner.column(named: name) else { return Values(items: [], many: many) }
                if c.type == .linkingObjects {
                    current = current.flatMap { v -> [StoredValue] in if case .link(let k) = v { return backlinks(c.property, k).map { .link($0) } }; return [] }
                    many = true
                } else {
                    let b = owner
                    current = current.compactMap { if case .link(let k) = $0 { read(b, k, c) } else { nil } }
                }
                property = c.property
            case .aggregate(let agg):
                if case .property? = rest.first {
                    // `links.@sum.field`: aggregate a property of the linked objects.
                    guard toObjects(), case .property(let name)? = rest.first, let c = owner.column(named: name) else { return Values(items: [.null], many: false) }
                    let b = owner
                    let items = current.compactMap { v -> StoredValue? in if case .link(let k) = v { return read(b, k, c) }; return nil }
                    return Values(items: [aggregate(agg, items)], many: false)
                }
                if let p = property, p.type == .any, p.collection == CollectionKind.none {
                    // A list or dictionary held by a mixed value: its elements.
                    current = current.flatMap { Self.nestedElements($0) ?? [$0] }
                }
                expand()
                return Values(items: [aggregate(agg, current)], many: false)
            case .keys, .values:
                let items = current.flatMap { v -> [StoredValue] in if case .collection(let x) = v { return x }; return [] }
                let start = component == .keys ? 0 : 1
                current = stride(from: start, to: items.count, by: 2).map { items[$0] }
                property = nil
                many = true
                if component == .keys { return Values(items: current, many: true) }
                property = Property(name: "@values", type: .any)
            case .backlink(let objectType, let originName):
                guard toObjects(), let ob = realm.binding(named: objectType), let oc = ob.column(named: originName) else {
                    return Values(items: [], many: true)
                }
                let target = owner.className
                guard oc.property.objectClassName == target else { return Values(items: [], many: true) }
                current = current.flatMap { v -> [StoredValue] in
                    if case .link(let k) = v { return linking(ob, oc, k).map { .link($0) } }
                    return []
                }
                owner = ob
                property = nil
                many = true
            case .allBacklinks:
                guard toObjects() else { return Values(items: [], many: true) }
                let target = owner.className
                var found: [StoredValue] = []
                for ob in realm.allBindings {
                    for oc in ob.columns where oc.type == .object && oc.property.objectClassName == target {
                        for case .link(let k) in current { found += linking(ob, oc, k).map { .anyLink(className: ob.className, key: $0) } }
                    }
                }
                current = found
                property = Property(name: "@links", type: .any)
                many = true
            case .subscript(let s):
                let values = current.flatMap { Self.subscripted($0, s, of: property) }
                if s == .size { return Values(items: values, many: many) }
                current = values
                property = Self.element(of: property)
                if s == .all { many = true }
            }
        }
        expand()
        return Values(items: current, many: many)
    }

    func read(_ b: TableBinding, _ key: UInt64, _ c: ColumnBinding) -> StoredValue {
        realm.filterDeletedLinks(((try? realm.table(b).read(key, c)) ?? nil) ?? .null, c)
    }

    /// Objects of `ob` whose link column `oc` names `key`.
    private func linking(_ ob: TableBinding, _ oc: ColumnBinding, _ key: UInt64) -> [UInt64] {
        (try? realm.keysLinking(to: key, from: ob, through: oc)) ?? []
    }

    private func backlinks(_ property: Property, _ key: UInt64) -> [UInt64] {
        guard let origin = property.objectClassName, let ob = realm.binding(named: origin),
              let c = ob.column(named: property.linkOriginPropertyName ?? "") else { return [] }
        return linking(ob, c, key)
    }

    private func aggregate(_ agg: CollectionAggregate, _ items: [StoredValue]) -> StoredValue {
        switch agg {
        case .count: return .int(Int64(items.count))
        case .sum:
            if items.allSatisfy({ if case .int = $0 { true } else { false } }) {
                return .int(items.reduce(0) { if case .int(let i) = $1 { $0 &+ i } else { $0 } })
            }
            return .double(items.compactMap(\.numeric).reduce(0, +))
        case .avg:
            let nums = items.compactMap(\.numeric)
            return nums.isEmpty ? .null : .double(nums.reduce(0, +) / Double(nums.count))
        case .min: return items.filter { !$0.isNull }.min { StoredValue.compare($0, $1) < 0 } ?? .null
        case .max: return items.filter { !$0.isNull }.max { StoredValue.compare($0, $1) < 0 } ?? .null
        }
    }

    private func compare(_ c: Comparison, _ row: Row, _ vars: [String: (TableBinding, UInt64)]) -> Bool {
        if c.op == .geoWithin { return geoWithin(c, row, vars) }
        let left = values(c.left, row, vars)
        let right = values(c.right, row, vars)
        func test(_ l: StoredValue) -> Bool {
            switch c.op {
            case .in:
                return right.items.contains { Self.scalar(.equal, l, $0, c.options) }
            case .between:
                guard right.items.count == 2 else { return false }
                return Self.scalar(.greaterOrEqual, l, right.items[0], c.options) && Self.scalar(.lessOrEqual, l, right.items[1], c.options)
            default:
                if right.many && !(c.right.isList) {
                    return right.items.contains { Self.scalar(c.op, l, $0, c.options) }
                }
                return Self.scalar(c.op, l, right.items.first ?? .null, c.options)
            }
        }
        return left.satisfies(test)
    }

    static func scalar(_ op: ComparisonOperator, _ l: StoredValue, _ r: StoredValue, _ options: FiefQueryLanguage.StringOptions) -> Bool {
        switch op {
        case .equal: return stringsOrEqual(l, r, options) { $0 == $1 }
        case .notEqual: return !stringsOrEqual(l, r, options) { $0 == $1 }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if l.isNull || r.isNull { return false }
            if l.numeric == nil && r.numeric != nil || l.numeric != nil && r.numeric == nil { return false }
            let cmp = StoredValue.compare(l, r)
            switch op {
            case .less: return cmp < 0
            case .lessOrEqual: return cmp <= 0
            case .greater: return cmp > 0
            default: return cmp >= 0
            }
        case .contains: return strings(l, r, options) { $0.contains($1) } || bytes(l, r) { Data($0).range(of: Data($1)) != nil }
        case .beginsWith: return strings(l, r, options) { $0.hasPrefix($1) } || bytes(l, r) { $0.starts(with: $1) }
        case .endsWith: return strings(l, r, options) { $0.hasSuffix($1) } || bytes(l, r) { $0.reversed().starts(with: $1.reversed()) }
        case .like: return strings(l, r, options) { Like.matches($0, pattern: $1) }
        case .in, .between, .geoWithin: return false
        }
    }

    private static func fold(_ s: String, _ options: FiefQueryLanguage.StringOptions) -> String {
        var o: String.CompareOptions = []
        if options.contains(.caseInsensitive) { o.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { o.insert(.diacriticInsensitive) }
        return o.isEmpty ? s : s.folding(options: o, locale: nil)
    }

    private static func strings(_ l: StoredValue, _ r: StoredValue, _ options: FiefQueryLanguage.StringOptions, _ body: (String, String) -> Bool) -> Bool {
        guard case .string(let a) = l, case .string(let b) = r else { return false }
        return body(fold(a, options), fold(b, options))
    }

    private static func bytes(_ l: StoredValue, _ r: StoredValue, _ body: ([UInt8], [UInt8]) -> Bool) -> Bool {
        guard case .data(let a) = l, case .data(let b) = r else { return false }
        return body(a, b)
    }

    private static func stringsOrEqual(_ l: StoredValue, _ r: StoredValue, _ options: FiefQueryLanguage.StringOptions, _ body: (String, String) -> Bool) -> Bool {
        if case .string = l, case .string = r, !options.isEmpty { return strings(l, r, options, body) }
        return StoredValue.queryEqual(l, r)
    }
}

extension QueryOperand {
    var isList: Bool { if case .list = self { true } else { false } }
}

/// `LIKE` patterns: `*` matches any run of characters, `?` exactly one.
enum Like {
    static func matches(_ text: String, pattern: String) -> Bool {
        let t = Array(text), p = Array(pattern)
        var ti = 0, pi = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && (p[pi] == "?" || p[pi] == t[ti]) { ti += 1; pi += 1 }
            else if pi < p.count && p[pi] == "*" { star = pi; mark = ti; pi += 1 }
            else if star >= 0 { pi = star + 1; mark += 1; ti = mark }
            else { return false }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
