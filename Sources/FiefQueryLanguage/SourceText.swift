/// The query's UTF-8 bytes plus helpers to describe positions in error messages.
struct SourceText: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// 1-based line and column (in Unicode scalars) of a byte offset.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        var line = 1
        var column = 1
        for index in 0..<end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The text in `start..<end`, cut to `limit` bytes at a scalar boundary, quoted.
    func excerpt(_ start: Int, _ end: Int, limit: Int = 40) -> String {
        guard start < end, start < bytes.count else { return "end of input" }
        var stop = min(end, bytes.count, start + limit)
        while stop < min(end, bytes.count), stop > start, bytes[stop] & 0xC0 == 0x80 { stop -= 1 }
        let text = String(decoding: bytes[start..<stop], as: UTF8.self)
        return "'" + text + (stop < end ? "…" : "") + "'"
    }

    /// Makes an error at `offset` whose "found" text is `start..<end` (defaults to `offset`'s scalar).
    func error(_ kind: QueryParseError.Kind, _ message: String, at offset: Int, foundEnd: Int? = nil) -> QueryParseError {
        let (line, column) = lineAndColumn(of: offset)
        var end = foundEnd ?? (offset + 1)
        if foundEnd == nil {
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        }
        return QueryParseError(
            kind: kind, message: message, offset: offset, line: line, column: column,
            found: excerpt(offset, end))
    }

    /// The offset of the first byte that is not well-formed UTF-8, or nil when all are.
    /// Rejects overlong forms, surrogates and scalars above U+10FFFF.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let count: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: count = 1
            case 0xE0: count = 2; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: count = 2
            case 0xED: count = 2; high = 0x9F
            case 0xF0: count = 3; low = 0x90
            case 0xF1...0xF3: count = 3
            case 0xF4: count = 3; high = 0x8F
            default: return index
            }
            guard index + count < bytes.count else { return index }
            for step in 1...count {
                let byte = bytes[index + step]
                let (min, max) = step == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                if byte < min || byte > max { return index }
            }
            index += count + 1
        }
        return nil
    }
}
