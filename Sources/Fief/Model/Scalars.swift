import Foundation

extension Bool: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .bool }
    static var zero: Bool { false }
    init?(stored: StoredValue) { guard case .bool(let v) = stored else { return nil }; self = v }
    var stored: StoredValue { .bool(self) }
}

extension Int: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .int }
    static var zero: Int { 0 }
    init?(stored: StoredValue) { guard case .int(let v) = stored else { return nil }; self = Int(truncatingIfNeeded: v) }
    var stored: StoredValue { .int(Int64(self)) }
}

extension Int8: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .int }
    static var zero: Int8 { 0 }
    init?(stored: StoredValue) { guard case .int(let v) = stored else { return nil }; self = Int8(truncatingIfNeeded: v) }
    var stored: StoredValue { .int(Int64(self)) }
}

extension Int16: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .int }
    static var zero: Int16 { 0 }
    init?(stored: StoredValue) { guard case .int(let v) = stored else { return nil }; self = Int16(truncatingIfNeeded: v) }
    var stored: StoredValue { .int(Int64(self)) }
}

extension Int32: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .int }
    static var zero: Int32 { 0 }
    init?(stored: StoredValue) { guard case .int(let v) = stored else { return nil }; self = Int32(truncatingIfNeeded: v) }
    var stored: StoredValue { .int(Int64(self)) }
}

extension Int64: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .int }
    static var zero: Int64 { 0 }
    init?(stored: StoredValue) { guard case .int(let v) = stored else { return nil }; self = v }
    var stored: StoredValue { .int(self) }
}

extension Float: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .float }
    static var zero: Float { 0 }
    init?(stored: StoredValue) {
        switch stored {
        case .float(let v): self = v
        case .double(let v): self = Float(v)
        case .int(let v): self = Float(v)
        default: return nil
        }
    }
    var stored: StoredValue { .float(self) }
}

extension Double: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .double }
    static var zero: Double { 0 }
    init?(stored: StoredValue) {
        switch stored {
        case .double(let v): self = v
        case .float(let v): self = Double(v)
        case .int(let v): self = Double(v)
        default: return nil
        }
    }
    var stored: StoredValue { .double(self) }
}

extension String: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .string }
    static var zero: String { "" }
    init?(stored: StoredValue) { guard case .string(let v) = stored else { return nil }; self = v }
    var stored: StoredValue { .string(self) }
}

extension Data: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .data }
    static var zero: Data { Data() }
    init?(stored: StoredValue) { guard case .data(let v) = stored else { return nil }; self = Data(v) }
    var stored: StoredValue { .data(Array(self)) }
}

extension Date: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .date }
    static var zero: Date { Date(timeIntervalSince1970: 0) }
    init?(stored: StoredValue) { guard case .date(let v) = stored else { return nil }; self = v }
    var stored: StoredValue { .date(self) }
}

extension Decimal128: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .decimal128 }
    init?(stored: StoredValue) {
        switch stored {
        case .decimal(let v): self = v
        case .int(let v): self = Decimal128(integerLiteral: v)
        case .double(let v): self = Decimal128(floatLiteral: v)
        default: return nil
        }
    }
    var stored: StoredValue { .decimal(self) }
}

extension ObjectId: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .objectId }
    // Unset ObjectId properties get a fresh id, as Realm's do.
    static var zero: ObjectId { .generate() }
    init?(stored: StoredValue) { guard case .objectId(let v) = stored else { return nil }; self = v }
    var stored: StoredValue { .objectId(self) }
}

extension UUID: _Persistable, ScalarPersistable {
    static var scalarType: PropertyType { .uuid }
    static var zero: UUID { UUID() }
    init?(stored: StoredValue) { guard case .uuid(let v) = stored else { return nil }; self = v }
    var stored: StoredValue { .uuid(self) }
}

extension Optional: _Persistable where Wrapped: _Persistable {
    public static var _fiefShape: _PersistableShape {
        var shape = Wrapped._fiefShape
        shape.isOptional = true
        return shape
    }
    public static func _fiefDefault() -> Self { nil }
    public static func _fiefFromStored(_ box: _StoredBox, _ context: _RealmContext?) -> Self {
        box.value.isNull ? nil : Wrapped._fiefFromStoredIfPossible(box, context)
    }
    public func _fiefToStored(_ context: _RealmContext?) throws -> _StoredBox {
        guard let value = self else { return _StoredBox(value: .null) }
        return try value._fiefToStored(context)
    }
    public static func _fiefPlaceholder(_ recorder: _KeyPathRecorder) -> Self { Wrapped._fiefPlaceholder(recorder) }
}

/// An enum stored by its raw value (Int or String backed).
///
/// ```swift
/// enum Status: String, PersistableEnum { case open, done }
/// class Task: Object { @Persisted var status: Status = .open }
/// ```
public protocol PersistableEnum: RealmCollectionValue, RawRepresentable, CaseIterable where RawValue: _Persistable {}

extension PersistableEnum {
    /// The first case, the value of a property declared without a default, as in RealmSwift.
    ///
    /// ```swift
    /// enum Status: String, PersistableEnum { case open, done }
    /// Status() == .open
    /// ```
    public init() { self = Self.allCases.first! }

    public static var _fiefShape: _PersistableShape { RawValue._fiefShape }
    public static func _fiefDefault() -> Self { Self() }
    public static func _fiefFromStored(_ box: _StoredBox, _ context: _RealmContext?) -> Self {
        Self(rawValue: RawValue._fiefFromStored(box, context)) ?? Self()
    }
    public func _fiefToStored(_ context: _RealmContext?) throws -> _StoredBox { try rawValue._fiefToStored(context) }
}
