/// Where a synced realm file stands with its server: its identity and the two cursors
/// (FORMAT.md, II.15).
@_spi(Sync) public struct SyncHistoryState: Equatable, Sendable {
    /// The client file identity the server assigned, or 0 before it did.
    public var fileIdent: UInt64 = 0
    /// The salt the server gave with the identity; it proves the identity is this file's.
    public var identSalt: UInt64 = 0
    /// Upload cursor: the newest client version the server acknowledged as durable, and the
    /// server version that acknowledgement came with.
    public var uploadedClientVersion: UInt64 = 0
    public var uploadedServerVersion: UInt64 = 0
    /// Download cursor: the newest server version integrated into this file, and the newest of
    /// this file's own client versions contained in the server history up to it.
    public var downloadedServerVersion: UInt64 = 0
    public var downloadedClientVersion: UInt64 = 0
    /// The client version of the newest changeset recorded (0 before the first).
    public var latestClientVersion: UInt64 = 0
    /// The newest timestamp of the file's hybrid logical clock.
    public var clock: UInt64 = 0

    public init() {}
}

/// One changeset of a synced realm's history that the server has not yet placed in its own
/// history (as far as this file has downloaded).
@_spi(Sync) public struct SyncHistoryEntry: Equatable, Sendable {
    /// The file's own sequence number of the changeset, from 1.
    public var clientVersion: UInt64
    /// The server version the changeset is based on: every server changeset up to it was
    /// integrated when it was made (or last rebased).
    public var baseServerVersion: UInt64
    /// The write's hybrid logical clock timestamp.
    public var timestamp: UInt64
    /// The instructions, with objects this file created named by file identity 0.
    public var changeset: SyncChangeset

    public init(clientVersion: UInt64, baseServerVersion: UInt64, timestamp: UInt64, changeset: SyncChangeset) {
        self.clientVersion = clientVersion
        self.baseServerVersion = baseServerVersion
        self.timestamp = timestamp
        self.changeset = changeset
    }
}
