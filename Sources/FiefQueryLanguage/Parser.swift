/// A recursive-descent parser over the lexer's tokens; this file holds the predicate grammar:
///
///     query      := or descriptor* END
///     or         := and (("OR" | "||") and)*
///     and        := unary (("AND" | "&&") unary)*
///     unary      := ("NOT" | "!") unary | primary
///     primary    := "(" or ")" | "TRUEPREDICATE" | "FALSEPREDICATE" | comparison
///     comparison := operand operator modifier? operand | keypath "GEOWITHIN" shape
///
/// Operands are in `Parser+Operands.swift`, geospatial shapes in `Parser+Geometry.swift`,
/// descriptors in `Parser+Descriptors.swift`.
struct Parser {
    var lexer: Lexer
    /// Tokens read ahead of the current position.
    var lookahead: [Token] = []
    /// The end offset of the last consumed token.
    var previousEnd = 0
    /// Current nesting of parentheses, `NOT`, subqueries and lists.
    var depth = 0
    let maximumDepth: Int

    init(_ source: SourceText, maximumDepth: Int) {
        self.lexer = Lexer(source)
        self.maximumDepth = maximumDepth
    }

    var source: SourceText { lexer.source }

    // MARK: Tokens

    /// The token `offset` places ahead (0 is the next one).
    mutating func peek(_ offset: Int = 0) throws(QueryParseError) -> Token {
        while lookahead.count <= offset { lookahead.append(try lexer.next()) }
        return lookahead[offset]
    }

    @discardableResult
    mutating func advance() throws(QueryParseError) -> Token {
        let token = try peek()
        lookahead.removeFirst()
        previousEnd = token.end
        return token
    }

    /// Consumes the next token if it has the given kind.
    mutating func accept(_ kind: Token.Kind) throws(QueryParseError) -> Bool {
        guard try peek().kind == kind else { return false }
        try advance()
        return true
    }

    /// Consumes the next token if it is the given (case-insensitive) keyword.
    mutating func acceptKeyword(_ keyword: String) throws(QueryParseError) -> Bool {
        guard try peek().isKeyword(keyword) else { return false }
        try advance()
        return true
    }

    /// Consumes `&&`/`AND` or `||`/`OR`.
    mutating func acceptConnective(_ symbol: Token.Kind, _ word: String) throws(QueryParseError) -> Bool {
        let token = try peek()
        guard token.kind == symbol || token.isKeyword(word) else { return false }
        try advance()
        return true
    }

    /// Consumes a token of the given kind or throws "expected `what`".
    mutating func expect(_ kind: Token.Kind, _ what: String) throws(QueryParseError) {
        guard try accept(kind) else { throw try unexpected("expected \(what)") }
    }

    /// An error at the next token.
    mutating func unexpected(_ message: String, kind: QueryParseError.Kind = .unexpectedToken) throws(QueryParseError)
        -> QueryParseError
    {
        let token = try peek()
        return source.error(kind, message, at: token.start, foundEnd: token.end)
    }

    /// Runs `body` one nesting level deeper, failing past `maximumDepth`.
    mutating func nested<T>(_ body: (inout Parser) throws(QueryParseError) -> T) throws(QueryParseError) -> T {
        guard depth < maximumDepth else {
            throw try unexpected("nesting deeper than \(maximumDepth) levels", kind: .nestingTooDeep)
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    // MARK: Grammar

    mutating func parseQuery() throws(QueryParseError) -> ParsedQuery {
        let predicate = try parseOr()
        var descriptors: [QueryDescriptor] = []
        while let descriptor = try parseDescriptor() { descriptors.append(descriptor) }
        guard try peek().kind == .end else {
            throw try unexpected("expected AND, OR, SORT, DISTINCT, LIMIT or the end of the query")
        }
        return ParsedQuery(predicate: predicate, descriptors: descriptors)
    }

    mutating func parseOr() throws(QueryParseError) -> QueryExpression {
        var items = [try parseAnd()]
        while try acceptConnective(.or, "or") { items.append(try parseAnd()) }
        return items.count == 1 ? items[0] : .or(items)
    }

    mutating func parseAnd() throws(QueryParseError) -> QueryExpression {
        var items = [try parseUnary()]
        while try acceptConnective(.and, "and") { items.append(try parseUnary()) }
        return items.count == 1 ? items[0] : .and(items)
    }

    mutating func parseUnary() throws(QueryParseError) -> QueryExpression {
        let token = try peek()
        if token.kind == .not || token.isKeyword("not") {
            return try nested { (parser: inout Parser) throws(QueryParseError) in
                try parser.advance()
                return .not(try parser.parseUnary())
            }
        }
        return try parsePrimary()
    }

    mutating func parsePrimary() throws(QueryParseError) -> QueryExpression {
        if try peek().kind == .leftParen {
            return try nested { (parser: inout Parser) throws(QueryParseError) in
                try parser.advance()
                let inner = try parser.parseOr()
                try parser.expect(.rightParen, "')' to close the group")
                return inner
            }
        }
        if try acceptKeyword("truepredicate") { return .truePredicate }
        if try acceptKeyword("falsepredicate") { return .falsePredicate }
        return .comparison(try parseComparison())
    }

    mutating func parseComparison() throws(QueryParseError) -> Comparison {
        let leftStart = try peek().start
        let left = try parseOperand()
        let leftText = source.excerpt(leftStart, previousEnd)
        guard let op = try comparisonOperator() else {
            throw try unexpected("expected a comparison operator after \(leftText)")
        }
        let opToken = try advance()
        var options: StringOptions = []
        if case .modifier(let modifier) = try peek().kind {
            guard op.acceptsStringOptions else {
                throw try unexpected(
                    "a modifier cannot follow \(source.excerpt(opToken.start, opToken.end))", kind: .modifierNotAllowed)
            }
            options = modifier
            try advance()
        }
        let rightToken = try peek()
        if op == .geoWithin {
            guard case .keyPath = left else {
                throw source.error(
                    .invalidGeometry, "GEOWITHIN needs a key path on its left", at: leftStart, foundEnd: opToken.start)
            }
            return Comparison(left, op, try parseGeometryOperand())
        }
        let right = try parseOperand()
        if op == .between {
            switch right {
            case .argument: break
            case .list(let items) where items.count == 2: break
            default:
                throw source.error(
                    .invalidBetween, "BETWEEN needs {low, high} or an argument", at: rightToken.start,
                    foundEnd: previousEnd)
            }
        }
        return Comparison(left, op, right, options: options)
    }

    /// The operator at the next token, not consumed.
    mutating func comparisonOperator() throws(QueryParseError) -> ComparisonOperator? {
        let token = try peek()
        if case .comparison(let op) = token.kind { return op }
        let words: [(String, ComparisonOperator)] = [
            ("contains", .contains), ("beginswith", .beginsWith), ("endswith", .endsWith), ("like", .like),
            ("in", .in), ("between", .between), ("geowithin", .geoWithin),
        ]
        return words.first { token.isKeyword($0.0) }?.1
    }
}
