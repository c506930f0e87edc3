import Fief
import Foundation

/// The `fuzz-query-eval` oracle: a Realm Query Language string (with `$n` arguments from the
/// input's header, see ``QueryEvalInput``) is filtered through the throwing
/// `Results.filtered(_:_:)` on the fixture realm and, when accepted, evaluated every way.
///
/// Every input must end in results or a `RealmError`: another error type is a failure, a trap
/// is a crash. Accepted queries are also checked for consistency:
/// - `count` equals the number of objects iteration yields, and `first`/`last` agree;
/// - sorting the results (by a property the input picks) permutes them;
/// - `distinct(by:)` keeps a subset, `filtered("TRUEPREDICATE LIMIT(k)")` a prefix;
/// - without SORT/DISTINCT/LIMIT: filtering the results again by the same query changes
///   nothing, and the query and `NOT (query)` split the objects in two.
///
/// Failures are returned (the fuzz target traps on them, the regression test reports them).
public enum QueryEvalHarness {
    /// Longer inputs are skipped: small inputs reach everything, and long ones could nest
    /// quadratic operators (`SUBQUERY`, `@links`) deep enough to look like hangs.
    public static let maximumInputLength = 320
    /// Inputs naming `SUBQUERY` more often are skipped (each nesting multiplies the work).
    public static let maximumSubqueries = 2

    /// What happened to one input.
    public struct Outcome: CustomStringConvertible {
        /// Skipped (too long or too nested), rejected (the error), or evaluated (the count).
        public var summary: String
        /// Broken expectations; empty when all is well.
        public var failures: [String] = []

        public var description: String {
            failures.isEmpty ? summary : summary + "\n" + failures.map { "FAILURE: " + $0 }.joined(separator: "\n")
        }
    }

    /// Runs one input. Traps only when the object store does.
    public static func run(_ bytes: [UInt8]) -> Outcome {
        guard bytes.count <= maximumInputLength else { return Outcome(summary: "skipped: longer than \(maximumInputLength) bytes") }
        let input = QueryEvalInput(bytes)
        if input.query.uppercased().components(separatedBy: "SUBQUERY").count - 1 > maximumSubqueries {
            return Outcome(summary: "skipped: more than \(maximumSubqueries) SUBQUERY")
        }
        let fixture: QueryEvalFixture
        do { fixture = try QueryEvalFixture.current() } catch { return Outcome(summary: "", failures: ["fixture: \(error)"]) }
        let arguments = input.argumentCodes.map { QueryEvalArguments.value($0, fixture) }
        var check = QueryEvalCheck(query: input.query, arguments: arguments, pick: bytes.count)
        switch input.target {
        case .item: check.evaluate(fixture.realm.objects(QEItem.self), sortKeys: ["name", "int", "double", "date", "optString", "group", "parent.name", "address.city", "mixed", "kind", "decimal", "float"])
        case .owner: check.evaluate(fixture.realm.objects(QEOwner.self), sortKeys: ["name", "age", "favorite.int", "home.city", "favorite.parent.name"])
        case .tag: check.evaluate(fixture.realm.objects(QETag.self), sortKeys: ["label", "id"])
        }
        return check.outcome
    }
}

/// Filters one class's results by the input's query and checks the answers agree.
struct QueryEvalCheck {
    let query: String
    let arguments: [Any]
    /// Picks the sort and distinct key paths and the limit.
    let pick: Int
    var outcome = QueryEvalHarness.Outcome(summary: "")

    mutating func evaluate<T: Object>(_ all: Results<T>, sortKeys: [String]) {
        let results: Results<T>
        do {
            results = try filter(all, query)
        } catch let error as RealmError {
            outcome.summary = "rejected: \(error)"
            return
        } catch {
            fail("threw \(type(of: error)), not a RealmError: \(error)")
            return
        }
        let ids = keys(results)
        outcome.summary = "\(ids.count) object(s): \(ids)"
        let count = results.count
        if count != ids.count { fail("count is \(count) but iterating yields \(ids.count) objects") }
        if results.first.map(key) != ids.first { fail("first is not the first object iterated") }
        if results.last.map(key) != ids.last { fail("last is not the last object iterated") }
        if count == ids.count, (0..<count).map({ key(results[$0]) }) != ids { fail("subscripts disagree with iteration") }

        let sortKey = sortKeys[pick % sortKeys.count]
        let sorted = keys(results.sorted(byKeyPath: sortKey, ascending: pick % 2 == 0))
        if sorted.sorted() != ids.sorted() { fail("sorted by \(sortKey) is not a permutation: \(sorted)") }
        let distinct = keys(results.distinct(by: [sortKey]))
        if !Set(distinct).isSubset(of: ids) || distinct.count > ids.count { fail("distinct by \(sortKey) is not a subset: \(distinct)") }
        let limit = pick % 4
        expect("TRUEPREDICATE LIMIT(\(limit))", on: results, toYield: Array(ids.prefix(limit)), ordered: true)

        let upper = query.uppercased()
        guard !["SORT", "DISTINCT", "LIMIT"].contains(where: upper.contains) else { return }
        expect(query, on: results, toYield: ids, ordered: true)
        let everything = keys(all)
        let rest = everything.filter { !Set(ids).contains($0) }
        expect("NOT (\(query))", on: all, toYield: rest, ordered: false)
    }

    /// Filters `results` by `format` with the input's arguments (`filtered` is variadic).
    private func filter<T: Object>(_ results: Results<T>, _ format: String) throws -> Results<T> {
        let a = arguments
        switch a.count {
        case 0: return try results.filtered(format)
        case 1: return try results.filtered(format, a[0])
        case 2: return try results.filtered(format, a[0], a[1])
        case 3: return try results.filtered(format, a[0], a[1], a[2])
        default: return try results.filtered(format, a[0], a[1], a[2], a[3])
        }
    }

    /// Checks that a derived query is accepted and yields `expected`.
    private mutating func expect<T: Object>(_ format: String, on results: Results<T>, toYield expected: [Int], ordered: Bool) {
        do {
            let got = keys(try filter(results, format))
            if ordered ? got != expected : got.sorted() != expected.sorted() {
                fail("\(format) yields \(got), expected \(expected)")
            }
        } catch {
            fail("\(format) was rejected although the query was accepted: \(error)")
        }
    }

    /// The ids in iteration order (`makeIterator`, not `count` and subscripts as `map` uses).
    private func keys<T: Object>(_ results: Results<T>) -> [Int] {
        var ids: [Int] = []
        for object in results { ids.append(key(object)) }
        return ids
    }

    /// Every model has an integer primary key `id`; reading it also reads the object.
    private func key(_ object: some Object) -> Int { object["id"] as? Int ?? -1 }

    private mutating func fail(_ message: String) { outcome.failures.append("\(message) [query: \(query)]") }
}
