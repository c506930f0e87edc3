/// A malformed JSON document: what was expected and where (line and column, from 1).
struct JSONSyntaxError: Error, CustomStringConvertible {
    /// The line of the offending character, from 1.
    var line: Int
    /// The column of the offending character, from 1 (counted in Unicode scalars).
    var column: Int
    /// What is wrong there.
    var message: String

    var description: String { "line \(line), column \(column): \(message)" }
}

/// Parses JSON text (RFC 8259) into ``JSON`` values, keeping numbers as written and the key
/// order of objects.
struct JSONParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// Containers may nest this deep; deeper input is rejected rather than overflowing the stack.
    static let maximumDepth = 512

    private init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// The value `text` holds; throws ``JSONSyntaxError`` at the first error.
    static func parse(_ text: String) throws(JSONSyntaxError) -> JSON {
        var parser = JSONParser(text)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.scalars.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        var line = 1, column = 1
        for scalar in scalars[..<min(position ?? index, scalars.count)] {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func skipSpace() {
        while let c = current, c == " " || c == "\n" || c == "\r" || c == "\t" { index += 1 }
    }

    private mutating func expect(_ c: Unicode.Scalar, _ what: String) throws(JSONSyntaxError) {
        skipSpace()
        guard current == c else { throw error("expected \(what)") }
        index += 1
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSON {
        guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        skipSpace()
        guard let c = current else { throw error("expected a value, found the end of the text") }
        switch c {
        case "{": return try object(depth: depth)
        case "[": return try array(depth: depth)
        case "\"": return .string(try string())
        case "t": return try literal("true", .bool(true))
        case "f": return try literal("false", .bool(false))
        case "n": return try literal("null", .null)
        case "-", "0"..."9": return .number(try number())
        default: throw error("expected a value, found '\(c)'")
        }
    }

    private mutating func literal(_ word: String, _ value: JSON) throws(JSONSyntaxError) -> JSON {
        for expected in word.unicodeScalars {
            guard current == expected else { throw error("expected '\(word)'") }
            index += 1
        }
        return value
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSON {
        index += 1
        var members: [(String, JSON)] = []
        skipSpace()
        if current == "}" { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard current == "\"" else { throw error("expected a quoted member name") }
            let key = try string()
            try expect(":", "':' after the member name")
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            if current == "," { index += 1; continue }
            if current == "}" { index += 1; return .object(members) }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSON {
        index += 1
        var items: [JSON] = []
        skipSpace()
        if current == "]" { index += 1; return .array(items) }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            if current == "," { index += 1; continue }
            if current == "]" { index += 1; return .array(items) }
            throw error("expected ',' or ']' in an array")
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            var n = 0
            while let c = parser.current, ("0"..."9").contains(c) { parser.index += 1; n += 1 }
            return n
        }
        if current == "-" { index += 1 }
        guard digits(&self) > 0 else { throw error("expected digits in a number") }
        if current == "." {
            index += 1
            guard digits(&self) > 0 else { throw error("expected digits after '.'") }
        }
        if current == "e" || current == "E" {
            index += 1
            if current == "+" || current == "-" { index += 1 }
            guard digits(&self) > 0 else { throw error("expected digits in the exponent") }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<index])
        return text
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var out = ""
        while true {
            guard let c = current else { throw error("unterminated string", at: start) }
            index += 1
            switch c {
            case "\"": return out
            case "\\": out.unicodeScalars.append(try escape())
            case _ where c.value < 0x20: throw error("control character in a string", at: index - 1)
            default: out.unicodeScalars.append(c)
            }
        }
    }

    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let c = current else { throw error("unterminated escape") }
        index += 1
        switch c {
        case "\"": return "\""
        case "\\": return "\\"
        case "/": return "/"
        case "b": return "\u{8}"
        case "f": return "\u{C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u":
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == "\\" else { throw error("unpaired surrogate in \\u escape") }
                index += 1
                guard current == "u" else { throw error("unpaired surrogate in \\u escape") }
                index += 1
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate in \\u escape") }
            return scalar
        default: throw error("unknown escape '\\\(c)'", at: index - 2)
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = current, let digit = UInt32(String(c), radix: 16) else { throw error("expected 4 hex digits after \\u") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
