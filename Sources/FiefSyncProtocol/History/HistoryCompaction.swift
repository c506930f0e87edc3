@_spi(Sync) import Fief

/// In-place compaction of a server history: drops the instructions that a later entry makes
/// irrelevant, without renumbering anything, so that no client ever needs a reset for it.
///
/// An instruction may go only if removing it changes neither the realm that the whole history
/// builds nor the transform of any upload or pending changeset past *any* suffix of the
/// history (FORMAT.md, II.17). Two kinds qualify:
///
/// - **A set overwritten by a later one that beats everything it beat.** `set` of a top-level
///   property at entry *i* goes when a later entry *j* sets the same property, *j*'s changeset
///   wins over *i*'s (timestamp, then file identity) and *j* is not a default value replacing
///   an explicit one. Then every concurrent change that survives *j* survives *i* too
///   (set against set, and an add against a set, both go by the same order), and the realm
///   holds *j*'s value either way. Sets of embedded objects stay: later instructions reach
///   into them by path.
/// - **Changes of an object a later entry erases.** Every instruction whose target is on the
///   object (its properties, collections and embedded objects), in entries before the erase,
///   goes: the erase wins over every concurrent change of the object, and removes what the
///   changes made. The create stays, because links to the object may be set before the erase.
///
/// Entries keep their server versions, even when they become empty.
@_spi(Sync) public enum HistoryCompaction {
    /// The compacted changesets of `entries` that change, by index in `entries`.
    public static func compactedChangesets(of entries: [ServerHistoryEntry]) -> [Int: SyncChangeset] {
        var laterSets: [SyncTarget: LaterSets] = [:]
        var erasedLater: Set<SyncObjectKey> = []
        var changed: [Int: SyncChangeset] = [:]
        for index in entries.indices.reversed() {
            let entry = entries[index]
            let stamp = Stamp(timestamp: entry.timestamp, fileIdent: entry.originFileIdent)
            var kept: [SyncInstruction] = []
            kept.reserveCapacity(entry.changeset.instructions.count)
            var dropped = false
            for instruction in entry.changeset.instructions {
                if let target = instruction.target, erasedLater.contains(SyncObjectKey(className: target.className, object: target.object)) {
                    dropped = true
                    continue
                }
                if case let .set(target, value, isDefault) = instruction, target.path.count == 1, value != .embeddedObject,
                   let later = laterSets[target], later.overwrites(isDefault: isDefault, stamp: stamp) {
                    dropped = true
                    continue
                }
                kept.append(instruction)
            }
            if dropped { changed[index] = SyncChangeset(kept) }
            // What this entry leaves for the entries before it. Its own instructions do not act
            // on each other: a changeset is applied whole.
            for instruction in entry.changeset.instructions {
                switch instruction {
                case let .eraseObject(className, object):
                    erasedLater.insert(SyncObjectKey(className: className, object: object))
                case let .set(target, value, isDefault) where target.path.count == 1 && value != .embeddedObject:
                    laterSets[target, default: LaterSets()].note(isDefault: isDefault, stamp: stamp)
                default:
                    break
                }
            }
        }
        return changed
    }

    /// A changeset's place in the last-writer-wins order (``MergeChangeset/wins(over:)``).
    struct Stamp: Comparable {
        var timestamp: UInt64
        var fileIdent: UInt64

        static func < (a: Stamp, b: Stamp) -> Bool { (a.timestamp, a.fileIdent) < (b.timestamp, b.fileIdent) }
    }

    /// The strongest later sets of one property: of explicit values, and of any value.
    struct LaterSets {
        var explicit: Stamp?
        var any: Stamp?

        mutating func note(isDefault: Bool, stamp: Stamp) {
            any = max(any ?? stamp, stamp)
            if !isDefault { explicit = max(explicit ?? stamp, stamp) }
        }

        /// Whether a later set overwrites a set made with `stamp` for every concurrent change:
        /// it wins over it, and it is explicit if the earlier one was.
        func overwrites(isDefault: Bool, stamp: Stamp) -> Bool {
            guard let later = isDefault ? any : explicit else { return false }
            return later > stamp
        }
    }
}

extension ServerHistory {
    /// Compacts the history in place (``HistoryCompaction``) and returns the entries that
    /// changed, for the caller to store.
    public mutating func compactInPlace() -> [ServerHistoryEntry] {
        let changed = HistoryCompaction.compactedChangesets(of: entries)
        return changed.keys.sorted().map { index in replaceChangeset(at: index, with: changed[index]!) }
    }
}
