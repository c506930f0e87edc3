import FiefQueryLanguage
import Foundation

extension StoredValue {
    /// A query literal as a stored value.
    init(literal: QueryLiteral) {
        switch literal {
        case .integer(let i): self = .int(i)
        case .double(let d): self = .double(d)
        case .string(let s): self = .string(s)
        case .bool(let b): self = .bool(b)
        case .null: self = .null
        case .objectId(let b): self = ObjectId(bytes: b).map { .objectId($0) } ?? .null
        case .uuid(let b):
            var u: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &u) { $0.copyBytes(from: b.prefix(16)) }
            self = .uuid(UUID(uuid: u))
        case .timestamp(let s, let n): self = .date(Date(timeIntervalSince1970: Double(s) + Double(n) / 1e9))
        case .binary(let b): self = .data(b)
        }
    }

    /// A query argument (`$0`, `%@`) as a stored value.
    static func argument(_ value: Any?, realm: Realm?) throws -> StoredValue {
        guard let value else { return .null }
        // The usual arguments first: the casts to existentials below cost more.
        if let s = value as? String { return .string(s) }
        if let i = value as? Int { return .int(Int64(i)) }
        if let optional = value as? any OptionalProtocol {
            return try argument(optional.wrappedAny, realm: realm)
        }
        if let object = value as? ObjectBase {
            guard let state = object._managed else { throw RealmError.invalidQuery("an unmanaged object cannot be a query argument") }
            return .link(state.rowKey)
        }
        if let e = value as? any RawRepresentable, let raw = e.rawValue as? any _Persistable {
            return try raw._fiefToStored(nil).value
        }
        if let p = value as? any _Persistable, !(value is any _CollectionStoredValue) {
            return try p._fiefToStored(nil).value
        }
        if value is any GeoShapeArgument {
            throw RealmError.invalidQuery("a \(type(of: value)) argument can only follow GEOWITHIN")
        }
        if let items = DynamicAccess.anyArray(value) { return .collection(try items.map { try argument($0, realm: realm) }) }
        throw RealmError.invalidQuery("unsupported argument type \(type(of: value))")
    }
}
