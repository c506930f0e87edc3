import Foundation
import FiefQueryLanguage

/// Counting and aggregating over results without creating objects. Simple numeric
/// comparisons on the object's own properties read the column chunks directly.
enum QueryAggregates {
    /// A comparison of one Int or Double column with a number, evaluated on raw chunks.
    private struct NumericTest {
        let column: Int
        let op: ComparisonOperator
        let bound: Double
        /// For an Int column compared with an Int: the exact bound.
        let intBound: Int64?

        @inline(__always)
        func test(_ v: Double) -> Bool { Self.apply(op, v, bound) }

        @inline(__always)
        func test(_ v: Int64) -> Bool {
            if let intBound { return Self.apply(op, v, intBound) }
            return Self.apply(op, Double(v), bound)
        }

        @inline(__always)
        static func apply<T: Comparable>(_ op: ComparisonOperator, _ v: T, _ bound: T) -> Bool {
            switch op {
            case .less: v < bound
            case .lessOrEqual: v <= bound
            case .greater: v > bound
            case .greaterOrEqual: v >= bound
            case .equal: v == bound
            case .notEqual: v != bound
            default: false
            }
        }

        func test(_ v: StoredValue) -> Bool {
            switch v {
            case .int(let i): test(i)
            case .double(let d): test(d)
            default: false
            }
        }
    }

    /// The tests of a predicate that is a conjunction of numeric comparisons, or nil.
    private static func numericTests<E>(_ results: Results<E>, _ binding: TableBinding) -> ([ColumnBinding], [NumericTest])? {
        let parts: [QueryExpression]
        switch results.predicate {
        case .and(let items): parts = items.flatMap { if case .and(let inner) = $0 { inner } else { [$0] } }
        case .comparison: parts = [results.predicate]
        default: return nil
        }
        var columns: [ColumnBinding] = []
        var tests: [NumericTest] = []
        for part in parts {
            guard case .comparison(let c) = part, case .keyPath(let kp) = c.left, kp.quantifier == nil, kp.components.count == 1,
                  case .property(let name) = kp.components[0], let column = binding.column(named: name),
                  column.collection == .none, !column.property.isOptional, column.type == .int || column.type == .double else { return nil }
            let bound: StoredValue
            switch c.right {
            case .literal(let l): bound = StoredValue(literal: l)
            case .argument(let i): bound = results.arguments[i]
            default: return nil
            }
            guard let number = bound.numeric, [.less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual].contains(c.op) else { return nil }
            if column.type == .int, case .double = bound, c.op == .equal || c.op == .notEqual { return nil }
            var index = columns.firstIndex { $0.column == column.column }
            if index == nil { columns.append(column); index = columns.count - 1 }
            var intBound: Int64?
            if column.type == .int, case .int(let i) = bound { intBound = i }
            tests.append(NumericTest(column: index!, op: c.op, bound: number, intBound: intBound))
        }
        return (columns, tests)
    }

    static func count<E>(_ results: Results<E>, _ binding: TableBinding) throws -> Int {
        try results.sourceRealm.frozenReading { try countNow(results, binding) }
    }

    private static func countNow<E>(_ results: Results<E>, _ binding: TableBinding) throws -> Int {
        let store = try results.sourceRealm.table(binding)
        if results.predicate == .truePredicate {
            var n = 0
            try store.forEachCluster([]) { rows in n += rows.count; return true }
            return n
        }
        if let (columns, tests) = numericTests(results, binding) {
            var n = 0
            try store.forEachCluster(columns) { rows in
                n += countRows(rows, columns, tests)
                return true
            }
            return n
        }
        return results.keys().count
    }

    private static func countRows(_ rows: ClusterRows, _ columns: [ColumnBinding], _ tests: [NumericTest]) -> Int {
        // Fast path: every column is an in-place chunk without nulls.
        var layouts: [(UnsafeRawBufferPointer, ColumnChunk.Layout, Bool)] = []
        for (i, c) in columns.enumerated() {
            guard case .chunk(let chunk, let layout) = rows.sources[i], !layout.hasNulls, layout.count == rows.count else {
                return (0..<rows.count).filter { r in tests.allSatisfy { $0.test(rows.value($0.column, r)) } }.count
            }
            layouts.append((chunk, layout, c.type == .int))
        }
        // One Int column tested against Int bounds: a branch-free range check per row.
        if columns.count == 1, layouts[0].2, let (low, high) = intRange(tests) {
            let (chunk, layout, _) = layouts[0]
            guard layout.holdsWholeIntegers(chunk) else { return 0 }
            var n = 0
            for r in 0..<rows.count {
                let v = layout.int64(chunk, r)
                n &+= (v >= low && v <= high) ? 1 : 0
            }
            return n
        }
        var n = 0
        for r in 0..<rows.count {
            var ok = true
            for t in tests {
                let (chunk, layout, isInt) = layouts[t.column]
                if isInt ? !t.test(layout.int64(chunk, r)) : !t.test(layout.double(chunk, r)) { ok = false; break }
            }
            if ok { n += 1 }
        }
        return n
    }

    /// The inclusive Int range that a conjunction of Int comparisons on one column accepts, or
    /// nil when a test is not a plain range bound (!=, or a non-Int bound).
    private static func intRange(_ tests: [NumericTest]) -> (Int64, Int64)? {
        var low = Int64.min, high = Int64.max
        for t in tests {
            guard let b = t.intBound else { return nil }
            switch t.op {
            case .greater: if b == .max { return (1, 0) }; low = max(low, b + 1)
            case .greaterOrEqual: low = max(low, b)
            case .less: if b == .min { return (1, 0) }; high = min(high, b - 1)
            case .lessOrEqual: high = min(high, b)
            case .equal: low = max(low, b); high = min(high, b)
            default: return nil
            }
        }
        return (low, high)
    }

    /// Calls `body` with the value of `property` for each matching object.
    static func forEachValue<E>(_ results: Results<E>, _ property: String, _ body: (StoredValue) -> Void) throws {
        try results.sourceRealm.frozenReading { try forEachValueNow(results, property, body) }
    }

    private static func forEachValueNow<E>(_ results: Results<E>, _ property: String, _ body: (StoredValue) -> Void) throws {
        guard let binding = results.binding else { return }
        guard let column = binding.column(named: property) else { throw RealmError.unknownProperty(className: binding.className, property: property) }
        if results.predicate == .truePredicate && results.descriptors.isEmpty && results.source == nil {
            let store = try results.sourceRealm.table(binding)
            try store.forEachCluster([column]) { rows in
                if case .chunk(let chunk, let layout) = rows.sources[0], !layout.hasNulls, column.collection == .none,
                   column.type == .double || column.type == .int {
                    for r in 0..<rows.count {
                        body(column.type == .int ? .int(layout.int64(chunk, r)) : .double(layout.double(chunk, r)))
                    }
                } else {
                    for r in 0..<rows.count { body(rows.value(0, r)) }
                }
                return true
            }
            return
        }
        for key in results.keys() { body(results.valueAt(binding, [property], key)) }
    }
}

extension Results {
    /// The sum of a numeric property over the results (0 when empty).
    ///
    /// ```swift
    /// let total: Double = realm.objects(Item.self).sum(ofProperty: "score")
    /// ```
    public func sum<T: _Persistable>(ofProperty property: String) -> T {
        ValueAggregates.sum(property) { body in
            do { try QueryAggregates.forEachValue(self, property, body) } catch { preconditionFailure("\(error)") }
        }
    }

    /// The average of a numeric property, or nil when empty.
    public func average<T: _Persistable>(ofProperty property: String) -> T? {
        ValueAggregates.average { body in try? QueryAggregates.forEachValue(self, property, body) }
    }

    /// The smallest value of a property, or nil when empty.
    public func min<T: _Persistable>(ofProperty property: String) -> T? {
        ValueAggregates.extreme(-1) { body in try? QueryAggregates.forEachValue(self, property, body) }
    }

    /// The largest value of a property, or nil when empty.
    public func max<T: _Persistable>(ofProperty property: String) -> T? {
        ValueAggregates.extreme(1) { body in try? QueryAggregates.forEachValue(self, property, body) }
    }
}

/// Sum, average, minimum and maximum over a stream of stored values, as results, lists and
/// sets compute them; nulls are skipped.
enum ValueAggregates {
    /// The values `each` gives, summed as `T` (0 when there are none); `property` names
    /// the summed property in conversion errors.
    static func sum<T: _Persistable>(_ property: String, _ each: ((StoredValue) -> Void) -> Void) -> T {
        var intSum: Int64 = 0
        var doubleSum = 0.0
        var decimalSum = Decimal(0)
        var sawDouble = false, sawDecimal = false
        each { v in
            switch v {
            case .int(let i): intSum &+= i
            case .double(let d): doubleSum += d; sawDouble = true
            case .float(let f): doubleSum += Double(f); sawDouble = true
            case .decimal(let d): decimalSum += d.decimalValue; sawDecimal = true
            default: break
            }
        }
        let total: StoredValue = sawDecimal ? .decimal(Decimal128(decimalSum + Decimal(intSum) + Decimal(doubleSum)))
            : sawDouble ? .double(doubleSum + Double(intSum)) : .int(intSum)
        return T._fiefFromStored(_StoredBox(value: (try? DynamicAccess.coerce(total, to: Property(name: property, type: T._fiefShape.type))) ?? total), nil)
    }

    /// The average of the numbers `each` gives, or nil when there are none (or when `T` cannot
    /// hold it exactly, as an `Int` cannot hold 2.5).
    static func average<T: _Persistable>(_ each: ((StoredValue) -> Void) -> Void) -> T? {
        var total = 0.0
        var decimalTotal = Decimal(0)
        var n = 0, decimals = 0
        each { v in
            if case .decimal(let d) = v { decimalTotal += d.decimalValue; decimals += 1; n += 1 } else if let x = v.numeric { total += x; n += 1 }
        }
        guard n > 0 else { return nil }
        let average: StoredValue = decimals == n ? .decimal(Decimal128(decimalTotal / Decimal(n))) : .double(total / Double(n))
        guard let value = try? DynamicAccess.coerce(average, to: Property(name: "average", type: T._fiefShape.type)) else { return nil }
        return T._fiefFromStored(_StoredBox(value: value), nil)
    }

    /// The smallest (`sign` -1) or largest (`sign` 1) value `each` gives, or nil when there are none.
    static func extreme<T: _Persistable>(_ sign: Int, _ each: ((StoredValue) -> Void) -> Void) -> T? {
        var best: StoredValue?
        each { v in
            guard !v.isNull else { return }
            if best == nil || StoredValue.compare(v, best!) * sign > 0 { best = v }
        }
        return best.map { T._fiefFromStored(_StoredBox(value: $0), nil) }
    }
}

extension ValueAggregates {
    /// Property `property` of `object`, in stored form (links as keys); traps if the object
    /// has no such property, as Realm does.
    static func stored(_ property: String, of object: ObjectBase) -> StoredValue {
        guard object.objectSchema.properties.contains(where: { $0.name == property }) else {
            preconditionFailure("Property '\(property)' does not exist on object type '\(object.objectSchema.className)'")
        }
        return (try? StoredValue.argument(object.value(forKey: property), realm: nil)) ?? .null
    }

    /// `values` sorted by their stored form (nil first when ascending), as collections of
    /// values sort.
    static func sorted<E: _Persistable>(_ values: [E], ascending: Bool) -> [E] {
        values.map { ($0, (try? $0._fiefToStored(nil).value) ?? .null) }
            .sorted { ascending ? StoredValue.compare($0.1, $1.1) < 0 : StoredValue.compare($0.1, $1.1) > 0 }
            .map(\.0)
    }
}
