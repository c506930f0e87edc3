/// Operands: key paths (with quantifiers, collection operators, backlinks), literals,
/// arguments, lists and subqueries.
///
///     operand  := literal | "$n" | list | subquery | quantifier? keypath
///     list     := "{" (element ("," element)*)? "}"          element := literal | "$n"
///     keypath  := head ("." step)*       head := name | backlinks
///     step     := name | "@count" | "@size" | "@sum" | "@min" | "@max" | "@avg" | "@keys" | "@values" | backlinks
///     backlinks := "@links" "." name "." name | "@links" (before ".@count"/".@size")
///     subquery := "SUBQUERY" "(" keypath "," $name "," or ")" "." ("@count" | "@size")
extension Parser {
    mutating func parseOperand() throws(QueryParseError) -> QueryOperand {
        let token = try peek()
        switch token.kind {
        case .literal(let literal):
            try advance()
            return .literal(literal)
        case .argument(let index):
            try advance()
            return .argument(index)
        case .leftBrace:
            return try parseList()
        case .quotedName, .collectionOperator(.links):
            return .keyPath(try parseKeyPath(quantifier: nil))
        case .word(let text):
            if let quantifier = Parser.quantifier(text) {
                try advance()
                return .keyPath(try parseKeyPath(quantifier: quantifier))
            }
            if token.isKeyword("subquery") { return try parseSubquery() }
            if let literal = Parser.wordLiteral(text) {
                try advance()
                return .literal(literal)
            }
            return .keyPath(try parseKeyPath(quantifier: nil))
        default:
            throw try unexpected("expected a key path, a literal or an argument")
        }
    }

    static func quantifier(_ word: String) -> Quantifier? {
        if Keywords.equal(word, "any") || Keywords.equal(word, "some") { return .any }
        if Keywords.equal(word, "all") { return .all }
        if Keywords.equal(word, "none") { return .noneOf }
        return nil
    }

    /// `true`, `false`, `null`, `nil`, `inf`, `infinity`, `nan` in any case.
    static func wordLiteral(_ word: String) -> QueryLiteral? {
        if Keywords.equal(word, "true") { return .bool(true) }
        if Keywords.equal(word, "false") { return .bool(false) }
        if Keywords.equal(word, "null") || Keywords.equal(word, "nil") { return .null }
        if Keywords.equal(word, "inf") || Keywords.equal(word, "infinity") { return .double(.infinity) }
        if Keywords.equal(word, "nan") { return .double(.nan) }
        return nil
    }

    /// `{a, b, ...}` of literals and arguments.
    mutating func parseList() throws(QueryParseError) -> QueryOperand {
        try nested { (parser: inout Parser) throws(QueryParseError) in
            try parser.advance()  // '{'
            var items: [QueryOperand] = []
            if try parser.accept(.rightBrace) { return .list(items) }
            while true {
                let token = try parser.peek()
                switch token.kind {
                case .literal(let literal): items.append(.literal(literal))
                case .argument(let index): items.append(.argument(index))
                case .word(let text) where Parser.wordLiteral(text) != nil: items.append(.literal(Parser.wordLiteral(text)!))
                default: throw try parser.unexpected("expected a literal or an argument in the list")
                }
                try parser.advance()
                if try parser.accept(.comma) { continue }
                try parser.expect(.rightBrace, "',' or '}' in the list")
                return .list(items)
            }
        }
    }

    /// A key path; its first name must not be a reserved word (later names may be).
    mutating func parseKeyPath(quantifier: Quantifier?) throws(QueryParseError) -> KeyPathExpression {
        var components: [KeyPathComponent] = []
        let head = try peek()
        switch head.kind {
        case .word(let text) where !Keywords.isReserved(text):
            try advance()
            components.append(.property(text))
        case .quotedName(let name):
            try advance()
            components.append(.property(name))
        case .collectionOperator(.links):
            try parseBacklinks(into: &components)
        default:
            throw try unexpected("expected a key path")
        }
        while true {
            if case .subscript(let s) = try peek().kind {
                try advance()
                components.append(.subscript(s))
                continue
            }
            guard try accept(.dot) else { break }
            let step = try peek()
            switch step.kind {
            case .word(let name), .quotedName(let name):
                try advance()
                components.append(.property(name))
            case .collectionOperator(.links):
                try parseBacklinks(into: &components)
            case .collectionOperator(let op):
                try advance()
                switch op {
                case .count, .size: components.append(.aggregate(.count))
                case .sum: components.append(.aggregate(.sum))
                case .min: components.append(.aggregate(.min))
                case .max: components.append(.aggregate(.max))
                case .avg: components.append(.aggregate(.avg))
                case .keys: components.append(.keys)
                case .values: components.append(.values)
                case .links: break  // handled above
                }
            default:
                throw try unexpected("expected a property name or a collection operator after '.'")
            }
        }
        return KeyPathExpression(quantifier: quantifier, components)
    }

    /// At `@links`: `@links.Type.property`, or a bare `@links` when `.@count`/`.@size` follows.
    private mutating func parseBacklinks(into components: inout [KeyPathComponent]) throws(QueryParseError) {
        let links = try advance()
        let invalid = source.error(
            .invalidBacklink, "@links must be followed by .@count or .Type.property", at: links.start,
            foundEnd: links.end)
        guard try peek().kind == .dot else { throw invalid }
        switch try peek(1).kind {
        case .collectionOperator(.count), .collectionOperator(.size):
            components.append(.allBacklinks)
        case .word, .quotedName:
            try advance()
            let type = try propertyName()
            guard try accept(.dot) else { throw invalid }
            let property = try propertyName()
            components.append(.backlink(objectType: type, property: property))
        default:
            throw invalid
        }
    }

    /// A bare word (keywords allowed) or a name in backticks.
    private mutating func propertyName() throws(QueryParseError) -> String {
        switch try peek().kind {
        case .word(let name), .quotedName(let name):
            try advance()
            return name
        default:
            throw try unexpected("expected a name")
        }
    }

    /// `SUBQUERY(collection, $variable, predicate).@count`.
    mutating func parseSubquery() throws(QueryParseError) -> QueryOperand {
        let keyword = try advance()
        try expect(.leftParen, "'(' after SUBQUERY")
        let subquery = try nested { (parser: inout Parser) throws(QueryParseError) in
            let collection = try parser.parseKeyPath(quantifier: nil)
            try parser.expect(.comma, "',' after the SUBQUERY collection")
            guard case .word(let variable) = try parser.peek().kind, variable.utf8.first == 0x24 else {
                throw try parser.unexpected("SUBQUERY needs a $variable", kind: .invalidSubquery)
            }
            try parser.advance()
            try parser.expect(.comma, "',' after the SUBQUERY variable")
            let predicate = try parser.parseOr()
            try parser.expect(.rightParen, "')' to close SUBQUERY")
            return Subquery(collection: collection, variable: variable, predicate: predicate)
        }
        let dot = try peek()
        let count = try peek(1)
        guard dot.kind == .dot,
            count.kind == .collectionOperator(.count) || count.kind == .collectionOperator(.size)
        else {
            throw source.error(
                .invalidSubquery, "SUBQUERY(...) must be followed by .@count", at: keyword.start, foundEnd: previousEnd)
        }
        try advance()
        try advance()
        return .subquery(subquery)
    }
}
