extension Realm {
    /// The objects of class `className` whose keys can still be read in a damaged file, and
    /// the ranges of object keys whose cluster cannot be read (with why). Reading a property of
    /// a returned object may still throw, when its column chunk is damaged. For `fief salvage`,
    /// on a realm opened with `Configuration.opensDamagedFile`.
    ///
    /// Throws ``RealmError/unknownClass(_:)``, or a storage error when the class's tree itself
    /// cannot be read.
    @_spi(Salvage) public func salvageableObjects(_ className: String) throws
        -> (objects: [DynamicObject], lost: [(firstKey: UInt64, endKey: UInt64?, reason: String)]) {
        checkIsolation()
        guard let binding = binding(named: className) else { throw RealmError.unknownClass(className) }
        do {
            let (keys, lost) = try table(binding).readableKeys()
            return (keys.map { DynamicObject(realm: self, binding: binding, key: $0) },
                    lost.map { ($0.start, $0.next, "\(RealmError.wrap($0.error))") })
        } catch {
            throw RealmError.wrap(error)
        }
    }
}
