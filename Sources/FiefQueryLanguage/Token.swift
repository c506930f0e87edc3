/// One lexical token with its UTF-8 byte range in the query.
struct Token: Sendable {
    enum Kind: Equatable, Sendable {
        /// An unquoted word: a property name or a keyword (keywords are recognized by the parser,
        /// case-insensitively, depending on position).
        case word(String)
        /// A backtick-quoted property name (never a keyword).
        case quotedName(String)
        /// `@count`, `@size`, `@sum`, `@min`, `@max`, `@avg`, `@links`, `@keys`, `@values`.
        case collectionOperator(CollectionOperatorToken)
        /// Numbers, strings, `oid(...)`, `uuid(...)`, timestamps, `B64"..."`, `-inf`, `+nan`.
        case literal(QueryLiteral)
        /// `$n`.
        case argument(Int)
        /// `==` `=` `!=` `<>` `<` `<=` `=<` `>` `>=` `=>`.
        case comparison(ComparisonOperator)
        /// `&&`
        case and
        /// `||`
        case or
        /// `!`
        case not
        /// `[c]`, `[d]`, `[cd]`.
        case modifier(StringOptions)
        /// `[2]`, `['key']`, `[*]`, `[FIRST]`, `[LAST]`, `[SIZE]` after a key path.
        case `subscript`(KeyPathSubscript)
        case leftParen, rightParen, leftBrace, rightBrace, comma, dot
        /// `[` and `]`: only inside a geospatial shape (elsewhere `[` starts a modifier).
        case leftBracket, rightBracket
        case end
    }

    var kind: Kind
    /// Byte offset of the first byte.
    var start: Int
    /// Byte offset just past the last byte.
    var end: Int

    /// The word's text when it is an unquoted word equal (ignoring ASCII case) to `keyword`.
    func isKeyword(_ keyword: String) -> Bool {
        if case .word(let text) = kind { return Keywords.equal(text, keyword) }
        return false
    }
}

/// The `@` words.
enum CollectionOperatorToken: String, Sendable, CaseIterable {
    case count, size, sum, min, max, avg, links, keys, values
}

/// Reserved words: an unquoted word in operand position that is one of these is not a property
/// name, so the formatter puts such names in backticks.
enum Keywords {
    static let reserved: Set<String> = [
        "and", "or", "not", "any", "some", "all", "none", "in", "between", "contains", "beginswith",
        "endswith", "like", "geowithin", "truepredicate", "falsepredicate", "subquery", "sort", "distinct", "limit",
        "true", "false", "null", "nil", "inf", "infinity", "nan",
    ]

    /// ASCII-case-insensitive comparison with a lowercase keyword.
    static func equal(_ text: String, _ keyword: String) -> Bool {
        let a = text.utf8
        let b = keyword.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { lowercase($0) == $1 }
    }

    static func isReserved(_ text: String) -> Bool {
        guard text.utf8.count <= 14, text.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        return reserved.contains(String(decoding: text.utf8.map(lowercase), as: UTF8.self))
    }

    static func lowercase(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
