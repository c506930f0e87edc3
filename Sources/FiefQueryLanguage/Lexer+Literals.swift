/// The literal forms: strings, names in backticks, numbers, timestamps, `oid`, `uuid`, `B64`.
extension Lexer {
    /// `'...'` or `"..."` with the escapes `\' \" \/ \\ \b \f \n \r \t \0 \uXXXX`.
    mutating func stringLiteral() throws(QueryParseError) -> Token {
        let start = position
        let text = try quoted(quote: bytes[start], allowedEscapes: Array("'\"/\\bfnrt0u".utf8))
        return Token(kind: .literal(.string(text)), start: start, end: position)
    }

    /// `` `name` `` with the escapes `` \` `` and `\\`; the name may not be empty.
    mutating func quotedName() throws(QueryParseError) -> Token {
        let start = position
        let text = try quoted(quote: 0x60, allowedEscapes: Array("`\\".utf8))
        guard !text.isEmpty else {
            throw source.error(.unexpectedToken, "a property name cannot be empty", at: start, foundEnd: position)
        }
        return Token(kind: .quotedName(text), start: start, end: position)
    }

    /// Reads from the opening quote at `position` through the closing one.
    private mutating func quoted(quote: UInt8, allowedEscapes: [UInt8]) throws(QueryParseError) -> String {
        let start = position
        var out: [UInt8] = []
        position += 1
        while true {
            guard let b = byte(at: position) else {
                throw source.error(
                    .unterminatedString, "unterminated \(quote == 0x60 ? "name" : "string") starting at \(start)",
                    at: start, foundEnd: bytes.count)
            }
            if b == quote {
                position += 1
                return String(decoding: out, as: UTF8.self)
            }
            guard b == 0x5C else {
                out.append(b)
                position += 1
                continue
            }
            let escapeStart = position
            guard let e = byte(at: position + 1), allowedEscapes.contains(e) else {
                throw source.error(.invalidEscape, "invalid escape sequence", at: escapeStart, foundEnd: min(position + 2, bytes.count))
            }
            position += 2
            switch e {
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x30: out.append(0x00)
            case 0x75:
                guard let scalar = try unicodeEscape(escapeStart) else {
                    throw source.error(.invalidEscape, "invalid \\u escape", at: escapeStart, foundEnd: position)
                }
                out.append(contentsOf: String(Character(scalar)).utf8)
            default: out.append(e)
            }
        }
    }

    /// After `\u`: four hex digits, and a second `\uXXXX` for a surrogate pair. Nil if invalid.
    private mutating func unicodeEscape(_ escapeStart: Int) throws(QueryParseError) -> Unicode.Scalar? {
        guard let high = readHex4() else { return nil }
        if (0xD800...0xDBFF).contains(high) {
            guard byte(at: position) == 0x5C, byte(at: position + 1) == 0x75 else { return nil }
            position += 2
            guard let low = readHex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    private mutating func readHex4() -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let b = byte(at: position), let digit = LiteralCoding.hexValue(b) else { return nil }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// After `+` or `-`: a number, or `inf`/`infinity`/`nan`.
    mutating func signedLiteral() throws(QueryParseError) -> Token {
        let start = position
        let next = byte(at: start + 1)
        if Lexer.isDigit(next) || (next == 0x2E && Lexer.isDigit(byte(at: start + 2))) { return try number() }
        var end = start + 1
        while Lexer.isWordContinue(byte(at: end)) { end += 1 }
        let word = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        let negative = bytes[start] == 0x2D
        if Keywords.equal(word, "inf") || Keywords.equal(word, "infinity") {
            position = end
            return Token(kind: .literal(.double(negative ? -.infinity : .infinity)), start: start, end: end)
        }
        if Keywords.equal(word, "nan") {
            position = end
            return Token(kind: .literal(.double(.nan)), start: start, end: end)
        }
        throw source.error(.invalidCharacter, "unexpected character (arithmetic is not supported)", at: start)
    }

    /// Decimal or hexadecimal integers and decimal floating point, optionally signed.
    mutating func number() throws(QueryParseError) -> Token {
        let start = position
        var negative = false
        if let sign = byte(at: position), sign == 0x2B || sign == 0x2D {
            negative = sign == 0x2D
            position += 1
        }
        if position == start, byte(at: position) == 0x30, let x = byte(at: position + 1), x | 0x20 == 0x78,
            let h = byte(at: position + 2), LiteralCoding.hexValue(h) != nil
        {
            position += 2
            var value: UInt64 = 0
            var overflow = false
            while let b = byte(at: position), let digit = LiteralCoding.hexValue(b) {
                if value >> 60 != 0 { overflow = true }
                value = value << 4 | UInt64(digit)
                position += 1
            }
            guard !overflow, value <= UInt64(Int64.max) else {
                throw source.error(.numberOutOfRange, "integer literal out of range", at: start, foundEnd: position)
            }
            return Token(kind: .literal(.integer(Int64(value))), start: start, end: position)
        }
        let magnitude = readDecimal()
        var isFloat = false
        if byte(at: position) == 0x2E {
            isFloat = true
            position += 1
            while Lexer.isDigit(byte(at: position)) { position += 1 }
        }
        if let e = byte(at: position), e | 0x20 == 0x65 {
            var p = position + 1
            if let s = byte(at: p), s == 0x2B || s == 0x2D { p += 1 }
            if Lexer.isDigit(byte(at: p)) {
                isFloat = true
                position = p
                while Lexer.isDigit(byte(at: position)) { position += 1 }
            }
        }
        if isFloat {
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            guard let value = Double(text) else {
                throw source.error(.numberOutOfRange, "invalid number", at: start, foundEnd: position)
            }
            return Token(kind: .literal(.double(value)), start: start, end: position)
        }
        let limit = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        guard let magnitude, magnitude <= limit else {
            throw source.error(.numberOutOfRange, "integer literal out of range", at: start, foundEnd: position)
        }
        let value = negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(magnitude)
        return Token(kind: .literal(.integer(value)), start: start, end: position)
    }
}
