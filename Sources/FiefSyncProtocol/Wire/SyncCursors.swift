/// How far a client has integrated the server's history.
public struct DownloadCursor: Equatable, Sendable {
    /// The last server version the client integrated.
    public var serverVersion: UInt64
    /// The client version that server version had integrated (the last of the client's own
    /// changesets the server had seen at that point).
    public var lastIntegratedClientVersion: UInt64

    /// Creates a download cursor.
    public init(serverVersion: UInt64, lastIntegratedClientVersion: UInt64) {
        self.serverVersion = serverVersion
        self.lastIntegratedClientVersion = lastIntegratedClientVersion
    }
}

/// How far a client's changesets have been uploaded.
public struct UploadCursor: Equatable, Sendable {
    /// The last client version uploaded (and acknowledged).
    public var clientVersion: UInt64
    /// The server version that client version was based on.
    public var lastIntegratedServerVersion: UInt64

    /// Creates an upload cursor.
    public init(clientVersion: UInt64, lastIntegratedServerVersion: UInt64) {
        self.clientVersion = clientVersion
        self.lastIntegratedServerVersion = lastIntegratedServerVersion
    }
}
