/// Client to server: changesets made on the client, in client-version order.
///
/// The server acknowledges them in the upload cursor of a later ``DownloadMessage``, once they
/// are durable in the realm's server history.
public struct UploadMessage: Equatable, Sendable {
    /// The session the changesets belong to.
    public var session: UInt32
    /// The client version the upload progress has reached: every changeset up to it is in this
    /// message or was in an earlier one (including versions that produced no changeset).
    public var progressClientVersion: UInt64
    /// The server version the client had integrated when it made this upload.
    public var progressServerVersion: UInt64
    /// The changesets, oldest first. May be empty (the message then only reports progress).
    public var changesets: [UploadChangeset]

    /// Creates an upload message.
    public init(session: UInt32, progressClientVersion: UInt64, progressServerVersion: UInt64, changesets: [UploadChangeset]) {
        self.session = session
        self.progressClientVersion = progressClientVersion
        self.progressServerVersion = progressServerVersion
        self.changesets = changesets
    }
}

/// One changeset in an ``UploadMessage``.
public struct UploadChangeset: Equatable, Sendable {
    /// The client version the changeset produced.
    public var clientVersion: UInt64
    /// The last server version the client had integrated when it made the changeset.
    public var lastIntegratedServerVersion: UInt64
    /// The hybrid-logical-clock value of the write, used to order conflicting changes.
    public var timestamp: UInt64
    /// The encoded changeset. The wire layer treats it as opaque bytes and compresses it when it
    /// is larger than ``ChangesetPayloadCompression/threshold``.
    public var payload: [UInt8]

    /// Creates an upload changeset.
    public init(clientVersion: UInt64, lastIntegratedServerVersion: UInt64, timestamp: UInt64, payload: [UInt8]) {
        self.clientVersion = clientVersion
        self.lastIntegratedServerVersion = lastIntegratedServerVersion
        self.timestamp = timestamp
        self.payload = payload
    }
}
