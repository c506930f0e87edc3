/// A type stored through a type Fief supports: a property of this type persists its
/// ``persistableValue`` and reads back with ``init(persistedValue:)``.
///
/// ```swift
/// struct Celsius: CustomPersistable {
///     typealias PersistedType = Double
///     var degrees: Double
///     init(persistedValue: Double) { degrees = persistedValue }
///     var persistableValue: Double { degrees }
/// }
///
/// class Reading: Object {
///     @Persisted var temperature: Celsius
///     @Persisted var history: List<Celsius>
/// }
/// ```
///
/// `PersistedType` can be any type a `@Persisted` property can have. Queries compare the
/// persisted values: `realm.objects(Reading.self).where { $0.temperature == Celsius(degrees: 20) }`.
/// Where the conversion can fail, adopt ``FailableCustomPersistable`` instead.
public protocol CustomPersistable: _CustomPersistable {
    /// Makes a value from its persisted form.
    init(persistedValue: PersistedType)
    /// The form this value is persisted in.
    var persistableValue: PersistedType { get }
}

/// As ``CustomPersistable``, for types whose conversion from the persisted form can fail.
///
/// Reading a property whose persisted value does not convert traps with a message when the
/// property is not optional, as RealmSwift raises an exception; an optional property reads `nil`.
///
/// ```swift
/// extension URL: FailableCustomPersistable {
///     public typealias PersistedType = String
///     public init?(persistedValue: String) { self.init(string: persistedValue) }
///     public var persistableValue: String { absoluteString }
/// }
///
/// class Bookmark: Object {
///     @Persisted var url: URL?
/// }
/// ```
public protocol FailableCustomPersistable: _CustomPersistable {
    /// Makes a value from its persisted form, or nil when it does not convert.
    init?(persistedValue: PersistedType)
    /// The form this value is persisted in.
    var persistableValue: PersistedType { get }
}

/// What ``CustomPersistable`` and ``FailableCustomPersistable`` share. You do not use it directly.
public protocol _CustomPersistable: RealmCollectionValue {
    /// The type values are persisted as.
    associatedtype PersistedType: _Persistable
    /// Converts a persisted value, or nil when it does not convert.
    static func _fiefConverting(_ persisted: PersistedType) -> Self?
    /// The value to persist.
    var _fiefPersistedValue: PersistedType { get }
}

extension _CustomPersistable {
    public static var _fiefShape: _PersistableShape { PersistedType._fiefShape }

    public static func _fiefDefault() -> Self { converted(PersistedType._fiefDefault(), "the default value") }

    public static func _fiefFromStored(_ box: _StoredBox, _ context: _RealmContext?) -> Self {
        converted(PersistedType._fiefFromStored(box, context), "the persisted value")
    }

    public static func _fiefFromStoredIfPossible(_ box: _StoredBox, _ context: _RealmContext?) -> Self? {
        _fiefConverting(PersistedType._fiefFromStored(box, context))
    }

    public func _fiefToStored(_ context: _RealmContext?) throws -> _StoredBox {
        try _fiefPersistedValue._fiefToStored(context)
    }

    public static func _fiefPlaceholder(_ recorder: _KeyPathRecorder) -> Self {
        converted(PersistedType._fiefPlaceholder(recorder), "a query placeholder")
    }

    private static func converted(_ persisted: PersistedType, _ what: String) -> Self {
        guard let value = _fiefConverting(persisted) else {
            preconditionFailure("Failed to convert \(what) '\(persisted)' of type \(PersistedType.self) to type \(Self.self) in a non-optional context.")
        }
        return value
    }
}

extension CustomPersistable {
    public static func _fiefConverting(_ persisted: PersistedType) -> Self? { Self(persistedValue: persisted) }
    public var _fiefPersistedValue: PersistedType { persistableValue }
}

extension FailableCustomPersistable {
    public static func _fiefConverting(_ persisted: PersistedType) -> Self? { Self(persistedValue: persisted) }
    public var _fiefPersistedValue: PersistedType { persistableValue }
}

extension CustomPersistable where PersistedType: Hashable {
    /// Hashes the persisted value, so that values equal once persisted hash alike.
    public func hash(into hasher: inout Hasher) { persistableValue.hash(into: &hasher) }
}

extension FailableCustomPersistable where PersistedType: Hashable {
    /// Hashes the persisted value, so that values equal once persisted hash alike.
    public func hash(into hasher: inout Hasher) { persistableValue.hash(into: &hasher) }
}
