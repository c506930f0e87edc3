extension Query where T == String {
    /// Matches strings that begin with `prefix` (`BEGINSWITH`, with `[c]`/`[d]` for `options`).
    public func starts(with prefix: String, options: StringOptions = []) -> Query<Bool> { comparison(.beginsWith, prefix, options: options) }
    /// Matches strings that end with `suffix` (`ENDSWITH`).
    public func ends(with suffix: String, options: StringOptions = []) -> Query<Bool> { comparison(.endsWith, suffix, options: options) }
    /// Matches strings that contain `text` (`CONTAINS`).
    public func contains(_ text: String, options: StringOptions = []) -> Query<Bool> { comparison(.contains, text, options: options) }
    /// Matches strings equal to `text` under `options` (`==[c]` and friends).
    public func equals(_ text: String, options: StringOptions = []) -> Query<Bool> { comparison(.equal, text, options: options) }
    /// Matches strings not equal to `text` under `options` (`!=[c]` and friends).
    public func notEquals(_ text: String, options: StringOptions = []) -> Query<Bool> { comparison(.notEqual, text, options: options) }
    /// Matches strings against `pattern` (`LIKE`), where `*` matches any run of characters and
    /// `?` exactly one.
    public func like(_ pattern: String, caseInsensitive: Bool = false) -> Query<Bool> {
        comparison(.like, pattern, options: caseInsensitive ? .caseInsensitive : [])
    }
}

extension Query where T == String? {
    /// Matches strings that begin with `prefix` (`BEGINSWITH`); nil never matches.
    public func starts(with prefix: String, options: StringOptions = []) -> Query<Bool> { comparison(.beginsWith, prefix, options: options) }
    /// Matches strings that end with `suffix` (`ENDSWITH`); nil never matches.
    public func ends(with suffix: String, options: StringOptions = []) -> Query<Bool> { comparison(.endsWith, suffix, options: options) }
    /// Matches strings that contain `text` (`CONTAINS`); nil never matches.
    public func contains(_ text: String, options: StringOptions = []) -> Query<Bool> { comparison(.contains, text, options: options) }
    /// Matches strings equal to `text` under `options`; nil equals only nil.
    public func equals(_ text: String?, options: StringOptions = []) -> Query<Bool> { comparison(.equal, text, options: options) }
    /// Matches strings not equal to `text` under `options`; nil differs from every string.
    public func notEquals(_ text: String?, options: StringOptions = []) -> Query<Bool> { comparison(.notEqual, text, options: options) }
    /// Matches strings against `pattern` (`LIKE`); nil never matches.
    public func like(_ pattern: String, caseInsensitive: Bool = false) -> Query<Bool> {
        comparison(.like, pattern, options: caseInsensitive ? .caseInsensitive : [])
    }
}
