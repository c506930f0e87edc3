/// A managed object is its own reference to its row: the realm, the class binding and the key,
/// with where the row was last found, are fields of ``ObjectBase``. Reading an object therefore
/// makes one allocation, and a live object carries no second one (O2 and O10 in the benchmark
/// harness measure both).
///
/// Code that needs a row reference with no object of the model class at hand (an object read
/// dynamically, an observer, a collection's owner in another realm, sync) makes a
/// ``ManagedRow``: an `ObjectBase` with no properties of its own.
extension ObjectBase {
    /// This object when it is managed; nil while it is unmanaged.
    @inline(__always)
    final var _managed: ObjectBase? { _rowRealm == nil ? nil : self }

    /// The realm managing this object. Only for managed objects.
    @inline(__always)
    final var rowRealm: Realm { _rowRealm.unsafelyUnwrapped }

    /// The class binding of this object's table. Only for managed objects.
    @inline(__always)
    final var rowTable: TableBinding { _rowTable.unsafelyUnwrapped }

    /// Whether the realm was invalidated after this object was read.
    final var rowIsStale: Bool { rowGeneration != rowRealm.generation }

    /// Makes this unmanaged object the managed object `key` of `table` in `realm`. Its row
    /// location is unknown: an unmanaged object's cached location is always unset (a new one's,
    /// or one reset by ``becomeUnmanaged()``).
    @inline(__always)
    final func becomeManaged(realm: Realm, table: TableBinding, key: UInt64, generation: UInt64? = nil) {
        assert(_rowRealm == nil && rowEpoch == .max && rowPinned == nil, "becomeManaged on a managed object")
        _rowRealm = realm
        _rowTable = table
        rowKey = key
        rowGeneration = generation ?? realm.generation
    }

    /// Makes this unmanaged object refer to the same row as `row`, found where `row` was last
    /// found (a frozen object's copy needs it: it cannot record it later, see `Realm.placeFrozen`).
    final func becomeManaged(like row: ObjectBase) {
        becomeManaged(realm: row.rowRealm, table: row.rowTable, key: row.rowKey, generation: row.rowGeneration)
        rowLocation = row.rowLocation
        rowEpoch = row.rowEpoch
        rowPinned = row.rowPinned
    }

    /// Makes this object unmanaged again (an insert that failed half-way).
    final func becomeUnmanaged() {
        _rowRealm = nil
        _rowTable = nil
        rowKey = 0
        rowLocation = nil
        rowEpoch = .max
        rowPinned = nil
    }

    /// A separate reference to this object's row, for a holder this object itself keeps (a
    /// property box), which must not keep the object alive.
    final func detachedRow() -> ManagedRow {
        let row = ManagedRow()
        row.becomeManaged(like: self)
        return row
    }

    /// Makes this the managed object `key`, found at `location` in the current read or write
    /// transaction; only for an object nothing else refers to (``ObjectReuse``).
    @inline(__always)
    final func moveTo(_ key: UInt64, at location: (start: UInt64, row: Int), pinned: Unmanaged<PinnedCluster>?) {
        rowKey = key
        rowLocation = location
        rowEpoch = rowRealm.epoch
        // Consecutive rows share a cluster: the pinned chunks change (and are retained) once
        // per cluster.
        if rowPinned.map({ Unmanaged.passUnretained($0).toOpaque() }) != pinned?.toOpaque() {
            rowPinned = pinned?.takeUnretainedValue()
        }
        rowGeneration = rowRealm.generation
    }
}

/// A reference to one stored object when no instance of its model class is at hand: an
/// ``ObjectBase`` with no properties, used only inside Fief.
final class ManagedRow: ObjectBase {
    init(realm: Realm, table: TableBinding, key: UInt64) {
        super.init()
        becomeManaged(realm: realm, table: table, key: key)
    }

    required init() { super.init() }
}
