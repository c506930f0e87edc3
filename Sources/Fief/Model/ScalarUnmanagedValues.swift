import Foundation

// The unmanaged value of an `@Persisted` field of each scalar type, read when an object is
// added to a realm. The protocol's generic default reads a `Self?`, for which Swift asks the
// runtime for `Optional<Self>`'s metadata on every call: about 2,000 instructions on Linux,
// more than half the cost of adding a small object. Here each type names its optional
// concretely, so that metadata is looked up once and cached.

extension Bool {
    /// The stored form of the unmanaged `Bool?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: Bool?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}

extension Int {
    /// The stored form of the unmanaged `Int?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: Int?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}

extension Int8 {
    /// The stored form of the unmanaged `Int8?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: Int8?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}

extension Int16 {
    /// The stored form of the unmanaged `Int16?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: Int16?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}

extension Int32 {
    /// The stored form of the unmanaged `Int32?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: Int32?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}

extension Int64 {
    /// The stored form of the unmanaged `Int64?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: Int64?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}

extension Float {
    /// The stored form of the unmanaged `Float?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: Float?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}

extension Double {
    /// The stored form of the unmanaged `Double?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: Double?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}

extension String {
    /// The stored form of the unmanaged `String?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: String?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}

extension Data {
    /// The stored form of the unmanaged `Data?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: Data?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}

extension Date {
    /// The stored form of the unmanaged `Date?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: Date?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}

extension Decimal128 {
    /// The stored form of the unmanaged `Decimal128?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: Decimal128?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}

extension ObjectId {
    /// The stored form of the unmanaged `ObjectId?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: ObjectId?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}

extension UUID {
    /// The stored form of the unmanaged `UUID?` at `optionalValue`, or nil when unset.
    public static func _fiefStoredValue(at optionalValue: UnsafeRawPointer, _ context: _RealmContext?) throws -> _StoredBox? {
        optionalValue.assumingMemoryBound(to: UUID?.self).pointee.map { _StoredBox(value: $0.stored) }
    }
}
