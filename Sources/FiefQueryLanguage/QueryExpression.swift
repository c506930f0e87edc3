/// A predicate: the boolean part of a query.
///
/// `AND` and `OR` are n-ary with at least two operands; the parser collects a run of the same
/// connective at one parenthesis level into one node, so `a AND b AND c` is one `.and` with three
/// operands while `(a AND b) AND c` keeps the inner group as its own node.
package indirect enum QueryExpression: Equatable, Sendable {
    /// `TRUEPREDICATE`: matches every object.
    case truePredicate
    /// `FALSEPREDICATE`: matches no object.
    case falsePredicate
    /// `NOT x` / `!x`.
    case not(QueryExpression)
    /// `a AND b AND ...` / `&&` (two or more operands).
    case and([QueryExpression])
    /// `a OR b OR ...` / `||` (two or more operands).
    case or([QueryExpression])
    /// `left op[options] right`.
    case comparison(Comparison)

    /// Calls `body` with every `$n` argument index in the expression, subqueries included.
    package func visitArguments(_ body: (Int) -> Void) {
        switch self {
        case .truePredicate, .falsePredicate: break
        case .not(let inner): inner.visitArguments(body)
        case .and(let items), .or(let items): for item in items { item.visitArguments(body) }
        case .comparison(let comparison):
            comparison.left.visitArguments(body)
            comparison.right.visitArguments(body)
        }
    }
}

/// One comparison: `age > 3`, `name BEGINSWITH[c] 'a'`, `id IN $0`, `age BETWEEN {1, 5}`.
package struct Comparison: Equatable, Sendable {
    package var left: QueryOperand
    package var op: ComparisonOperator
    /// `[c]`, `[d]`, `[cd]`; only on `==`, `!=`, `IN` and the string operators.
    package var options: StringOptions
    /// For `BETWEEN`: a two-element `.list` or an `.argument`.
    package var right: QueryOperand

    package init(_ left: QueryOperand, _ op: ComparisonOperator, _ right: QueryOperand, options: StringOptions = []) {
        self.left = left
        self.op = op
        self.options = options
        self.right = right
    }
}

/// The operator of a `Comparison`.
package enum ComparisonOperator: String, Equatable, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case contains = "CONTAINS"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    /// `?` matches one character, `*` any run; the pattern stays a plain string literal.
    case like = "LIKE"
    case `in` = "IN"
    case between = "BETWEEN"
    /// `location GEOWITHIN geoCircle(...)`: the left key path names embedded GeoJSON points
    /// (`{type: "Point", coordinates: [lon, lat]}`); the right side is a `.geometry` or `$n`.
    case geoWithin = "GEOWITHIN"

    /// Whether `[c]`/`[d]` modifiers may follow this operator.
    package var acceptsStringOptions: Bool {
        switch self {
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .between, .geoWithin: false
        default: true
        }
    }
}

/// The string comparison modifiers `[c]` (case-insensitive) and `[d]` (diacritic-insensitive).
package struct StringOptions: OptionSet, Equatable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `[c]`
    package static let caseInsensitive = StringOptions(rawValue: 1)
    /// `[d]`
    package static let diacriticInsensitive = StringOptions(rawValue: 2)
}
