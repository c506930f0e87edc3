/// Prints a query AST as canonical query text that parses back to an equal AST.
///
/// Canonical means: keywords in uppercase, `==`/`!=`, single-quoted strings, property names in
/// backticks only when they are not plain words (or are reserved), the fewest parentheses that
/// keep the tree's shape (an `AND` inside an `AND` or an `OR` inside an `AND`/`OR` gets them),
/// doubles in Swift's shortest round-trip form, timestamps as `T<seconds>:<nanoseconds>`.
///
/// Precondition for the round trip: the AST is one the parser can produce (`AND`/`OR` with at
/// least two operands, lists of literals and arguments, `.allBacklinks` only before `@count`,
/// subquery variables that are `$` words, no empty names, `.geometry` only on the right of
/// `GEOWITHIN` and with no `problem`).
package enum QueryFormatter {
    package static func format(_ query: ParsedQuery) -> String {
        var out = format(query.predicate)
        for descriptor in query.descriptors {
            out += " "
            switch descriptor {
            case .sort(let keys):
                out += "SORT(" + keys.map { format($0.keyPath) + ($0.ascending ? " ASC" : " DESC") }.joined(separator: ", ") + ")"
            case .distinct(let keyPaths):
                out += "DISTINCT(" + keyPaths.map(format).joined(separator: ", ") + ")"
            case .limit(let count):
                out += "LIMIT(\(count))"
            }
        }
        return out
    }

    package static func format(_ expression: QueryExpression) -> String {
        switch expression {
        case .truePredicate: return "TRUEPREDICATE"
        case .falsePredicate: return "FALSEPREDICATE"
        case .not(let inner):
            switch inner {
            case .and, .or: return "NOT (" + format(inner) + ")"
            default: return "NOT " + format(inner)
            }
        case .and(let items):
            return items.map { item in
                switch item {
                case .and, .or: "(" + format(item) + ")"
                default: format(item)
                }
            }.joined(separator: " AND ")
        case .or(let items):
            return items.map { item in
                if case .or = item { return "(" + format(item) + ")" }
                return format(item)
            }.joined(separator: " OR ")
        case .comparison(let comparison):
            var op = comparison.op.rawValue
            if comparison.options.contains(.caseInsensitive) || comparison.options.contains(.diacriticInsensitive) {
                op += "[" + (comparison.options.contains(.caseInsensitive) ? "c" : "")
                    + (comparison.options.contains(.diacriticInsensitive) ? "d" : "") + "]"
            }
            return format(comparison.left) + " " + op + " " + format(comparison.right)
        }
    }

    package static func format(_ operand: QueryOperand) -> String {
        switch operand {
        case .keyPath(let keyPath): format(keyPath)
        case .literal(let literal): format(literal)
        case .argument(let index): "$\(index)"
        case .list(let items): "{" + items.map(format).joined(separator: ", ") + "}"
        case .subquery(let subquery):
            "SUBQUERY(" + format(subquery.collection) + ", " + subquery.variable + ", "
                + format(subquery.predicate) + ").@count"
        case .geometry(let geometry): format(geometry)
        }
    }

    /// `geoBox([lon, lat], [lon, lat])`, `geoCircle([lon, lat], radius)`,
    /// `geoPolygon({[lon, lat], ...}, {...})`, as realm-core prints them.
    package static func format(_ geometry: QueryGeometry) -> String {
        func point(_ p: QueryGeoPoint) -> String {
            "[" + ([p.longitude, p.latitude] + (p.altitude.map { [$0] } ?? [])).map { format(.double($0)) }
                .joined(separator: ", ") + "]"
        }
        switch geometry {
        case .box(let bottomLeft, let topRight):
            return "geoBox(" + point(bottomLeft) + ", " + point(topRight) + ")"
        case .circle(let center, let radius):
            return "geoCircle(" + point(center) + ", " + format(.double(radius)) + ")"
        case .polygon(let outerRing, let holes):
            return "geoPolygon(" + ([outerRing] + holes).map { "{" + $0.map(point).joined(separator: ", ") + "}" }
                .joined(separator: ", ") + ")"
        }
    }

    package static func format(_ keyPath: KeyPathExpression) -> String {
        var out = keyPath.quantifier.map { $0.rawValue + " " } ?? ""
        for (index, component) in keyPath.components.enumerated() {
            if case .subscript(let s) = component {
                out += format(s)
                continue
            }
            if index > 0 { out += "." }
            switch component {
            case .property(let name): out += formatName(name, first: index == 0)
            case .aggregate(let aggregate): out += "@" + aggregate.rawValue
            case .keys: out += "@keys"
            case .values: out += "@values"
            case .allBacklinks: out += "@links"
            case .backlink(let type, let property):
                out += "@links." + formatName(type, first: false) + "." + formatName(property, first: false)
            case .subscript: break  // written above, without a dot
            }
        }
        return out
    }

    /// `[2]`, `['key']`, `[*]`, `[FIRST]`, `[LAST]`, `[SIZE]`.
    package static func format(_ keyPathSubscript: KeyPathSubscript) -> String {
        switch keyPathSubscript {
        case .index(let i): "[\(i)]"
        case .key(let key): "[" + formatString(key) + "]"
        case .all: "[*]"
        case .first: "[FIRST]"
        case .last: "[LAST]"
        case .size: "[SIZE]"
        }
    }

    /// A bare word when the lexer reads it back as the same word (and, first in a path, it is
    /// not a keyword), else backticks.
    package static func formatName(_ name: String, first: Bool) -> String {
        let bytes = Array(name.utf8)
        let plain = !bytes.isEmpty && Lexer.isWordStart(bytes[0]) && bytes.allSatisfy(Lexer.isWordContinue)
            && !(bytes[0] == 0x24 && bytes.count > 1 && Lexer.isDigit(bytes[1]))
            && !(first && Keywords.isReserved(name))
            && !(bytes[0] == 0x54 && bytes.count > 1 && Lexer.isDigit(bytes[1]))
        if plain { return name }
        var out = "`"
        for scalar in name.unicodeScalars {
            if scalar == "`" || scalar == "\\" { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out + "`"
    }

    package static func format(_ literal: QueryLiteral) -> String {
        switch literal {
        case .integer(let value): return "\(value)"
        case .double(let value):
            if value.isNaN { return "nan" }
            if value.isInfinite { return value < 0 ? "-inf" : "inf" }
            return "\(value)"
        case .string(let text): return formatString(text)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .objectId(let bytes): return "oid(" + LiteralCoding.hexString(bytes) + ")"
        case .uuid(let bytes):
            let hex = Array(LiteralCoding.hexString(bytes).utf8)
            guard hex.count == 32 else { return "uuid(" + String(decoding: hex, as: UTF8.self) + ")" }
            let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(decoding: hex[$0], as: UTF8.self) }
            return "uuid(" + groups.joined(separator: "-") + ")"
        case .timestamp(let seconds, let nanoseconds): return "T\(seconds):\(nanoseconds)"
        case .binary(let bytes): return "B64\"" + LiteralCoding.base64Encode(bytes) + "\""
        }
    }

    /// Single quotes; `\'`, `\\` and control characters escaped.
    package static func formatString(_ text: String) -> String {
        var out = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}": out += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = LiteralCoding.hexString([UInt8(0), UInt8(scalar.value)])
                    out += "\\u" + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "'"
    }
}
