/// Whether two elements of a list, set or results are the same member: objects by identity
/// or managed key (never adding an unmanaged object to a realm to find out), mixed values by
/// `AnyRealmValue`'s `==` (so two different linked objects differ), other values by their
/// stored form.
func isSameElement<E: _Persistable>(_ a: E, _ b: E) -> Bool {
    if let x = a as? ObjectBase, let y = b as? ObjectBase { return x.refersToSameObject(as: y) }
    if let x = a as? AnyRealmValue, let y = b as? AnyRealmValue {
        // As stored members compare (`StoredValue.==`): a set holds one NaN, and finds it.
        switch (x, y) {
        case let (.float(p), .float(q)) where p.isNaN && q.isNaN: return true
        case let (.double(p), .double(q)) where p.isNaN && q.isNaN: return true
        default: return x == y
        }
    }
    guard let x = try? a._fiefToStored(nil).value, let y = try? b._fiefToStored(nil).value else { return false }
    return x == y
}
