/// One value of a user's custom data: what fief-server keeps for each user beside the account
/// (a team, a role, a plan), set by administrators, sent to the user's devices with every login
/// and token refresh, and available to permission rules as `$user.custom_data.<field>`.
///
/// Custom data is a JSON object; this is one JSON value, with integers kept apart from
/// fractional numbers so that `3` reads back as an integer.
///
/// ```swift
/// let data: [String: CustomDataValue] = ["team": "blue", "level": 3]
/// ```
public enum CustomDataValue: Hashable, Sendable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction or exponent that fits 64 bits.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([CustomDataValue])
    /// An object.
    case object([String: CustomDataValue])

    /// The largest custom data the server keeps for one user, as JSON text.
    public static let maximumEncodedSize = 16 * 1024

    /// The deepest nesting of arrays and objects the server accepts.
    public static let maximumDepth = 16

    /// The scalars of `document`, each under its dotted path (`"address.city"`), as permission
    /// rules name them after `$user.custom_data.`. Arrays and nulls are left out: a rule
    /// compares one value.
    public static func scalars(of document: [String: CustomDataValue]) -> [String: CustomDataValue] {
        var found: [String: CustomDataValue] = [:]
        func visit(_ value: CustomDataValue, _ path: String) {
            switch value {
            case .bool, .int, .double, .string: found[path] = value
            case .object(let fields): for (key, field) in fields { visit(field, path + "." + key) }
            case .null, .array: break
            }
        }
        for (key, value) in document { visit(value, key) }
        return found
    }

    /// Checks a document before the server stores it: at most ``maximumDepth`` levels, and
    /// no empty key or key with a dot (rules name fields by dotted paths). Returns what is
    /// wrong and where, or nil.
    public static func problem(in document: [String: CustomDataValue]) -> String? {
        func check(_ value: CustomDataValue, _ path: String, _ depth: Int) -> String? {
            guard depth <= maximumDepth else { return "\(path) is nested deeper than \(maximumDepth) levels" }
            switch value {
            case .object(let fields):
                for key in fields.keys.sorted() {
                    if let problem = checkKey(key, path) ?? check(fields[key]!, path + "." + key, depth + 1) { return problem }
                }
            case .array(let items):
                for (index, item) in items.enumerated() {
                    if let problem = check(item, "\(path)[\(index)]", depth + 1) { return problem }
                }
            case .null, .bool, .int, .double, .string: break
            }
            return nil
        }
        func checkKey(_ key: String, _ parent: String?) -> String? {
            let place = parent.map { "in \($0)" } ?? "at the top level"
            if key.isEmpty { return "a key \(place) is empty" }
            if key.contains(".") { return "the key \"\(key)\" \(place) contains a dot, which rules could not name" }
            return nil
        }
        for key in document.keys.sorted() {
            if let problem = checkKey(key, nil) ?? check(document[key]!, key, 1) { return problem }
        }
        return nil
    }
}

extension CustomDataValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([CustomDataValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: CustomDataValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension CustomDataValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: CustomDataValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, CustomDataValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}
