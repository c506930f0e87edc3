/// Entry points of the Realm Query Language parser.
///
///     let query = try QueryLanguage.parse("age > 3 AND name BEGINSWITH[c] 'a' SORT(age DESC)")
///     query.predicate            // .and([...])
///     query.highestArgumentIndex // nil: no $n placeholders
///     query.description          // canonical text; parses back to an equal value
package enum QueryLanguage {
    /// Queries longer than this many UTF-8 bytes are rejected (`.inputTooLong`).
    package static let maximumInputLength = 1 << 20
    /// Parentheses, `NOT`, lists and subqueries nested deeper than this are rejected
    /// (`.nestingTooDeep`), which bounds the parser's (and the AST walkers') recursion.
    package static let maximumNestingDepth = 256

    /// Parses a query string.
    package static func parse(_ text: String) throws(QueryParseError) -> ParsedQuery {
        try parse(utf8: Array(text.utf8))
    }

    /// Parses raw bytes, which must be well-formed UTF-8 (else `.invalidUTF8` at the first bad byte).
    package static func parse(utf8 bytes: [UInt8]) throws(QueryParseError) -> ParsedQuery {
        if bytes.count > maximumInputLength {
            let (line, column) = SourceText(bytes).lineAndColumn(of: maximumInputLength)
            throw QueryParseError(
                kind: .inputTooLong, message: "query is longer than \(maximumInputLength) bytes",
                offset: maximumInputLength, line: line, column: column, found: "\(bytes.count) bytes")
        }
        if let bad = SourceText.firstInvalidUTF8(bytes) {
            let source = SourceText(bytes)
            let (line, column) = source.lineAndColumn(of: bad)
            let hex = LiteralCoding.hexString([bytes[bad]])
            throw QueryParseError(
                kind: .invalidUTF8, message: "invalid UTF-8", offset: bad, line: line, column: column,
                found: "byte 0x\(hex)")
        }
        var parser = Parser(SourceText(bytes), maximumDepth: maximumNestingDepth)
        return try parser.parseQuery()
    }
}
