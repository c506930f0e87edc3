/// How the unmanaged value of one `@Persisted` field is read when its object is added to a
/// realm (``UnmanagedObjectRow``) or its primary key looked up.
///
/// The commonest scalar properties (`Int`, `Double`, `String`, `Bool`) are read in place from
/// the field's `Value?` (an added object's unset one as its type's default). Every other field,
/// and an unset scalar's primary-key read, goes through its `Persisted` type: a protocol
/// witness and a generic conversion, about 70 instructions a field. Reading in place took the gathering of a four-property object's row from 348
/// instructions to 163 (callgrind, 2026-11-29).
enum UnmanagedScalarRead {
    case int
    case double
    case string
    case bool
    /// Read through the field's type (``PersistedField/storedValue(at:valueOffset:_:)``).
    case generic

    /// Whether the field's stored value is never `.null`: the scalar cases are the
    /// non-optional `Persisted<Int>`, `<Double>`, `<String>` and `<Bool>`, which read as their
    /// default when unset.
    var alwaysHasValue: Bool { self != .generic }

    /// The read for a field of type `access`.
    init(_ access: any PersistedField.Type) {
        switch ObjectIdentifier(access) {
        case ObjectIdentifier(Persisted<Int>.self): self = .int
        case ObjectIdentifier(Persisted<Double>.self): self = .double
        case ObjectIdentifier(Persisted<String>.self): self = .string
        case ObjectIdentifier(Persisted<Bool>.self): self = .bool
        default: self = .generic
        }
    }

    /// The stored form of the set value at `value` (the field's `Value?`), or nil when the
    /// field is unset or not one of the scalars read in place. Each case reads its type's
    /// optional directly, where the generic path reaches the same reader through the field's
    /// type.
    @inline(__always)
    func storedValue(at value: UnsafeRawPointer) -> StoredValue? {
        switch self {
        case .int: value.assumingMemoryBound(to: Int?.self).pointee?.stored
        case .double: value.assumingMemoryBound(to: Double?.self).pointee?.stored
        case .string: value.assumingMemoryBound(to: String?.self).pointee?.stored
        case .bool: value.assumingMemoryBound(to: Bool?.self).pointee?.stored
        case .generic: nil
        }
    }

    /// The stored form of the value at `value`, or of the type's default (`zero`) when the
    /// field was never set. Only for the scalar cases. Kept apart from ``storedValue(at:)``:
    /// reading an added object's primary key through this one instead cost 34 instructions an
    /// object in O14 (callgrind), the optimizer folding the optional less well.
    @inline(__always)
    func storedValueOrDefault(at value: UnsafeRawPointer) -> StoredValue {
        switch self {
        case .int: (value.assumingMemoryBound(to: Int?.self).pointee ?? Int.zero).stored
        case .double: (value.assumingMemoryBound(to: Double?.self).pointee ?? Double.zero).stored
        case .string: (value.assumingMemoryBound(to: String?.self).pointee ?? String.zero).stored
        case .bool: (value.assumingMemoryBound(to: Bool?.self).pointee ?? Bool.zero).stored
        case .generic: preconditionFailure("storedValueOrDefault(at:) on a field read through its type")
        }
    }
}
