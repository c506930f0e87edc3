/// Levels every logged-in user has on some paths without a grant: the app-wide realms.
///
/// By default every user may read and write (and so create) `/default`, the default synced
/// realm, and the partitions `/partition/<value>`, as Device Sync's development rules allowed.
/// `fief-server --default-permission PATTERN=LEVEL` replaces the defaults (a pattern is a path,
/// or a path ending in `/*` for everything under it; the level `none` closes a path).
///
/// ```sh
/// fief-server --default-permission /default=read --default-permission '/partition/*=write'
/// ```
public struct DefaultPermissions: Sendable, Equatable {
    /// One rule: a pattern and the level it gives (nil: none).
    public struct Rule: Sendable, Equatable {
        /// `/default`, or `/partition/*` for the paths under `/partition/`.
        public var pattern: String
        /// The level every user has; nil closes the path.
        public var level: AccessLevel?

        /// Parses `PATTERN=LEVEL`; nil when it is malformed.
        public init?(_ text: String) {
            guard let equals = text.lastIndex(of: "=") else { return nil }
            let pattern = String(text[..<equals])
            let levelText = String(text[text.index(after: equals)...])
            guard pattern.hasPrefix("/"), pattern.count > 1 else { return nil }
            if levelText == "none" { level = nil } else if let level = AccessLevel(rawValue: levelText) { self.level = level } else { return nil }
            self.pattern = pattern
        }

        /// A rule giving `level` on `pattern`.
        public init(pattern: String, level: AccessLevel?) {
            self.pattern = pattern
            self.level = level
        }

        func matches(_ path: RealmPath) -> Bool {
            if pattern.hasSuffix("/*") { return path.value.hasPrefix(String(pattern.dropLast())) && path.value.count > pattern.count - 1 }
            return path.value == pattern
        }
    }

    /// The rules, first match wins.
    public var rules: [Rule]

    /// Rules as given.
    public init(rules: [Rule]) {
        self.rules = rules
    }

    /// `/default` and `/partition/*` open to every user for writing.
    public static let standard = DefaultPermissions(rules: [Rule(pattern: "/default", level: .write), Rule(pattern: "/partition/*", level: .write)])

    /// The level every user has on `path`; nil without a rule or with a closing one.
    func level(at path: RealmPath) -> AccessLevel? {
        rules.first { $0.matches(path) }?.level
    }
}
