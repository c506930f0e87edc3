/// Tells whether an object made for a loop can be given the next row instead of being freed
/// and allocated again: nothing but the variable checked may refer to it, strongly, weakly or
/// unowned.
///
/// `for item in realm.objects(Item.self)` makes one managed object per row. When the loop body
/// keeps no reference to it, that object is unreachable by the time the next row is needed, so
/// ``ResultsIterator`` points it at the next row: one allocation for the whole loop instead of
/// one per object and its deallocation. O13 in the benchmark harness measures the difference.
///
/// `isKnownUniquelyReferenced` alone is not enough: it counts strong references only, and a
/// `weak` or `unowned` reference that saw one row must not see the next. So this reads the
/// object's inline reference-count word and requires it to equal a freshly made object's,
/// held once: any further strong, unowned or weak reference (a weak one moves the counts to a
/// side table) changes the word. The expected word is learned at first use from a probe, and
/// the probe also checks that strong, unowned and weak references each change it; on a runtime
/// where one of those does not hold, reuse is off and every row gets a new object.
enum ObjectReuse {
    /// The reference-count word of an object held by exactly one strong reference, or nil when
    /// this runtime's word does not show every kind of reference (reuse is then off).
    private static let soleReferenceWord: UInt64? = probe()

    /// Whether `reference` holds an object that nothing else refers to. False for nil.
    ///
    /// Reads the reference's bits in place, so checking does not itself retain the object.
    @inline(__always)
    static func isSolelyHeld<T: AnyObject>(_ reference: inout T?) -> Bool {
        guard let expected = soleReferenceWord else { return false }
        return countWord(&reference) == expected
    }

    /// The object's inline reference-count word (the second word of every Swift object), or
    /// nil for a nil reference.
    @inline(__always)
    private static func countWord<T: AnyObject>(_ reference: inout T?) -> UInt64? {
        withUnsafeMutablePointer(to: &reference) { slot in
            // An optional class reference is one pointer; nil is zero.
            let bits = UnsafeRawPointer(slot).load(as: UInt.self)
            return UnsafeRawPointer(bitPattern: bits)?.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt64.self)
        }
    }

    private final class Probe {}

    /// Holders that keep a reference of each kind to the probe in memory, where the optimizer
    /// cannot take it away before the word is read.
    private final class StrongHolder {
        let target: Probe
        init(_ target: Probe) { self.target = target }
    }
    private final class UnownedHolder {
        unowned let target: Probe
        init(_ target: Probe) { self.target = target }
    }
    private final class WeakHolder {
        weak var target: Probe?
        init(_ target: Probe) { self.target = target }
    }

    /// Learns the word of a solely held object, and checks that another strong reference, an
    /// unowned one and a weak one each change it.
    @inline(never)
    private static func probe() -> UInt64? {
        var probe: Probe? = Probe()
        guard let sole = countWord(&probe) else { return nil }
        let strongHolder = opaque(StrongHolder(probe!))
        let changedByStrong = countWord(&probe) != sole
        withExtendedLifetime(strongHolder) {}
        let unownedHolder = opaque(UnownedHolder(probe!))
        let changedByUnowned = countWord(&probe) != sole
        withExtendedLifetime(unownedHolder) {}
        let weakHolder = opaque(WeakHolder(probe!))
        let changedByWeak = countWord(&probe) != sole
        withExtendedLifetime(weakHolder) {}
        return changedByStrong && changedByUnowned && changedByWeak ? sole : nil
    }

    /// `object`, through a call the optimizer cannot see into, so the object is really made.
    @inline(never)
    private static func opaque<T: AnyObject>(_ object: T) -> T {
        Unmanaged.passUnretained(object).takeUnretainedValue()
    }
}
