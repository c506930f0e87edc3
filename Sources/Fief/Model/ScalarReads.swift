import Foundation

// Managed reads of the common scalar types straight from the pinned column chunk: no
// `StoredValue` enum, no generic conversion. Anything else (a write transaction, a cluster not
// pinned yet, a null) takes the general path through `readStored()`.

extension _PropertyAccess {
    /// This property's cell in place, when the object's cluster chunk for it is pinned by the
    /// current read transaction and the column stores `type`; nil otherwise.
    @inline(__always)
    func pinnedCell(_ type: PropertyType) -> PinnedCell? {
        // `object` holds its realm, table and pinned chunks for the whole read: borrowing them
        // unretained spares three retains and releases (atomic, about a third of a scalar
        // read), which the optimizer does not remove on its own.
        let object = object
        guard object.rowEpoch == object.rowRealm.epoch, let row = object.rowLocation?.row,
              let pinned = object.rowPinned.map(Unmanaged.passUnretained) else { return nil }
        return Unmanaged.passUnretained(object.rowTable.swiftColumns[index])._withUnsafeGuaranteedRef { column in
            guard column.type == type, column.collection == .none else { return nil }
            return pinned._withUnsafeGuaranteedRef { pinned in
                guard let known = pinned.chunk(column.column), let (chunk, layout) = known else { return nil }
                return PinnedCell(chunk: chunk, layout: layout, row: row)
            }
        }
    }

    /// The value through the general path: the stored value, converted.
    func readConverted<Value: _Persistable>(_ type: Value.Type) -> Value {
        Value._fiefFromStored(_StoredBox(value: readStored()), _RealmContext(realm: realm))
    }
}

extension Int {
    /// Reads a managed `Int` property (in place when its chunk is pinned).
    public static func _fiefRead(_ access: _PropertyAccess) -> Int {
        if let bits = access.pinnedCell(.int)?.fixed64 { return Int(truncatingIfNeeded: Int64(bitPattern: bits)) }
        return access.readConverted(Int.self)
    }
}

extension Double {
    /// Reads a managed `Double` property (in place when its chunk is pinned).
    public static func _fiefRead(_ access: _PropertyAccess) -> Double {
        if let bits = access.pinnedCell(.double)?.fixed64 { return Double(bitPattern: bits) }
        return access.readConverted(Double.self)
    }
}

extension Bool {
    /// Reads a managed `Bool` property (in place when its chunk is pinned).
    public static func _fiefRead(_ access: _PropertyAccess) -> Bool {
        if let byte = access.pinnedCell(.bool)?.fixed8 { return byte != 0 }
        return access.readConverted(Bool.self)
    }
}

extension String {
    /// Reads a managed `String` property (in place when its chunk is pinned).
    public static func _fiefRead(_ access: _PropertyAccess) -> String {
        if let bytes = access.pinnedCell(.string)?.variableBytes { return String(decoding: bytes, as: UTF8.self) }
        return access.readConverted(String.self)
    }
}
