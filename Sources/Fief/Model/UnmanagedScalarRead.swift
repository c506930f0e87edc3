/// How ``ClassInfo/storeValues(of:_:into:)`` reads the unmanaged value of one `@Persisted`
/// field when its object is added to a realm.
///
/// The commonest scalar properties (`Int`, `Double`, `String`, `Bool`) are read in place from
/// the field's `Value?`. Every other field, and a scalar field that was never set, goes through
/// its `Persisted` type: a protocol witness and a generic conversion, about 70 instructions a
/// field. Reading in place took `storeValues` for a four-property object from 348 instructions
/// to 163 (callgrind).
enum UnmanagedScalarRead {
    case int
    case double
    case string
    case bool
    /// Read through the field's type (``PersistedField/storedValue(at:valueOffset:_:)``).
    case generic

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
    /// field is unset or not one of the scalars read in place. Each case calls its type's own
    /// reader directly, where the generic path reaches the same reader through the field's type.
    @inline(__always)
    func storedValue(at value: UnsafeRawPointer) throws -> StoredValue? {
        switch self {
        case .int: try Int._fiefStoredValue(at: value, nil)?.value
        case .double: try Double._fiefStoredValue(at: value, nil)?.value
        case .string: try String._fiefStoredValue(at: value, nil)?.value
        case .bool: try Bool._fiefStoredValue(at: value, nil)?.value
        case .generic: nil
        }
    }
}
