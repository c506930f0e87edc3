import Foundation

/// One object whose write the server's permission rules refused and the device reverted (a
/// compensating write), from a ``SyncError/Code/writeRejected`` error's
/// ``SyncError/compensatingWriteInfo``.
///
/// ```swift
/// config.syncConfiguration?.errorHandler = { error, _ in
///     for info in error.compensatingWriteInfo ?? [] {
///         print("\(info.objectType) \(info.primaryKey): \(info.reason)")
///     }
/// }
/// ```
public struct CompensatingWriteInfo: Sendable, Equatable {
    /// The object's class.
    public let objectType: String
    /// Why the rules refused the write, for example which write filter it failed.
    public let reason: String
    private let key: Key

    /// The object's primary key; `.none` for an object of a class without one, or a
    /// refusal of the whole class.
    public var primaryKey: AnyRealmValue {
        switch key {
        case .none: .none
        case .int(let value): .int(value)
        case .string(let value): .string(value)
        case .objectId(let value): .objectId(value)
        case .uuid(let value): .uuid(value)
        }
    }

    /// A primary key as the server names it.
    private enum Key: Sendable, Equatable {
        case none, int(Int), string(String), objectId(ObjectId), uuid(UUID)
    }

    private init(objectType: String, reason: String, key: Key) {
        self.objectType = objectType
        self.reason = reason
        self.key = key
    }

    /// The objects a `compensatingWrite` message names (FORMAT.md, error 209): after
    /// `which were reverted: `, entries `Class[pk(<key>)]: <reason>` (or `Class[<global key>]`,
    /// or `Class: <reason>`) separated by `; `, perhaps ending with `and <n> more`.
    static func parse(_ message: String) -> [CompensatingWriteInfo] {
        guard let start = message.range(of: "which were reverted: ") else { return [] }
        var infos: [CompensatingWriteInfo] = []
        for entry in message[start.upperBound...].components(separatedBy: "; ") where !entry.hasPrefix("and ") {
            if let info = parseEntry(entry) { infos.append(info) }
        }
        return infos
    }

    private static func parseEntry(_ entry: String) -> CompensatingWriteInfo? {
        guard let colon = entry.range(of: ": ") else { return nil }
        guard let bracket = entry.firstIndex(of: "["), bracket < colon.lowerBound else {
            return CompensatingWriteInfo(objectType: String(entry[..<colon.lowerBound]), reason: String(entry[colon.upperBound...]), key: .none)
        }
        let objectType = String(entry[..<bracket])
        let rest = entry[entry.index(after: bracket)...]
        // A string key may hold `]: `: its end is the first `")]: `.
        let end = rest.hasPrefix("pk(\"") ? rest.range(of: "\")]: ").map { (rest.index($0.lowerBound, offsetBy: 2), $0.upperBound) }
                                          : rest.range(of: "]: ").map { ($0.lowerBound, $0.upperBound) }
        guard let (keyEnd, reasonStart) = end else { return nil }
        return CompensatingWriteInfo(objectType: objectType, reason: String(rest[reasonStart...]), key: key(String(rest[..<keyEnd])))
    }

    private static func key(_ text: String) -> Key {
        guard text.hasPrefix("pk("), text.hasSuffix(")") else { return .none }
        let value = String(text.dropFirst(3).dropLast())
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { return .string(String(value.dropFirst().dropLast())) }
        if value.hasPrefix("oid("), let id = try? ObjectId(string: String(value.dropFirst(4).dropLast())) { return .objectId(id) }
        if value.hasPrefix("uuid("), let uuid = UUID(uuidString: String(value.dropFirst(5).dropLast())) { return .uuid(uuid) }
        if let int = Int(value) { return .int(int) }
        return .none
    }
}

extension SyncError {
    /// For a ``Code/writeRejected`` error: the objects whose writes the server's rules refused
    /// (at most the first 20 the server names), each with its class, primary key and reason;
    /// nil for other errors.
    public var compensatingWriteInfo: [CompensatingWriteInfo]? {
        code == .writeRejected ? CompensatingWriteInfo.parse(message) : nil
    }
}
