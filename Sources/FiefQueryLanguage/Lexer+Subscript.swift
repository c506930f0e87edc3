/// Subscripts after a key path, which reach into a list or dictionary: `[2]`, `['key']`,
/// `[*]`, `[FIRST]`, `[LAST]`, `[SIZE]`.
///
/// A subscript's `[` directly follows a name, a `` ` `` or another subscript's `]`, and a digit,
/// a quote, `*` or one of the words follows it; any other `[` starts a modifier (`[c]`, `[d]`,
/// `[cd]`), which never holds those.
extension Lexer {
    /// The words a subscript may hold, lowercase.
    private static let subscriptWords: [(String, KeyPathSubscript)] = [("first", .first), ("last", .last), ("size", .size)]

    /// Whether the `[` at `position` opens a subscript (see above; spaces allowed inside).
    func opensSubscript() -> Bool {
        guard position > 0, let before = byte(at: position - 1),
              Lexer.isWordContinue(before) || before == 0x60 || before == 0x5D else { return false }
        var p = position + 1
        while byte(at: p) == 0x20 { p += 1 }
        guard let b = byte(at: p) else { return false }
        if Lexer.isDigit(b) || b == 0x27 || b == 0x22 || b == 0x2A { return true }
        let start = p
        while Lexer.isWordContinue(byte(at: p)) { p += 1 }
        let word = String(decoding: bytes[start..<p], as: UTF8.self)
        return Lexer.subscriptWords.contains { Keywords.equal(word, $0.0) }
    }

    /// The subscript whose `[` is at `position`, through its `]`.
    mutating func subscriptToken() throws(QueryParseError) -> Token {
        let start = position
        position += 1
        skipSpaces()
        let kind: KeyPathSubscript
        switch byte(at: position) {
        case let b? where Lexer.isDigit(b):
            let digits = position
            var value = 0
            while let d = byte(at: position), Lexer.isDigit(d) {
                value = value * 10 + Int(d - 0x30)
                guard value <= Int(Int32.max) else {
                    throw source.error(.numberOutOfRange, "a subscript index is at most \(Int32.max)", at: digits)
                }
                position += 1
            }
            kind = .index(value)
        case 0x27?, 0x22?:
            guard case .literal(.string(let key)) = try stringLiteral().kind else { preconditionFailure("a string literal") }
            kind = .key(key)
        case 0x2A?:
            position += 1
            kind = .all
        default:
            let word = position
            while Lexer.isWordContinue(byte(at: position)) { position += 1 }
            let text = String(decoding: bytes[word..<position], as: UTF8.self)
            guard let known = Lexer.subscriptWords.first(where: { Keywords.equal(text, $0.0) }) else {
                throw source.error(.unexpectedToken, "a subscript holds an index, a 'key', *, FIRST, LAST or SIZE", at: word)
            }
            kind = known.1
        }
        skipSpaces()
        guard byte(at: position) == 0x5D else {
            throw source.error(.unexpectedToken, "expected ']' to close the subscript opened at \(start)", at: position)
        }
        position += 1
        return Token(kind: .subscript(kind), start: start, end: position)
    }

    private mutating func skipSpaces() {
        while byte(at: position) == 0x20 { position += 1 }
    }
}
