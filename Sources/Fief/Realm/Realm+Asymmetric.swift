/// Writing asymmetric objects (``AsymmetricObject``): data a device uploads and never keeps.
extension Realm {
    /// Creates an asymmetric object from `value` (a dictionary of property values, an array in
    /// property order, or another object of the class) for upload to the server. Inside a write
    /// transaction of a realm opened with a flexible sync configuration.
    ///
    /// The object is not kept in the realm: the write transaction records its creation in the
    /// realm's sync history, which keeps it (across restarts too) until the server acknowledges
    /// the upload, and the server merges it into its copy of the realm. It is never sent to any
    /// device, and it cannot be read, queried or observed here.
    ///
    /// ```swift
    /// try realm.write {
    ///     realm.create(Reading.self, value: ["_id": ObjectId.generate(), "value": 21.5])
    /// }
    /// ```
    ///
    /// Creating two objects with one primary key is not an error: the server keeps the values
    /// written last.
    public func create<T: AsymmetricObject>(_ type: T.Type, value: Any = [String: Any]()) {
        requireWriteTransaction()
        guard pendingWriteError == nil else { return }
        do { try createAsymmetric(type, value: value) } catch { fail(error) }
    }

    /// Records the creation of an asymmetric object in the sync changeset, then takes the
    /// object (and its embedded objects) out of the tables without recording that: the write
    /// transaction's net change to the tables is nothing (FORMAT.md II.17, "Asymmetric objects and the history").
    private func createAsymmetric(_ type: AsymmetricObject.Type, value: Any) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        let object = type.init()
        _ = DynamicAccess.assign(object, from: value)
        try addObject(object, update: .error)
        guard let state = object._managed else { throw RealmError.internalError("\(type.className()) was not added") }
        session.sync?.suspended += 1
        defer { session.sync?.suspended -= 1 }
        try deleteRow(state.rowTable, state.rowKey, session)
    }

    /// Asymmetric objects cannot be read: they are uploaded to the server and never kept in
    /// the realm. Fief refuses `objects(_:)` on an ``AsymmetricObject`` class when compiling
    /// (RealmSwift throws at run time).
    @available(*, unavailable, message: "asymmetric objects are uploaded to the server and never kept in the realm: they cannot be read")
    public func objects<Element: AsymmetricObject>(_ type: Element.Type) -> Results<Element> {
        preconditionFailure("\(type.className()) is asymmetric: its objects cannot be read")
    }

    /// Whether the tables keep objects of asymmetric classes: not in a device's copy of a
    /// synced realm (a realm that records sync history), where they exist only in the sync
    /// history until uploaded; yes in other realms that hold such classes (the server's copy).
    var keepsAsymmetricObjects: Bool { !configuration.recordsSyncHistory }

    /// Whether a received instruction is about an asymmetric class: adds one, or changes its
    /// objects.
    func isOnAsymmetricClass(_ instruction: SyncInstruction) -> Bool {
        if case .addClass(_, _, _, true) = instruction { return true }
        return binding(named: instruction.className)?.schema.isAsymmetric == true
    }

    /// The binding of class `className` for reading objects dynamically: a class the realm
    /// holds, and not an asymmetric class of a synced realm (whose objects are never kept).
    func readableBinding(named className: String) throws -> TableBinding {
        guard let binding = binding(named: className) else { throw RealmError.unknownClass(className) }
        if binding.schema.isAsymmetric && !keepsAsymmetricObjects {
            throw RealmError.invalidQuery("\(className) is asymmetric: its objects are uploaded to the server and never kept in the realm, so they cannot be read")
        }
        return binding
    }
}
