@_spi(Sync) import Fief

/// The merge rules of sync: operational transformation of concurrent changesets.
///
/// The server gives every changeset of a realm a place in one total order. When an upload was
/// made without seeing some changesets the server already has, the server transforms it past
/// them; a client transforms its unacknowledged changesets past what it downloads. Both use
/// ``transform(left:right:)``, where `left` is the changeset that came first in the server's
/// order. The rules:
///
/// - **set against set** of one property: the later hybrid-logical-clock timestamp wins (ties
///   go to the higher client file identity); a default value set by a create loses to any
///   explicit set.
/// - **erase** of an object wins over every concurrent change of the object (and of the
///   embedded objects in it), and over a concurrent create of it.
/// - **add to an integer** commutes with other adds; a set newer than an add replaces it, an add
///   newer than a set is added to the set's value.
/// - **lists**: concurrent inserts all survive, the earlier changeset's element first; erases,
///   sets and moves follow the elements they meant; an erase wins over a set of the element; two
///   moves of one element end where the winner put it; a clear wins over concurrent changes.
/// - **sets and dictionaries**: inserts of distinct values or keys all survive; an insert and an
///   erase of one value (or key) go by timestamp; a clear wins.
/// - **schema**: additive instructions do not interact.
///
/// Instructions reached through an embedded object follow that object: a change through a
/// list element moves with the element and is dropped when the element is erased or replaced.
@_spi(Sync) public enum ChangesetTransform {
    /// Transforms two concurrent changesets so that applying `left` then `right` (as returned)
    /// gives the same realm as applying `right` then `left` (as returned).
    public static func transform(left: inout MergeChangeset, right: inout MergeChangeset) {
        guard ChangesetFootprint(left.instructions).mayInteract(with: ChangesetFootprint(right.instructions)) else { return }
        transformInteracting(left: &left, right: &right)
    }

    /// ``transform(left:right:)`` with the footprints known: `rightFootprint` is kept up to date
    /// when `right` changes. The server history keeps the footprint of every entry, so that
    /// integrating an upload past many concurrent entries costs a set comparison for each.
    static func transform(left: inout MergeChangeset, leftFootprint: ChangesetFootprint,
                          right: inout MergeChangeset, rightFootprint: inout ChangesetFootprint) {
        guard leftFootprint.mayInteract(with: rightFootprint) else { return }
        transformInteracting(left: &left, right: &right)
        rightFootprint = ChangesetFootprint(right.instructions)
    }

    private static func transformInteracting(left: inout MergeChangeset, right: inout MergeChangeset) {
        let leftWins = left.wins(over: right)
        let (l, r) = TransformGrid.run(left.instructions, right.instructions) { pair($0, $1, leftWins: leftWins) }
        left.instructions = l
        right.instructions = r
    }

    // MARK: Pairs

    static func pair(_ l: SyncInstruction, _ r: SyncInstruction, leftWins: Bool) -> ([SyncInstruction], [SyncInstruction]) {
        switch (l, r) {
        case (.addClass, _), (.addProperty, _), (_, .addClass), (_, .addProperty):
            return ([l], [r])
        case let (.eraseObject(c1, o1), .eraseObject(c2, o2)):
            return c1 == c2 && o1 == o2 ? ([], []) : ([l], [r])
        case let (.eraseObject(c, o), _):
            let (e, other) = erase(ChangesetFootprint.ObjectRef(className: c, object: o), l, against: r)
            return (e, other)
        case let (_, .eraseObject(c, o)):
            let (e, other) = erase(ChangesetFootprint.ObjectRef(className: c, object: o), r, against: l)
            return (other, e)
        case (.createObject, _), (_, .createObject):
            return ([l], [r])
        default:
            return targeted(l, r, leftWins: leftWins)
        }
    }

    /// An erase of `object` against a concurrent instruction: returns (erase', other').
    private static func erase(_ object: ChangesetFootprint.ObjectRef, _ erase: SyncInstruction, against other: SyncInstruction) -> ([SyncInstruction], [SyncInstruction]) {
        switch other {
        case let .createObject(c, o) where c == object.className && o == object.object:
            return ([erase], [])
        case let .listInsert(t, i, .link(c, o)) where c == object.className && o == object.object && !isOn(t, object):
            // The other side inserted a link to the erased object: the erase removes it there.
            return ([.listErase(t, index: i), erase], [])
        case let .listSet(t, i, .link(c, o)) where c == object.className && o == object.object && !isOn(t, object):
            return ([.listErase(t, index: i), erase], [.listErase(t, index: i)])
        default:
            if let t = other.target, isOn(t, object) { return ([erase], []) }
            return ([erase], [other])
        }
    }

    private static func isOn(_ target: SyncTarget, _ object: ChangesetFootprint.ObjectRef) -> Bool {
        target.className == object.className && target.object == object.object
    }

    /// Two instructions that each change a property (or collection) of some object.
    private static func targeted(_ l: SyncInstruction, _ r: SyncInstruction, leftWins: Bool) -> ([SyncInstruction], [SyncInstruction]) {
        let tl = l.target!, tr = r.target!
        guard tl.className == tr.className, tl.object == tr.object else { return ([l], [r]) }
        if tl.path == tr.path { return sameTarget(l, r, leftWins: leftWins) }
        if tr.path.count > tl.path.count, tr.path.starts(with: tl.path) {
            return ([l], nested(r, under: l).map { [$0] } ?? [])
        }
        if tl.path.count > tr.path.count, tl.path.starts(with: tr.path) {
            return (nested(l, under: r).map { [$0] } ?? [], [r])
        }
        return ([l], [r])
    }

    /// An instruction whose path goes through the property `container` changes: where it
    /// lands after the container's change, or nil when its object was erased or replaced.
    private static func nested(_ instruction: SyncInstruction, under container: SyncInstruction) -> SyncInstruction? {
        let depth = container.target!.path.count
        let step = instruction.target!.path[depth]
        switch container {
        case .set, .clear:
            return nil
        case let .dictionaryInsert(_, key, _), let .dictionaryErase(_, key):
            return step == .key(key) ? nil : instruction
        default:
            guard let op = ListOperation(container), case let .index(k) = step else { return instruction }
            guard let moved = op.position(of: k) else { return nil }
            return instruction.replacingPathElement(at: depth, with: .index(moved))
        }
    }

    /// Two instructions on the same property or collection.
    private static func sameTarget(_ l: SyncInstruction, _ r: SyncInstruction, leftWins: Bool) -> ([SyncInstruction], [SyncInstruction]) {
        switch (l, r) {
        case let (.set(_, _, ld), .set(_, _, rd)):
            let leftStands = ld != rd ? rd : leftWins
            return leftStands ? ([l], []) : ([], [r])
        case let (.set(t, v, d), .addInteger(_, delta)):
            // The set is the left one: it stands alone if it is newer; otherwise the add counts.
            if leftWins { return ([l], []) }
            return ([.set(t, v.adding(delta), isDefault: d)], [r])
        case let (.addInteger(_, delta), .set(t, v, d)):
            if !leftWins { return ([], [r]) }
            return ([l], [.set(t, v.adding(delta), isDefault: d)])
        case (.addInteger, .addInteger):
            return ([l], [r])
        case (.clear, .clear):
            return ([l], [r])
        case (.clear, _):
            return ([l], [])
        case (_, .clear):
            return ([], [r])
        case let (.setInsert(_, a), .setErase(_, b)) where a == b,
             let (.setErase(_, a), .setInsert(_, b)) where a == b:
            // An insert and an erase of one value: the newer stands.
            return leftWins ? ([l], []) : ([], [r])
        case let (.dictionaryInsert(_, k1, _), .dictionaryInsert(_, k2, _)) where k1 == k2,
             let (.dictionaryInsert(_, k1, _), .dictionaryErase(_, k2)) where k1 == k2,
             let (.dictionaryErase(_, k1), .dictionaryInsert(_, k2, _)) where k1 == k2:
            return leftWins ? ([l], []) : ([], [r])
        default:
            guard let lo = ListOperation(l), let ro = ListOperation(r) else { return ([l], [r]) }
            let (lt, rt) = ListOperation.transform(lo, ro, leftWins: leftWins)
            let target = l.target!
            return (lt.map { $0.instruction(target) }, rt.map { $0.instruction(target) })
        }
    }
}

extension SyncValue {
    /// The value with `delta` added when it is an integer (wrapping), unchanged otherwise.
    func adding(_ delta: Int64) -> SyncValue {
        if case .int(let v) = self { return .int(v &+ delta) }
        return self
    }
}

extension ListOperation {
    /// The list operation an instruction is, if it is one.
    init?(_ instruction: SyncInstruction) {
        switch instruction {
        case let .listInsert(_, i, v): self = .insert(i, v)
        case let .listErase(_, i): self = .erase(i)
        case let .listSet(_, i, v): self = .set(i, v)
        case let .listMove(_, f, t): self = .move(from: f, to: t)
        default: return nil
        }
    }

    func instruction(_ target: SyncTarget) -> SyncInstruction {
        switch self {
        case let .insert(i, v): .listInsert(target, index: i, v)
        case let .erase(i): .listErase(target, index: i)
        case let .set(i, v): .listSet(target, index: i, v)
        case let .move(f, t): .listMove(target, from: f, to: t)
        }
    }
}

extension SyncInstruction {
    /// The instruction with one element of its target's path replaced.
    func replacingPathElement(at depth: Int, with element: SyncPathElement) -> SyncInstruction {
        var t = target!
        t.path[depth] = element
        switch self {
        case let .set(_, v, d): return .set(t, v, isDefault: d)
        case let .addInteger(_, d): return .addInteger(t, d)
        case let .listInsert(_, i, v): return .listInsert(t, index: i, v)
        case let .listSet(_, i, v): return .listSet(t, index: i, v)
        case let .listMove(_, f, to): return .listMove(t, from: f, to: to)
        case let .listErase(_, i): return .listErase(t, index: i)
        case let .setInsert(_, v): return .setInsert(t, v)
        case let .setErase(_, v): return .setErase(t, v)
        case let .dictionaryInsert(_, k, v): return .dictionaryInsert(t, key: k, v)
        case let .dictionaryErase(_, k): return .dictionaryErase(t, key: k)
        case .clear: return .clear(t)
        case .addClass, .addProperty, .createObject, .eraseObject: return self
        }
    }
}
