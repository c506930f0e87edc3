import CFiefShims

/// A reference to an object that neither keeps it alive nor changes how the runtime counts
/// its references, for registries that list live objects, such as Fief's realm instance cache.
///
/// A `weak` reference would do the same job safely, but the first one made to an object moves
/// the object's reference counts out of its header into a side table that the runtime
/// allocates, and from then on every retain and release of that object takes the runtime's slow
/// path through that table. A realm is retained and released several times for each object
/// added to it, so that slow path cost about 130 instructions per object in `realm.add`
/// (benchmark row O14; `Benchmarks/results/object-speed-full.md`, entry "2026-12-02, later").
///
/// The price is a contract the holder keeps, as with `unowned(unsafe)`:
/// - the object leaves the holder's registry in its `deinit`, under the same lock under which
///   the holder calls ``load()``, so that the object's memory is valid whenever `load()` runs;
/// - ``load()`` returns nil for an object whose `deinit` has begun (it may still be listed
///   until its `deinit` reaches the registry), and otherwise the object, retained.
///
/// ```swift
/// // Under the registry's lock:
/// if let realm = entries[key]?.load() { return realm }
/// ```
public struct UnretainedReference<Object: AnyObject>: @unchecked Sendable {
    private let address: UnsafeMutableRawPointer

    /// Refers to `object` without retaining it.
    @inline(__always)
    public init(_ object: Object) {
        address = Unmanaged.passUnretained(object).toOpaque()
    }

    /// The object, retained, or nil when its deinitialization has begun. Call it only while the
    /// object cannot have been freed (see the contract above).
    @inline(__always)
    public func load() -> Object? {
        guard let retained = swift_tryRetain(address) else { return nil }
        return Unmanaged<Object>.fromOpaque(retained).takeRetainedValue()
    }

    /// Whether this refers to `object` (compares addresses; never touches the referent).
    @inline(__always)
    public func refers(to object: Object) -> Bool {
        address == Unmanaged.passUnretained(object).toOpaque()
    }
}
