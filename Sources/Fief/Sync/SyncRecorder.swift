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

    func appending(_ elements: [SyncPathElement]) -> SyncBase { SyncBase(className: className, object: object, path: path + elements) }
}
