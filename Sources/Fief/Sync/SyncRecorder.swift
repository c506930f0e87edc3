/// Records a write transaction of a realm that keeps sync history as a ``SyncChangeset``,
/// alongside the local ``Changeset`` (FORMAT.md, II.15). One per write session; a session of
/// a local-only realm has none.
final class SyncRecorder {
    /// The instructions recorded so far.
    @exclusivity(unchecked) var instructions: [SyncInstruction] = []
    /// Above 0 while a received changeset is applied: its changes are not recorded again.
    @exclusivity(unchecked) var suspended = 0
    /// Identities of objects created in this transaction whose row may not exist yet (an
    /// object claims its key before the objects it links to are added).
    @exclusivity(unchecked) var pendingIdentities: [ObjectRef: SyncObjectID] = [:]
    /// The owner of each embedded object seen in this transaction.
    @exclusivity(unchecked) var owners: [ObjectRef: EmbeddedOwner] = [:]

    var isRecording: Bool { suspended == 0 }

    func append(_ instruction: SyncInstruction) { instructions.append(instruction) }
}

/// An object of a class, by local key.
struct ObjectRef: Hashable {
    let className: String
    let key: UInt64
}

/// Where an embedded object is: the object, property and column holding the link to it.
struct EmbeddedOwner {
    let binding: TableBinding
    let key: UInt64
    let column: ColumnBinding
}

/// The top-level object and path an instruction on an object (top-level or embedded) starts
/// from; an instruction's target adds `.property(name)`.
struct SyncBase {
    let className: String
    let object: SyncObjectID
    let path: [SyncPathElement]

    func target(_ property: String) -> SyncTarget { SyncTarget(className: className, object: object, path: path + [.property(property)]) }

    /// The base of an embedded object of class `embedded` that this object holds at `elements`.
    func appending(_ elements: [SyncPathElement], for embedded: String) throws -> SyncBase {
        try Self.checkDepth(path.count + elements.count, of: embedded)
        return SyncBase(className: className, object: object, path: path + elements)
    }

    /// The most path elements a base may have: an instruction's target adds one, and a sync
    /// path holds at most ``SyncChangesetCoding/maximumPathDepth`` (64). Through single links,
    /// a synced realm's embedded objects nest at most 63 levels below their top-level object
    /// (through lists and maps, half as many). Nothing bounds nesting in a local realm.
    static let maximumDepth = SyncChangesetCoding.maximumPathDepth - 1

    /// Throws when a base of `depth` elements, for an embedded object of class `embedded`, is
    /// deeper than a sync path may be: the write fails instead of recording a changeset that no
    /// peer would accept.
    static func checkDepth(_ depth: Int, of embedded: String) throws {
        guard depth > maximumDepth else { return }
        throw RealmError.invalidValue("this write nests an embedded \(embedded) \(depth) path steps below its top-level object; "
            + "in a synced realm embedded objects nest at most \(maximumDepth) steps deep (a property is one step, "
            + "a list index or map key one more), so that every change to them fits a sync path")
    }
}
