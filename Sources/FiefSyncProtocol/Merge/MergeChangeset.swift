@_spi(Sync) import Fief

/// A changeset with what the merge needs to order it against concurrent ones: the hybrid
/// logical clock timestamp of its write transaction and the client file that made it.
@_spi(Sync) public struct MergeChangeset: Hashable, Sendable {
    public var changeset: SyncChangeset
    /// The hybrid logical clock value of the write (see ``HybridLogicalClock``).
    public var timestamp: UInt64
    /// The client file identity of the writer; it breaks ties between equal timestamps.
    public var originFileIdent: UInt64

    public init(_ changeset: SyncChangeset, timestamp: UInt64, originFileIdent: UInt64) {
        self.changeset = changeset
        self.timestamp = timestamp
        self.originFileIdent = originFileIdent
    }

    public var instructions: [SyncInstruction] {
        get { changeset.instructions }
        set { changeset.instructions = newValue }
    }

    /// Whether this changeset's conflicting writes win over `other`'s: the later timestamp
    /// wins, and equal timestamps go to the higher client file identity.
    public func wins(over other: MergeChangeset) -> Bool {
        (timestamp, originFileIdent) > (other.timestamp, other.originFileIdent)
    }
}
