import FiefQueryLanguage
import Foundation

/// The queries parsed lately on one realm file, by their text, shared by every realm instance
/// of the file in this process (it hangs off the file's ``RealmCoordinator``, so it goes when
/// the file's last realm closes): an app runs the same few filters (`"name == %@"`) over and
/// over with new arguments, and parsing the text cost more than answering an indexed query.
/// Holds at most ``capacity`` texts; when full it starts again empty. Only texts that parse
/// are kept. Thread-safe: frozen results may be filtered from any thread.
final class ParsedQueryCache: @unchecked Sendable {
    /// The most texts kept.
    static let capacity = 512

    private let lock = NSLock()
    private var parsed: [String: ParsedQuery] = [:]

    /// `format` (with NSPredicate-style `%@` placeholders turned into `$n`) parsed; throws the
    /// parser's error for a text that does not parse.
    func parse(_ format: String) throws -> ParsedQuery {
        lock.lock()
        let cached = parsed[format]
        lock.unlock()
        if let cached { return cached }
        let query = try QueryLanguage.parse(Self.numberingPlaceholders(format))
        lock.lock()
        if parsed.count >= Self.capacity { parsed.removeAll(keepingCapacity: true) }
        parsed[format] = query
        lock.unlock()
        return query
    }

    /// Turns NSPredicate-style `%@` placeholders into `$n` (outside quoted strings).
    static func numberingPlaceholders(_ text: String) -> String {
        var out = ""
        var n = 0
        var quote: Character?
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            if let q = quote { out.append(c); if c == q { quote = nil }; continue }
            if c == "'" || c == "\"" { quote = c; out.append(c); continue }
            if c == "%", chars.first == "@" { chars.removeFirst(); out += "$\(n)"; n += 1; continue }
            out.append(c)
        }
        return out
    }
}
