import FiefQueryLanguage

/// The query texts a realm parsed recently, so that a filter run again with new arguments
/// (`items.filter("name == %@", name)` in a loop) skips the parser and the check of its key
/// paths. Confined to its realm, like the realm itself.
///
/// Each entry remembers the class and argument count its predicate was last checked against;
/// the realm forgets those checks when its schema changes (`Realm.setSchema`). The cache lives
/// and dies with its realm instance: no process-wide state.
final class ParsedQueryCache {
    /// One parsed text.
    private struct Entry {
        let parsed: ParsedQuery
        /// Whether a `GEOWITHIN $n` takes a shape from the arguments (bound on each filter).
        let takesGeoArguments: Bool
        /// The class binding and argument count the predicate was last validated against.
        var validatedBinding: TableBinding?
        var validatedArguments = 0
    }

    /// Most texts kept; the cache starts afresh when full, so it never grows without bound.
    static let capacity = 64

    @exclusivity(unchecked) private var entries: [String: Entry] = [:]

    /// The parsed form of `format` (with `%@` numbered as `$0`, `$1`...), from the cache or
    /// parsed now, and whether its predicate was already checked against `binding` with
    /// `arguments` arguments since the schema last changed (never for a nil binding), and
    /// whether a `GEOWITHIN $n` takes its shape from the arguments. A malformed text throws the
    /// parser's error and is not cached.
    func parsed(_ format: String, checkedFor binding: TableBinding?, arguments: Int) throws
        -> (query: ParsedQuery, isChecked: Bool, takesGeoArguments: Bool) {
        if let entry = entries[format] {
            let checked = binding != nil && entry.validatedBinding === binding && entry.validatedArguments == arguments
            return (entry.parsed, checked, entry.takesGeoArguments)
        }
        let parsed = try QueryLanguage.parse(Self.numberPercentArguments(format))
        let takesGeoArguments = parsed.predicate.takesGeoArguments
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[format] = Entry(parsed: parsed, takesGeoArguments: takesGeoArguments)
        return (parsed, false, takesGeoArguments)
    }

    /// Records that `format`'s predicate passed the check against `binding`.
    func recordChecked(_ format: String, binding: TableBinding, arguments: Int) {
        entries[format]?.validatedBinding = binding
        entries[format]?.validatedArguments = arguments
    }

    /// Forgets every check: the schema changed, so key paths may name other properties now.
    func schemaChanged() {
        for key in entries.keys {
            entries[key]?.validatedBinding = nil
        }
    }

    /// Turns NSPredicate-style `%@` placeholders into `$n` (outside quoted strings).
    static func numberPercentArguments(_ text: String) -> String {
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
