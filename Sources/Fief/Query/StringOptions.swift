import FiefQueryLanguage

/// How typed queries compare strings: the `[c]` and `[d]` modifiers of the query language.
///
/// ```swift
/// let dogs = realm.objects(Dog.self).where {
///     $0.name.starts(with: "ange", options: [.caseInsensitive, .diacriticInsensitive])   // matches "Ángel"
/// }
/// ```
public struct StringOptions: OptionSet, Sendable {
    /// The bits of the options.
    public let rawValue: Int8

    /// The options whose bits are `rawValue`.
    public init(rawValue: Int8) { self.rawValue = rawValue }

    /// Upper and lower case compare equal (`[c]`): "Rex" matches "rex".
    public static let caseInsensitive = StringOptions(rawValue: 1)

    /// Letters compare equal whatever their accents and other diacritic marks (`[d]`):
    /// "Ángel" matches "Angel".
    public static let diacriticInsensitive = StringOptions(rawValue: 2)

    /// The same options as the query language's modifiers.
    var queryLanguageOptions: FiefQueryLanguage.StringOptions {
        var options: FiefQueryLanguage.StringOptions = []
        if contains(.caseInsensitive) { options.insert(.caseInsensitive) }
        if contains(.diacriticInsensitive) { options.insert(.diacriticInsensitive) }
        return options
    }
}

/// The earlier name of ``StringOptions``.
public typealias StringQueryOptions = StringOptions
