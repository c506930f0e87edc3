/// The literal forms with a fixed shape: timestamps, `oid(...)`, `uuid(...)`, `B64"..."`.
extension Lexer {
    /// Whether `position` starts `T[+-]?digits:[+-]?digits`.
    func isSecondsTimestamp() -> Bool {
        var p = position + 1
        for part in 0..<2 {
            if let s = byte(at: p), s == 0x2B || s == 0x2D { p += 1 }
            guard Lexer.isDigit(byte(at: p)) else { return false }
            while Lexer.isDigit(byte(at: p)) { p += 1 }
            if part == 0 {
                guard byte(at: p) == 0x3A else { return false }
                p += 1
            }
        }
        return true
    }

    /// `T<seconds>:<nanoseconds>`; both signed, with the same sign, nanoseconds below 10^9.
    mutating func secondsTimestamp() throws(QueryParseError) -> Token {
        let start = position
        position += 1
        let seconds = readSigned()
        position += 1  // ':'
        let nanos = readSigned()
        guard let seconds, let nanos, nanos.magnitude < 1_000_000_000,
            !(seconds > 0 && nanos < 0), !(seconds < 0 && nanos > 0)
        else {
            throw source.error(
                .invalidTimestamp,
                "timestamp needs seconds and nanoseconds (below 1000000000) of the same sign",
                at: start, foundEnd: position)
        }
        return Token(kind: .literal(.timestamp(seconds: seconds, nanoseconds: Int32(nanos))), start: start, end: position)
    }

    private mutating func readSigned() -> Int64? {
        var negative = false
        if let s = byte(at: position), s == 0x2B || s == 0x2D {
            negative = s == 0x2D
            position += 1
        }
        guard let magnitude = readDecimal(), magnitude <= UInt64(Int64.max) else { return nil }
        return negative ? -Int64(magnitude) : Int64(magnitude)
    }

    /// `YYYY-MM-DD@HH:MM:SS` or with `T` for `@`, optionally `:NANOS`, in UTC; nil (nothing
    /// consumed) when the input at `position` does not have that shape.
    mutating func dateTimestamp() throws(QueryParseError) -> Token? {
        let start = position
        func digitsEnd(_ from: Int) -> Int? {
            var end = from
            while Lexer.isDigit(byte(at: end)) { end += 1 }
            return end > from ? end : nil
        }
        let separators: [[UInt8]] = [[0x2D], [0x2D], [0x40, 0x54], [0x3A], [0x3A]]
        var ranges: [Range<Int>] = []
        var p = start
        for separator in separators {
            guard let end = digitsEnd(p), let next = byte(at: end), separator.contains(next) else { return nil }
            ranges.append(p..<end)
            p = end + 1
        }
        guard let secondsEnd = digitsEnd(p) else { return nil }
        ranges.append(p..<secondsEnd)
        p = secondsEnd
        if byte(at: p) == 0x3A, let end = digitsEnd(p + 1) {
            ranges.append((p + 1)..<end)
            p = end
        }
        let fields: [UInt64?] = ranges.map { range in
            position = range.lowerBound
            return readDecimal()
        }
        position = p
        let invalid = source.error(.invalidTimestamp, "invalid date or time", at: start, foundEnd: position)
        // Every valid field is below 10^9; larger ones (up to UInt64.max) must not reach Int64().
        guard fields.allSatisfy({ $0.map { $0 < 1 << 40 } ?? false }) else { throw invalid }
        let v = fields.map { Int64($0!) }
        guard (0...9999).contains(v[0]), (1...12).contains(v[1]),
            v[2] >= 1, v[2] <= LiteralCoding.daysInMonth(year: v[0], month: v[1]),
            v[3] <= 23, v[4] <= 59, v[5] <= 59, (v.count == 6 || v[6] < 1_000_000_000)
        else { throw invalid }
        let days = LiteralCoding.daysFromCivil(year: v[0], month: v[1], day: v[2])
        var seconds = days * 86_400 + v[3] * 3600 + v[4] * 60 + v[5]
        var nanos = v.count == 7 ? v[6] : 0
        if seconds < 0 && nanos > 0 {
            // Keep one sign: -1.5 s is (-1 s, -500000000 ns), not (-2 s, +500000000 ns).
            seconds += 1
            nanos -= 1_000_000_000
        }
        return Token(kind: .literal(.timestamp(seconds: seconds, nanoseconds: Int32(nanos))), start: start, end: position)
    }

    /// `oid(` then exactly 24 hexadecimal digits and `)`.
    mutating func objectId(start: Int) throws(QueryParseError) -> Token {
        let digits = try parenthesized(start: start, allowed: { LiteralCoding.hexValue($0) != nil })
        guard digits.count == 24 else {
            throw source.error(.invalidObjectId, "oid() needs 24 hexadecimal digits", at: start, foundEnd: position)
        }
        return Token(kind: .literal(.objectId(Lexer.hexBytes(digits))), start: start, end: position)
    }

    /// `uuid(` then `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` and `)`.
    mutating func uuid(start: Int) throws(QueryParseError) -> Token {
        let text = try parenthesized(start: start, allowed: { LiteralCoding.hexValue($0) != nil || $0 == 0x2D })
        let groups = text.split(separator: 0x2D, omittingEmptySubsequences: false).map(\.count)
        guard groups == [8, 4, 4, 4, 12] else {
            throw source.error(
                .invalidUUID, "uuid() needs the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", at: start, foundEnd: position)
        }
        return Token(kind: .literal(.uuid(Lexer.hexBytes(text.filter { $0 != 0x2D }))), start: start, end: position)
    }

    /// After `name(`: the run of allowed bytes, then `)` (consumed). Position ends after `)`.
    private mutating func parenthesized(start: Int, allowed: (UInt8) -> Bool) throws(QueryParseError) -> [UInt8] {
        position += 1  // '('
        let contentStart = position
        while let b = byte(at: position), allowed(b), position - contentStart < 64 { position += 1 }
        let content = Array(bytes[contentStart..<position])
        if byte(at: position) == 0x29 {
            position += 1
        } else {
            let word = String(decoding: bytes[start..<(contentStart - 1)], as: UTF8.self).lowercased()
            let what: QueryParseError.Kind = word == "oid" ? .invalidObjectId : .invalidUUID
            let message = word == "oid"
                ? "oid() needs 24 hexadecimal digits" : "uuid() needs the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
            throw source.error(what, message, at: start, foundEnd: min(position + 1, bytes.count))
        }
        return content
    }

    static func hexBytes(_ digits: [UInt8]) -> [UInt8] {
        stride(from: 0, to: digits.count, by: 2).map {
            LiteralCoding.hexValue(digits[$0])! << 4 | LiteralCoding.hexValue(digits[$0 + 1])!
        }
    }

    /// `B64"` then standard padded base64 and `"`.
    mutating func base64(start: Int) throws(QueryParseError) -> Token {
        position += 1  // '"'
        let contentStart = position
        while let b = byte(at: position), b != 0x22 { position += 1 }
        guard position < bytes.count else {
            throw source.error(.unterminatedString, "unterminated string starting at \(start)", at: start, foundEnd: bytes.count)
        }
        position += 1
        guard let decoded = LiteralCoding.base64Decode(bytes[contentStart..<(position - 1)]) else {
            throw source.error(.invalidBase64, "B64\"...\" needs padded base64", at: start, foundEnd: position)
        }
        return Token(kind: .literal(.binary(decoded)), start: start, end: position)
    }
}
