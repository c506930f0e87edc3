@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation

/// The server sent an error, or not what the protocol says.
struct SyncTestFailure: Error, CustomStringConvertible {
    var description: String
    var error: ErrorMessage?

    init(_ description: String, error: ErrorMessage? = nil) {
        self.description = description
        self.error = error
    }
}

/// A minimal sync client for the tests: one synced realm, one session, over a ``SyncSocket``.
/// It uploads with `ClientIntegration.uploads` and integrates downloads with
/// `ClientIntegration.integrate`, as the real client (a later issue) will.
actor TestSyncClient {
    let name: String
    private(set) var realm: Realm!
    private var socket: SyncSocket?
    private let session: UInt32 = 1
    private var sentThrough: UInt64 = 0
    private var markCounter: UInt64 = 0
    /// The newest client version the server acknowledged on any connection.
    private(set) var acknowledged: UInt64 = 0
    /// Every download message received: its changeset count and progress bytes.
    private(set) var downloadLog: [(changesets: Int, payloadBytes: Int, downloadable: UInt64, downloaded: UInt64)] = []
    /// Every item id this client created.
    private(set) var created: [String] = []

    init(directory: URL, name: String) async throws {
        self.name = name
        var configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("\(name).realm"), objectTypes: [TestItem.self])
        configuration.recordsSyncHistory = true
        realm = try await Realm(configuration: configuration, actor: self)
    }

    /// Connects and binds `path`; returns once the session is identified and the first
    /// download is integrated. Throws with the server's error message when it refuses.
    func connect(port: Int, token: String, path: String) async throws {
        let socket = SyncSocket(port: port, token: token)
        self.socket = socket
        var state = try realm.syncHistoryState()
        socket.send(.bind(BindMessage(session: session, path: path, accessToken: token, needsFileIdent: state.fileIdent == 0, isSubscriptionBased: false)))
        if state.fileIdent == 0 {
            guard case .identAssigned(let assigned) = try await expectMessage() else { throw SyncTestFailure("expected identAssigned") }
            try realm.write { try realm.setSyncFileIdent(assigned.fileIdent, salt: assigned.salt) }
            state = try realm.syncHistoryState()
        }
        socket.send(.ident(IdentMessage(session: session, fileIdent: state.fileIdent, salt: state.identSalt,
                                        downloadCursor: DownloadCursor(serverVersion: state.downloadedServerVersion, lastIntegratedClientVersion: state.downloadedClientVersion),
                                        uploadCursor: UploadCursor(clientVersion: state.uploadedClientVersion, lastIntegratedServerVersion: state.uploadedServerVersion))))
        guard case .download(let download) = try await expectMessage() else { throw SyncTestFailure("expected a download after ident") }
        try integrate(download)
        sentThrough = try realm.syncHistoryState().downloadedClientVersion
    }

    /// Sends the raw socket (for tests of bad input).
    var rawSocket: SyncSocket? { socket }

    /// Closes the connection.
    func disconnect() async {
        await socket?.close()
        socket = nil
    }

    /// Creates `count` items named after the client and a counter, and touches the shared item.
    func writeBatch(_ round: Int) throws {
        try realm.write {
            let id = "\(name)-\(round)"
            realm.create(TestItem.self, value: ["id": id, "text": "from \(name)", "count": round], update: .modified)
            created.append(id)
            let shared = realm.object(ofType: TestItem.self, forPrimaryKey: "shared") ?? realm.create(TestItem.self, value: ["id": "shared"], update: .modified)
            shared.text = "\(name) round \(round)"
            shared.increment(\.count, by: 1)
            shared.tags.append("\(name)\(round)")
        }
    }

    /// Sets the count of item `id`.
    func setCount(_ id: String, _ count: Int) throws {
        try realm.write { realm.object(ofType: TestItem.self, forPrimaryKey: id)?.count = count }
    }

    /// Creates one item whose text has `size` characters.
    func writeLarge(_ id: String, size: Int) throws {
        try realm.write {
            realm.create(TestItem.self, value: ["id": id, "text": String(repeating: "x", count: size)], update: .modified)
        }
        created.append(id)
    }

    /// Sends the changesets not yet sent on this connection. No-op when disconnected.
    func uploadPending() throws {
        guard let socket else { return }
        let uploads = try ClientIntegration.uploads(from: realm, after: sentThrough)
        guard let last = uploads.last else { return }
        let state = try realm.syncHistoryState()
        socket.send(.upload(UploadMessage(session: session, progressClientVersion: last.clientVersion, progressServerVersion: state.downloadedServerVersion,
                                          changesets: uploads.map {
                                              UploadChangeset(clientVersion: $0.clientVersion, lastIntegratedServerVersion: $0.baseServerVersion,
                                                              timestamp: $0.timestamp, payload: SyncChangesetCoding.encode($0.changeset))
                                          })))
        sentThrough = last.clientVersion
    }

    /// The encoded changeset of the newest pending write (for tests that build uploads by hand).
    func pendingPayload() throws -> [UInt8] {
        guard let last = try ClientIntegration.uploads(from: realm, after: 0).last else { throw SyncTestFailure("\(name) has no pending write") }
        return SyncChangesetCoding.encode(last.changeset)
    }

    /// Handles whatever arrived within `timeout`; returns false when the connection closed.
    func pump(timeout: Duration = .milliseconds(5)) async throws -> Bool {
        guard let socket else { return false }
        while let message = try await socket.receive(timeout: timeout) {
            try handle(message)
        }
        return !(await socket.inbox.isClosed)
    }

    /// Uploads everything and waits until the server has acknowledged it and this file has
    /// downloaded the whole history (a `mark` round trip), at most 30 s.
    func syncUntilCaughtUp() async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        for _ in 0..<200 {
            guard ContinuousClock.now < deadline else { break }
            try uploadPending()
            markCounter += 1
            let request = markCounter
            socket?.send(.mark(MarkMessage(session: session, requestIdent: request)))
            while true {
                let message = try await expectMessage()
                if case .mark(let mark) = message, mark.requestIdent == request { break }
                try handle(message)
            }
            let state = try realm.syncHistoryState()
            if state.latestClientVersion == state.downloadedClientVersion { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw SyncTestFailure("\(name) did not catch up within 30 s")
    }

    /// The next message, handled if it is an error; throws on a timeout or a closed connection.
    func expectMessage(timeout: Duration = .seconds(20)) async throws -> SyncMessage {
        guard let socket else { throw SyncTestFailure("\(name) is not connected") }
        guard let message = try await socket.receive(timeout: timeout) else {
            throw SyncTestFailure("\(name): no message within \(timeout) (connection closed: \(await socket.inbox.isClosed))")
        }
        if case .error(let error) = message { throw SyncTestFailure("\(name) got \(error.code): \(error.message)", error: error) }
        return message
    }

    /// Integrates downloads until an error arrives, and returns it (at most `timeout`).
    func expectError(timeout: Duration = .seconds(20)) async throws -> ErrorMessage {
        guard let socket else { throw SyncTestFailure("\(name) is not connected") }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            guard let message = try await socket.receive(timeout: deadline - ContinuousClock.now) else { break }
            switch message {
            case .error(let error): return error
            case .download(let download): try integrate(download)
            default: break
            }
        }
        throw SyncTestFailure("\(name): no error within \(timeout)")
    }

    /// Handles what arrives until `ids` are all present (at most `timeout`).
    func waitForItems(_ ids: Set<String>, timeout: Duration = .seconds(20)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if ids.isSubset(of: itemIds()) { return }
            guard try await pump(timeout: .milliseconds(50)) else { break }
        }
        throw SyncTestFailure("\(name) did not receive \(ids.subtracting(itemIds()).sorted()) within \(timeout)")
    }

    private func handle(_ message: SyncMessage) throws {
        switch message {
        case .download(let download): try integrate(download)
        case .error(let error): throw SyncTestFailure("\(name) got \(error.code): \(error.message)", error: error)
        default: break
        }
    }

    private func integrate(_ download: DownloadMessage) throws {
        downloadLog.append((download.changesets.count, download.changesets.reduce(0) { $0 + $1.payload.count },
                            download.downloadableBytes, download.downloadedBytes))
        let entries = try download.changesets.map { c in
            ServerHistoryEntry(serverVersion: c.serverVersion, originFileIdent: c.originFileIdent, originClientVersion: c.lastIntegratedClientVersion,
                               timestamp: c.originTimestamp, changeset: try SyncChangesetCoding.decode(c.payload))
        }
        let view = try download.view.map { ClientView(changeset: try SyncChangesetCoding.decode($0.payload), replacesView: $0.replacesView) }
        try ClientIntegration.integrate(entries, view: view, into: realm)
        try realm.write {
            try realm.acknowledgeSyncUpload(clientVersion: download.progress.uploadClientVersion, serverVersion: download.progress.uploadLastIntegratedServerVersion)
        }
        acknowledged = max(acknowledged, download.progress.uploadClientVersion)
    }

    /// Everything in the realm, sorted, as text: equal exports mean equal contents.
    func export() -> String {
        realm.refresh()
        return realm.objects(TestItem.self).sorted(by: { $0.id < $1.id })
            .map { "\($0.id) \($0.text) \($0.count) [\($0.tags.joined(separator: ","))]" }
            .joined(separator: "\n")
    }

    /// Ids of all items present.
    func itemIds() -> Set<String> {
        realm.refresh()
        return Set(realm.objects(TestItem.self).map(\.id))
    }

    /// The file's sync state.
    func state() throws -> SyncHistoryState { try realm.syncHistoryState() }
}
