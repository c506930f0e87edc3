import XCTest
@testable import FiefQueryLanguage

/// Random ASTs (deterministic seeds) printed and parsed back must be equal.
final class PropertyTests: XCTestCase {
    func testRandomASTsRoundTrip() throws {
        for seed in UInt64(1)...1500 {
            var generator = ASTGenerator(seed: seed)
            let query = generator.query()
            let text = query.description
            do {
                let parsed = try QueryLanguage.parse(text)
                XCTAssertEqual(parsed, query, "seed \(seed): \(text)")
                if parsed != query { return }
            } catch {
                XCTFail("seed \(seed): \(text): \(error)")
                return
            }
        }
    }

    func testHighestArgumentIndexMatchesGenerator() throws {
        for seed in UInt64(5000)...5200 {
            var generator = ASTGenerator(seed: seed)
            let query = generator.query()
            let parsed = try QueryLanguage.parse(query.description)
            XCTAssertEqual(parsed.highestArgumentIndex, generator.highestArgument, "seed \(seed)")
        }
    }
}

/// SplitMix64-driven generator of ASTs the parser can produce.
struct ASTGenerator {
    var state: UInt64
    var highestArgument: Int?

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func query() -> ParsedQuery {
        var descriptors: [QueryDescriptor] = []
        for _ in 0..<below(4) {
            switch below(3) {
            case 0: descriptors.append(.sort((0...below(3)).map { _ in SortKey(keyPath(quantified: false), ascending: chance(50)) }))
            case 1: descriptors.append(.distinct((0...below(3)).map { _ in keyPath(quantified: false) }))
            default: descriptors.append(.limit(chance(50) ? below(100) : Int(next() >> 1)))
            }
        }
        return ParsedQuery(predicate: expression(depth: below(5)), descriptors: descriptors)
    }

    mutating func expression(depth: Int) -> QueryExpression {
        if depth == 0 || chance(25) {
            switch below(20) {
            case 0: return .truePredicate
            case 1: return .falsePredicate
            default: return .comparison(comparison(depth: depth))
            }
        }
        switch below(3) {
        case 0: return .not(expression(depth: depth - 1))
        case 1: return .and((0...below(3)).map { _ in expression(depth: depth - 1) } + [expression(depth: depth - 1)])
        default: return .or((0...below(3)).map { _ in expression(depth: depth - 1) } + [expression(depth: depth - 1)])
        }
    }

    mutating func comparison(depth: Int) -> Comparison {
        let op = pick(ComparisonOperator.allCases)
        var options: StringOptions = []
        if op.acceptsStringOptions, chance(40) { options = StringOptions(rawValue: UInt8(1 + below(3))) }
        if op == .geoWithin {
            let left = QueryOperand.keyPath(keyPath(quantified: true))
            return Comparison(left, op, chance(30) ? argument() : .geometry(geometry()))
        }
        let left = operand(depth: depth)
        let right: QueryOperand
        if op == .between {
            right = chance(30) ? argument() : .list([listElement(), listElement()])
        } else {
            right = operand(depth: depth)
        }
        return Comparison(left, op, right, options: options)
    }

    /// A usable shape (no `problem`): points in range, a radius of at least 0, closed rings of
    /// 3 to 6 distinct points.
    mutating func geometry() -> QueryGeometry {
        func coordinate(_ limit: Int) -> Double {
            let whole = Double(below(2 * limit + 1) - limit)
            return chance(50) || abs(whole) == Double(limit) ? whole : whole - Double(below(1000)) / 1000 * (whole < 0 ? -1 : 1)
        }
        func point(longitude: Double? = nil) -> QueryGeoPoint {
            QueryGeoPoint(longitude: longitude ?? coordinate(180), latitude: coordinate(90),
                          altitude: chance(20) ? Double(below(10_000)) / 8 : nil)
        }
        func ring() -> [QueryGeoPoint] {
            // Distinct longitudes make distinct points.
            let longitudes = Set((0..<(3 + below(4))).map { _ in Double(below(361) - 180) })
            var points = longitudes.sorted().map { point(longitude: $0) }
            while points.count < 3 { points.append(point(longitude: 0.5 + Double(points.count))) }
            return points + [points[0]]
        }
        switch below(3) {
        case 0: return .box(bottomLeft: point(), topRight: point())
        case 1: return .circle(center: point(), radius: chance(10) ? 0 : Double(below(1_000_000)) / 100_000)
        default: return .polygon(outerRing: ring(), holes: (0..<below(3)).map { _ in ring() })
        }
    }

    mutating func argument() -> QueryOperand {
        let index = chance(80) ? below(10) : below(1_000_000)
        highestArgument = max(highestArgument ?? index, index)
        return .argument(index)
    }

    mutating func listElement() -> QueryOperand { chance(20) ? argument() : .literal(literal()) }

    mutating func operand(depth: Int) -> QueryOperand {
        switch below(12) {
        case 0...4: return .keyPath(keyPath(quantified: true))
        case 5...7: return .literal(literal())
        case 8: return argument()
        case 9: return .list((0..<below(4)).map { _ in listElement() })
        default:
            guard depth > 0 else { return .keyPath(keyPath(quantified: true)) }
            let variable = "$" + pick(["d", "x", "dog", "_t", "v1"])
            return .subquery(Subquery(
                collection: keyPath(quantified: false), variable: variable, predicate: expression(depth: depth - 1)))
        }
    }

    mutating func keyPath(quantified: Bool) -> KeyPathExpression {
        var components: [KeyPathComponent] = []
        switch below(10) {
        case 0: components.append(.backlink(objectType: name(), property: name()))
        case 1: components += [.allBacklinks, .aggregate(.count)]
        default: components.append(.property(name()))
        }
        for _ in 0..<below(4) {
            switch below(10) {
            case 0: components.append(.aggregate(pick(CollectionAggregate.allCases)))
            case 1: components.append(pick([.keys, .values]))
            case 2: components.append(.backlink(objectType: name(), property: name()))
            case 3: components += [.allBacklinks, .aggregate(.count)]
            default: components.append(.property(name()))
            }
        }
        let quantifier: Quantifier? = quantified && chance(20) ? pick(Quantifier.allCases) : nil
        return KeyPathExpression(quantifier: quantifier, components)
    }

    mutating func name() -> String {
        if chance(80) {
            return pick([
                "a", "age", "dog", "_x", "$v", "and", "OR", "Sort", "limit", "any", "subquery", "true", "nan",
                "asc", "T1", "T", "oid", "uuid", "B64", "first name", "a`b", "back\\slash", "größe", "1abc", "$1",
                "$", "x-y", "@links", "x.y",
            ])
        }
        return String(String.UnicodeScalarView((0...below(6)).map { _ in scalar() }))
    }

    mutating func scalar() -> Unicode.Scalar {
        switch below(6) {
        case 0: return Unicode.Scalar(UInt8(below(0x80)))
        case 1: return pick(["'", "\"", "\\", "`", "\n", "\t", "\0", "$", "@", "."])
        case 2: return Unicode.Scalar(UInt32(0x80 + below(0x780)))!
        case 3: return Unicode.Scalar(UInt32(0x1F600 + below(0x50)))!
        default: return Unicode.Scalar(UInt8(0x61 + below(26)))
        }
    }

    mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) } }

    mutating func literal() -> QueryLiteral {
        switch below(10) {
        case 0: return .integer(chance(50) ? Int64(below(2000)) - 1000 : Int64(bitPattern: next()))
        case 1:
            switch below(4) {
            case 0: return .double(Double(bitPattern: next()))
            case 1: return .double(pick([.infinity, -.infinity, .nan, 0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude]))
            default: return .double(Double(below(100_000)) / 64 - 500)
            }
        case 2: return .string(String(String.UnicodeScalarView((0..<below(8)).map { _ in scalar() })))
        case 3: return .bool(chance(50))
        case 4: return .null
        case 5: return .objectId(bytes(12))
        case 6: return .uuid(bytes(16))
        case 7:
            let seconds = Int64(bitPattern: next()) / 2
            let nanos = Int32(below(1_000_000_000))
            return .timestamp(seconds: seconds, nanoseconds: seconds < 0 ? -nanos : (seconds == 0 && chance(50) ? -nanos : nanos))
        case 8: return .binary(bytes(below(10)))
        default: return .string(pick(["", "a", "Rex", "it's", "a\\b", "*?"]))
        }
    }
}
