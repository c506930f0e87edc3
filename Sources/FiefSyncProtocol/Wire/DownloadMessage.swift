@_spi(Sync) import Fief

/// Server to client: changesets from the server's history, with the session's progress.
///
/// A download may carry no changesets: it then only acknowledges uploads or reports progress.
public struct DownloadMessage: Equatable, Sendable {
    /// The session the changesets belong to.
    public var session: UInt32
    /// Where the client stands once it has integrated this message.
    public var progress: DownloadProgress
    /// Bytes the server still has to send for this session after this message, for progress UI.
    public var downloadableBytes: UInt64
    /// Bytes sent so far for this session, this message included, for progress UI.
    public var downloadedBytes: UInt64
    /// The changesets, in server-version order.
    public var changesets: [DownloadChangeset]
    /// For a session whose view is filtered (flexible sync, or read rules): the change of the
    /// objects the client holds, as of `progress.downloadServerVersion`, applied after the
    /// changesets. Nil when the view did not change.
    public var view: DownloadView?

    /// Creates a download message.
    public init(session: UInt32, progress: DownloadProgress, downloadableBytes: UInt64, downloadedBytes: UInt64, changesets: [DownloadChangeset],
                view: DownloadView? = nil) {
        self.session = session
        self.progress = progress
        self.downloadableBytes = downloadableBytes
        self.downloadedBytes = downloadedBytes
        self.changesets = changesets
        self.view = view
    }
}

/// How the objects a client holds change, in a ``DownloadMessage`` of a session whose view is
/// filtered (FORMAT.md, III, "Views").
///
/// `payload` is an encoded changeset, applied under the client's pending changesets and never
/// uploaded: `createObject` and the whole state of each object that enters the view, and
/// `eraseObject` of each object that leaves it (the object stays on the server and on other
/// clients). With `replacesView`, the payload lists every object of the view, and the client
/// drops every other object it holds (except those its pending changesets create).
public struct DownloadView: Equatable, Sendable {
    /// The subscription set the view is for: the client's set of this version is complete
    /// once the message is integrated.
    public var queryVersion: UInt64
    /// Whether the payload is the whole view rather than a change of it.
    public var replacesView: Bool
    /// The encoded changeset (compressed on the wire like changeset payloads).
    public var payload: [UInt8]
    /// Whether the view change goes on in the next download of the session: a change larger
    /// than ``maximumPartSize`` comes in parts, each its own changeset, and the client applies
    /// the change once it has the last part (the one without `continues`). The first part
    /// carries the message's changesets and `replacesView`; the others carry neither and the
    /// same progress.
    public var continues: Bool

    /// The most payload bytes a server puts in one part of a view change: far below the
    /// 16 MiB payload a client takes, so that a view of any size arrives.
    public static let maximumPartSize = 4 << 20

    /// Creates a view change (or a part of one).
    public init(queryVersion: UInt64, replacesView: Bool, payload: [UInt8], continues: Bool = false) {
        self.queryVersion = queryVersion
        self.replacesView = replacesView
        self.payload = payload
        self.continues = continues
    }
}

/// The cursors a ``DownloadMessage`` moves the client to.
public struct DownloadProgress: Equatable, Sendable {
    /// The server version the client reaches by integrating the message.
    public var downloadServerVersion: UInt64
    /// The client version that server version had integrated.
    public var downloadLastIntegratedClientVersion: UInt64
    /// The last client version the server acknowledges as durably integrated.
    public var uploadClientVersion: UInt64
    /// The server version the acknowledged client version was based on.
    public var uploadLastIntegratedServerVersion: UInt64
    /// The newest version of the server's history when the message was made.
    public var latestServerVersion: UInt64

    /// Creates download progress.
    public init(
        downloadServerVersion: UInt64,
        downloadLastIntegratedClientVersion: UInt64,
        uploadClientVersion: UInt64,
        uploadLastIntegratedServerVersion: UInt64,
        latestServerVersion: UInt64
    ) {
        self.downloadServerVersion = downloadServerVersion
        self.downloadLastIntegratedClientVersion = downloadLastIntegratedClientVersion
        self.uploadClientVersion = uploadClientVersion
        self.uploadLastIntegratedServerVersion = uploadLastIntegratedServerVersion
        self.latestServerVersion = latestServerVersion
    }
}

/// One changeset in a ``DownloadMessage``.
public struct DownloadChangeset: Equatable, Sendable {
    /// The server version the changeset produced.
    public var serverVersion: UInt64
    /// The last version of the receiving client the changeset had integrated.
    public var lastIntegratedClientVersion: UInt64
    /// The file identity of the client that made the changeset.
    public var originFileIdent: UInt64
    /// The hybrid-logical-clock value of the original write.
    public var originTimestamp: UInt64
    /// The encoded changeset, opaque to the wire layer (compressed on the wire when larger than
    /// ``ChangesetPayloadCompression/threshold``).
    public var payload: [UInt8]

    /// Creates a download changeset.
    public init(serverVersion: UInt64, lastIntegratedClientVersion: UInt64, originFileIdent: UInt64, originTimestamp: UInt64, payload: [UInt8]) {
        self.serverVersion = serverVersion
        self.lastIntegratedClientVersion = lastIntegratedClientVersion
        self.originFileIdent = originFileIdent
        self.originTimestamp = originTimestamp
        self.payload = payload
    }
}

@_spi(Sync) extension DownloadView {
    /// The view change `change` for subscription set `queryVersion`, in as many parts as keep
    /// each payload within `maximumPartSize` bytes (one part when it fits; a single instruction
    /// larger than that goes alone). Only the first part has `replacesView`; every part but the
    /// last `continues`.
    public static func parts(of change: SyncChangeset, queryVersion: UInt64, replacesView: Bool,
                             maximumPartSize: Int = DownloadView.maximumPartSize) -> [DownloadView] {
        var payloads: [[UInt8]] = []
        func split(_ instructions: ArraySlice<SyncInstruction>) {
            let payload = SyncChangesetCoding.encode(SyncChangeset(Array(instructions)))
            if payload.count <= maximumPartSize || instructions.count < 2 {
                payloads.append(payload)
                return
            }
            let middle = instructions.startIndex + instructions.count / 2
            split(instructions[..<middle])
            split(instructions[middle...])
        }
        split(change.instructions[...])
        return payloads.enumerated().map { i, payload in
            DownloadView(queryVersion: queryVersion, replacesView: replacesView && i == 0, payload: payload, continues: i < payloads.count - 1)
        }
    }
}
