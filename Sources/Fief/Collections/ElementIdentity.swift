/// Whether two elements of a list, set or results are the same member: objects by identity
/// or managed key (never adding an unmanaged object to a realm to find out), values by their
/// stored form.
func isSameElement<E: _Persistable>(_ a: E, _ b: E) -> Bool {
    if let x = a as? ObjectBase, let y = b as? ObjectBase { return x.isSameObject(as: y) }
    return (try? a._fiefToStored(nil).value) == (try? b._fiefToStored(nil).value)
}
