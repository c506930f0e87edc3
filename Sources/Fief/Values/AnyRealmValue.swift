import Foundation

/// A property that can hold a value of any persistable type, or nothing.
///
/// ```swift
/// class Setting: Object { @Persisted var value: AnyRealmValue }
/// setting.value = .string("dark")
/// ```
public enum AnyRealmValue: Hashable, Sendable {
    case none
    case int(Int)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case string(String)
    case data(Data)
    case date(Date)
    case objectId(ObjectId)
    case decimal128(Decimal128)
    case uuid(UUID)

    var stored: StoredValue {
        switch self {
        case .none: .null
        case .int(let v): .int(Int64(v))
        case .bool(let v): .bool(v)
        case .float(let v): .float(v)
        case .double(let v): .double(v)
        case .string(let v): .string(v)
        case .data(let v): .data(Array(v))
        case .date(let v): .date(v)
        case .objectId(let v): .objectId(v)
        case .decimal128(let v): .decimal(v)
        case .uuid(let v): .uuid(v)
        }
    }

    init(stored: StoredValue) {
        switch stored {
        case .int(let v): self = .int(Int(v))
        case .bool(let v): self = .bool(v)
        case .float(let v): self = .float(v)
        case .double(let v): self = .double(v)
        case .string(let v): self = .string(v)
        case .data(let v): self = .data(Data(v))
        case .date(let v): self = .date(v)
        case .objectId(let v): self = .objectId(v)
        case .decimal(let v): self = .decimal128(v)
        case .uuid(let v): self = .uuid(v)
        default: self = .none
        }
    }
}

extension AnyRealmValue: _Persistable {
    public static var _fiefShape: _PersistableShape { _PersistableShape(type: .any, isOptional: true) }
    public static func _fiefDefault() -> Self { .none }
    public static func _fiefFromStored(_ box: _StoredBox, _ context: _RealmContext?) -> Self { AnyRealmValue(stored: box.value) }
    public func _fiefToStored(_ context: _RealmContext?) throws -> _StoredBox { _StoredBox(value: stored) }
}
