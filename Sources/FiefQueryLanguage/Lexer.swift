/// Splits the query's UTF-8 bytes into tokens, one at a time.
///
/// Operators, punctuation and words are here; literal forms are in `Lexer+Literals.swift`.
struct Lexer {
    let source: SourceText
    var position = 0
    /// Set by the parser inside `geoBox(...)`, `geoCircle(...)` and `geoPolygon(...)`, where `[`
    /// and `]` bracket points instead of modifiers.
    var bracketsArePunctuation = false

    init(_ source: SourceText) { self.source = source }

    var bytes: [UInt8] { source.bytes }

    func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    static func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }

    /// Letters, `_`, `$` and any non-ASCII byte may start a word.
    static func isWordStart(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
            || byte == 0x24 || byte >= 0x80
    }

    static func isWordContinue(_ byte: UInt8?) -> Bool { isWordStart(byte) || isDigit(byte) }

    /// The next token (`.end` at the end of input).
    mutating func next() throws(QueryParseError) -> Token {
        while let b = byte(at: position), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { position += 1 }
        let start = position
        guard let first = byte(at: position) else { return Token(kind: .end, start: start, end: start) }
        let second = byte(at: position + 1)
        func single(_ kind: Token.Kind, _ length: Int = 1) -> Token {
            position = start + length
            return Token(kind: kind, start: start, end: position)
        }
        switch first {
        case 0x28: return single(.leftParen)
        case 0x29: return single(.rightParen)
        case 0x7B: return single(.leftBrace)
        case 0x7D: return single(.rightBrace)
        case 0x2C: return single(.comma)
        case 0x3D:  // =
            switch second {
            case 0x3D: return single(.comparison(.equal), 2)
            case 0x3C: return single(.comparison(.lessOrEqual), 2)
            case 0x3E: return single(.comparison(.greaterOrEqual), 2)
            default: return single(.comparison(.equal))
            }
        case 0x21:  // !
            return second == 0x3D ? single(.comparison(.notEqual), 2) : single(.not)
        case 0x3C:  // <
            switch second {
            case 0x3D: return single(.comparison(.lessOrEqual), 2)
            case 0x3E: return single(.comparison(.notEqual), 2)
            default: return single(.comparison(.less))
            }
        case 0x3E:  // >
            return second == 0x3D ? single(.comparison(.greaterOrEqual), 2) : single(.comparison(.greater))
        case 0x26 where second == 0x26: return single(.and, 2)
        case 0x7C where second == 0x7C: return single(.or, 2)
        case 0x5B where bracketsArePunctuation: return single(.leftBracket)
        case 0x5D where bracketsArePunctuation: return single(.rightBracket)
        case 0x5B where opensSubscript(): return try subscriptToken()
        case 0x5B: return try modifier()
        case 0x60: return try quotedName()
        case 0x27, 0x22: return try stringLiteral()
        case 0x40: return try collectionOperator()
        case 0x24 where Lexer.isDigit(second): return try argument()
        case 0x2B, 0x2D: return try signedLiteral()
        case 0x2E:
            return Lexer.isDigit(second) ? try number() : single(.dot)
        case 0x30...0x39:
            if let date = try dateTimestamp() { return date }
            return try number()
        case 0x54 where isSecondsTimestamp(): return try secondsTimestamp()
        default:
            if Lexer.isWordStart(first) { return try word() }
            throw source.error(.invalidCharacter, "unexpected character", at: start)
        }
    }

    /// A word, or `oid(...)`, `uuid(...)`, `B64"..."` when the word is followed by their opener.
    private mutating func word() throws(QueryParseError) -> Token {
        let start = position
        while Lexer.isWordContinue(byte(at: position)) { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        let following = byte(at: position)
        if following == 0x28, Keywords.equal(text, "oid") { return try objectId(start: start) }
        if following == 0x28, Keywords.equal(text, "uuid") { return try uuid(start: start) }
        if following == 0x22, text == "B64" { return try base64(start: start) }
        return Token(kind: .word(text), start: start, end: position)
    }

    /// `[c]`, `[d]`, `[cd]` (or `[dc]`).
    private mutating func modifier() throws(QueryParseError) -> Token {
        let start = position
        var end = start + 1
        while let b = byte(at: end), Lexer.isWordContinue(b), b < 0x80, end - start <= 8 { end += 1 }
        guard byte(at: end) == 0x5D else {
            throw source.error(.unexpectedToken, "'[' must start a modifier such as [c]", at: start)
        }
        let letters = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        let options: StringOptions
        switch letters {
        case "c": options = .caseInsensitive
        case "d": options = .diacriticInsensitive
        case "cd", "dc": options = [.caseInsensitive, .diacriticInsensitive]
        default:
            throw source.error(.unknownModifier, "unknown modifier [\(letters)]", at: start, foundEnd: end + 1)
        }
        position = end + 1
        return Token(kind: .modifier(options), start: start, end: position)
    }

    /// `@count` and the other collection operators.
    private mutating func collectionOperator() throws(QueryParseError) -> Token {
        let start = position
        var end = start + 1
        while Lexer.isWordContinue(byte(at: end)) { end += 1 }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        guard let op = CollectionOperatorToken.allCases.first(where: { Keywords.equal(name, $0.rawValue) }) else {
            throw source.error(
                .unknownCollectionOperator, "unknown collection operator @\(name)", at: start, foundEnd: end)
        }
        position = end
        return Token(kind: .collectionOperator(op), start: start, end: end)
    }

    /// `$n`.
    private mutating func argument() throws(QueryParseError) -> Token {
        let start = position
        position += 1
        guard let value = readDecimal(), value <= UInt64(Int32.max) else {
            throw source.error(.numberOutOfRange, "argument index is too large", at: start, foundEnd: position)
        }
        return Token(kind: .argument(Int(value)), start: start, end: position)
    }

    /// Reads ASCII digits at `position`; nil on overflow (the digits are consumed either way).
    mutating func readDecimal() -> UInt64? {
        var value: UInt64? = 0
        while let b = byte(at: position), Lexer.isDigit(b) {
            if let current = value {
                let (times, o1) = current.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(UInt64(b - 0x30))
                value = o1 || o2 ? nil : sum
            }
            position += 1
        }
        return value
    }
}
