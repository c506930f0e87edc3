@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import FiefStorage
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The sizes a sync connection works with.
public struct SyncLimits: Sendable {
    /// What the decoder accepts. Its `maxFrameSize` is below ``transportMaxMessageSize`` so an
    /// oversized frame still gets a typed `tooLarge` error.
    public var wire: WireLimits
    /// The largest WebSocket message the transport reads at all.
    public var transportMaxMessageSize: Int
    /// Payload bytes per `download` message (a single larger changeset is sent alone).
    public var downloadMessageBytes: Int
    /// Sessions one connection may have bound at once.
    public var maxSessionsPerConnection: Int

    /// The defaults: 16 MiB messages (32 MiB transport), 1 MiB downloads.
    public init(wire: WireLimits = WireLimits(maxFrameSize: 16 << 20, maxPayloadSize: 16 << 20, maxTotalPayloadSize: 16 << 20),
                transportMaxMessageSize: Int = 32 << 20, downloadMessageBytes: Int = 1 << 20, maxSessionsPerConnection: Int = 1000) {
        self.wire = wire
        self.transportMaxMessageSize = transportMaxMessageSize
        self.downloadMessageBytes = downloadMessageBytes
        self.maxSessionsPerConnection = maxSessionsPerConnection
    }
}

/// One client's WebSocket: its sessions and the protocol of FORMAT.md Part III.
///
/// Every event of the connection (a frame, a realm's new history, shutdown) goes through one
/// stream and is handled to the end before the next, so a session's messages go out in order
/// and a `mark` is answered after everything before it was sent.
final class SyncConnection {
    let user: AuthenticatedUser
    private let auth: AuthService
    let permissions: PermissionService
    let hub: SyncHub
    private let version: SyncProtocolVersion
    private let limits: SyncLimits
    private let outbound: WebSocketOutboundWriter
    private let events: AsyncStream<ConnectionEvent>.Continuation
    private let flow: ConnectionFlow
    let logger: Logging.Logger
    var sessions: [UInt32: ServerSession] = [:]
    /// Sessions the server ended with an error: their late messages are ignored.
    var ended: Set<UInt32> = []
    /// The session count last given to the `fief_sync_sessions` gauge.
    private var countedSessions = 0

    init(user: AuthenticatedUser, auth: AuthService, permissions: PermissionService, hub: SyncHub, version: SyncProtocolVersion, limits: SyncLimits,
         outbound: WebSocketOutboundWriter, events: AsyncStream<ConnectionEvent>.Continuation, flow: ConnectionFlow, logger: Logging.Logger) {
        self.user = user
        self.auth = auth
        self.permissions = permissions
        self.hub = hub
        self.version = version
        self.limits = limits
        self.outbound = outbound
        self.events = events
        self.flow = flow
        self.logger = logger
    }

    /// Handles events until the peer goes, a connection-level error, or shutdown.
    func run(_ stream: AsyncStream<ConnectionEvent>) async {
        defer {
            events.finish()
            flow.close()
        }
        do {
            for await event in stream {
                defer { countSessions() }
                switch event {
                case .frame(let message):
                    flow.releaseFrame()
                    try await handle(message)
                case .realmChanged(let session):
                    flow.clearChanged(session)
                    try await sendDownloads(session, force: false)
                case .grantChanged(let path):
                    try await endSessionsWithoutRead(path)
                case .rulesChanged(let path):
                    try await applyNewRules(path)
                case .customDataChanged:
                    try await applyNewRules(nil)
                case .inboundEnded:
                    await close()
                    return
                case .shutdown:
                    try? await send(.error(ErrorMessage(session: nil, code: .serverShuttingDown,
                                                        message: "the server is shutting down; connect again later", tryAgain: true, clientResetRequired: false)))
                    await close()
                    return
                }
            }
        } catch let failure as ConnectionFailure {
            logger.info("sync connection closed with an error", metadata: ["user": "\(user.id)", "error": "\(failure.message.code): \(failure.message.message)"])
            try? await send(.error(failure.message))
        } catch {
            logger.debug("sync connection ended", metadata: ["user": "\(user.id)", "reason": "\(error)"])
        }
        await close()
    }

    private func close() async {
        for session in sessions.values { await session.realm.unsubscribe(session.subscriberID) }
        sessions = [:]
        countSessions()
    }

    /// Moves the `fief_sync_sessions` gauge by the change in bound sessions since the last call.
    private func countSessions() {
        let change = sessions.count - countedSessions
        guard change != 0 else { return }
        hub.metrics.sessions.increment(by: Double(change))
        countedSessions = sessions.count
    }

    func send(_ message: SyncMessage) async throws {
        if case .error(let error) = message { hub.metrics.errorSent(error.code) }
        try await outbound.write(.binary(ByteBuffer(bytes: SyncMessageCodec.encode(message, version: version))))
    }

    // MARK: Messages

    private func handle(_ frame: WebSocketMessageBytes) async throws {
        guard frame.isBinary else { throw ConnectionFailure(.badMessage, "text frames are not used by the sync protocol; send binary frames") }
        let message: SyncMessage
        do throws(WireError) {
            message = try SyncMessageCodec.decode(frame.bytes, limits: limits.wire, accepting: version...version)
        } catch {
            throw ConnectionFailure(error.errorMessage)
        }
        switch message {
        case .bind(let bind): try await handleBind(bind)
        case .ident(let ident): try await handleIdent(ident)
        case .upload(let upload): try await handleUpload(upload)
        case .mark(let mark): try await handleMark(mark)
        case .unbind(let number): try await handleUnbind(number)
        case .ping(let timestamp): try await send(.pong(timestamp: timestamp))
        case .pong: break
        case .query(let query): try await handleQuery(query)
        case .error(let error):
            if let number = error.session {
                logger.info("client ended a session with an error", metadata: ["session": "\(number)", "error": "\(error.code): \(error.message)"])
                if let session = sessions.removeValue(forKey: number) {
                    await session.realm.unsubscribe(session.subscriberID)
                    ended.insert(number)
                }
            } else {
                throw ConnectionFailure(error)
            }
        case .identAssigned, .download, .unbound, .queryError:
            throw ConnectionFailure(.protocolViolation, "\(message.kind) is sent by the server, not by clients")
        }
    }

    func unknownSession(_ number: UInt32, _ what: String) -> ConnectionFailure {
        ConnectionFailure(.protocolViolation, "\(what) for session \(number), which is not bound")
    }

    /// Ends a session with a session-level error.
    func fail(_ number: UInt32, _ failure: SessionFailure) async throws {
        logger.info("sync session ended with an error", metadata: ["user": "\(user.id)", "session": "\(number)", "error": "\(failure)"])
        if let session = sessions.removeValue(forKey: number) { await session.realm.unsubscribe(session.subscriberID) }
        ended.insert(number)
        try await send(.error(failure.errorMessage(session: number)))
    }

    private func handleBind(_ bind: BindMessage) async throws {
        guard sessions[bind.session] == nil else {
            throw ConnectionFailure(.protocolViolation, "bind for session \(bind.session), which is already bound")
        }
        guard sessions.count < limits.maxSessionsPerConnection else {
            throw ConnectionFailure(.tooLarge, "a connection may bind at most \(limits.maxSessionsPerConnection) sessions at once")
        }
        ended.remove(bind.session)
        do {
            let tokenUser: AuthenticatedUser
            do { tokenUser = try auth.authenticate(accessToken: bind.accessToken) } catch {
                throw SessionFailure(.badAuthentication, "\(error); refresh the access token and bind again")
            }
            guard tokenUser.id == user.id else {
                throw SessionFailure(.badAuthentication, "the access token belongs to another user than the connection's")
            }
            let path = try RealmPath(bind.path, userId: tokenUser.id)
            let level = try await storage("reading the permissions of \(path)") { try await self.permissions.bindLevel(of: tokenUser, at: path) }
            guard level != nil else {
                throw SessionFailure(.permissionDenied, "user \(tokenUser.id) may not open \(bind.path)")
            }
            let realm = try await storage("opening \(path)") { try await self.hub.realm(path, creator: tokenUser.id) }
            if path.value == SyncHub.defaultRealmPath {
                try await storage("listing \(tokenUser.id) in \(path)") { try await realm.ensureUsers([tokenUser]) }
            }
            let rules = try await storage("reading the rules of \(path)") { try await self.hub.rules(path) }
            let customData = rules == nil ? nil : try await storage("reading the custom data of \(tokenUser.id)") { try await self.hub.customData(of: tokenUser.id) }
            var session = ServerSession(realm: realm, path: path, subscriberID: await hub.newSubscriberID())
            session.isSubscriptionBased = bind.isSubscriptionBased
            session.apply(AppliedRules(rules, for: tokenUser, level: level, customData: customData))
            sessions[bind.session] = session
            logger.debug("bound", metadata: ["user": "\(user.id)", "session": "\(bind.session)", "realm": "\(path)"])
            if bind.needsFileIdent {
                let file = try await storage("assigning a file identity in \(path)") { try await realm.assignClientFile() }
                try await send(.identAssigned(IdentAssignedMessage(session: bind.session, fileIdent: file.ident, salt: file.salt)))
            }
        } catch let failure as SessionFailure {
            try await fail(bind.session, failure)
        }
    }

    private func handleIdent(_ ident: IdentMessage) async throws {
        guard var session = sessions[ident.session] else {
            if ended.contains(ident.session) { return }
            throw unknownSession(ident.session, "ident")
        }
        guard session.state == .awaitingIdent else {
            throw ConnectionFailure(.protocolViolation, "a second ident for session \(ident.session)")
        }
        do {
            _ = try await storage("loading \(session.path)") { try await session.realm.checkIdent(ident) }
        } catch let failure as SessionFailure {
            return try await fail(ident.session, failure)
        }
        session.state = .active(fileIdent: ident.fileIdent)
        session.sentThrough = ident.downloadCursor.serverVersion
        if session.view != nil {
            // A client this server saw before continues from what it holds.
            session.view?.held = try await storage("reading \(session.path)") {
                try await session.realm.heldView(fileIdent: ident.fileIdent, at: ident.downloadCursor.serverVersion)
            }
        }
        session.ownIntegrated = ident.downloadCursor.lastIntegratedClientVersion
        sessions[ident.session] = session
        let events = self.events
        let flow = self.flow
        let number = ident.session
        await session.realm.subscribe(session.subscriberID) {
            if flow.markChanged(number) { events.yield(.realmChanged(session: number)) }
        }
        try await sendDownloads(ident.session, force: true)
    }

    private func handleUpload(_ upload: UploadMessage) async throws {
        guard let session = sessions[upload.session] else {
            if ended.contains(upload.session) { return }
            throw unknownSession(upload.session, "upload")
        }
        guard case .active(let fileIdent) = session.state else {
            throw ConnectionFailure(.protocolViolation, "upload for session \(upload.session) before its ident")
        }
        var previous: UInt64 = 0
        for changeset in upload.changesets {
            guard changeset.clientVersion > previous else {
                return try await fail(upload.session, SessionFailure(.badCursor, "upload client versions are not increasing (\(changeset.clientVersion) after \(previous))"))
            }
            previous = changeset.clientVersion
        }
        hub.metrics.uploadBytes.increment(by: upload.changesets.reduce(0) { $0 + $1.payload.count })
        guard try await mayIntegrate(upload, session: session, fileIdent: fileIdent) else { return }
        var uploads: [ClientUpload] = []
        for changeset in upload.changesets {
            let decoded: SyncChangeset
            do { decoded = try SyncChangesetCoding.decode(changeset.payload) } catch {
                return try await fail(upload.session, SessionFailure(.badChangeset, "changeset of client version \(changeset.clientVersion): \(error)"))
            }
            uploads.append(ClientUpload(originFileIdent: fileIdent, clientVersion: changeset.clientVersion,
                                        baseServerVersion: changeset.lastIntegratedServerVersion, timestamp: changeset.timestamp, changeset: decoded))
        }
        do {
            let result = try await session.realm.integrate(uploads, fileIdent: fileIdent, rules: session.rules)
            hub.metrics.changesetsIntegrated.increment(by: uploads.count)
            if !result.refusals.isEmpty {
                logger.info("writes refused by the realm's rules", metadata: ["user": "\(user.id)", "realm": "\(session.path)", "objects": "\(result.refusals.count)"])
                let shown = result.refusals.prefix(20).joined(separator: "; ")
                let more = result.refusals.count > 20 ? "; and \(result.refusals.count - 20) more" : ""
                try await send(.error(SessionFailure(.compensatingWrite, "the realm's rules refused writes of user \(user.id), which were reverted: \(shown)\(more)")
                    .errorMessage(session: upload.session)))
            }
        } catch let failure as SessionFailure {
            hub.metrics.changesetsRefused.increment(by: uploads.count)
            return try await fail(upload.session, failure)
        } catch RealmError.storage(.diskFull) {
            hub.metrics.changesetsRefused.increment(by: uploads.count)
            logger.error("disk full: upload refused", metadata: ["realm": "\(session.path)"])
            return try await fail(upload.session, SessionFailure(.diskFull, "the server's disk is full; the upload was not stored, send it again later", tryAgain: true))
        } catch {
            logger.error("storing an upload failed", metadata: ["realm": "\(session.path)", "error": "\(error)"])
            throw ConnectionFailure(.internalError, "the server could not store the upload; nothing of it was kept", tryAgain: true)
        }
        try await sendDownloads(upload.session, force: true)
    }

    /// Judges an upload by the user's level now: with `write`, true; with only `read`, true
    /// when its new changesets only repeat the realm's schema, else sends `writeNotAllowed`
    /// naming the refused client versions (the session stays bound) and returns false; with no
    /// level left, ends the session with `permissionDenied`.
    private func mayIntegrate(_ upload: UploadMessage, session: ServerSession, fileIdent: UInt64) async throws -> Bool {
        let level = try await storage("reading the permissions of \(session.path)") { try await self.permissions.level(of: self.user, at: session.path) }
        guard let level else {
            try await fail(upload.session, SessionFailure(.permissionDenied, "user \(user.id) may no longer open \(session.path); nothing of the upload was integrated"))
            return false
        }
        if level.mayWrite { return true }
        let integrated = try await storage("reading \(session.path)") { try await session.realm.integratedClientVersion(fileIdent: fileIdent) }
        let new = upload.changesets.filter { $0.clientVersion > integrated }
        if new.isEmpty {
            // Only changesets integrated before: nothing to refuse, and nothing new to store.
            try await sendDownloads(upload.session, force: true)
            return false
        }
        // A new file's first changeset repeats the realm's schema: that changes nothing, and
        // is integrated like any other (the client's cursors move past it).
        let decoded = new.compactMap { try? SyncChangesetCoding.decode($0.payload) }
        if decoded.count == new.count,
           try await storage("reading the schema of \(session.path)", { try await session.realm.onlyRepeatsSchema(decoded) }) {
            return true
        }
        let refused = new.map(\.clientVersion)
        let failure = WriteRefusal(userId: user.id, path: session.path, clientVersions: refused).failure
        hub.metrics.changesetsRefused.increment(by: refused.count)
        logger.info("upload refused: read-only", metadata: ["user": "\(user.id)", "session": "\(upload.session)", "realm": "\(session.path)"])
        try await send(.error(failure.errorMessage(session: upload.session)))
        return false
    }

    /// After a grant change on `path`: ends the sessions bound there with `permissionDenied` if
    /// the user may no longer read it. Sessions that may still read stay; their uploads are
    /// judged one by one (``mayIntegrate(_:session:fileIdent:)``).
    private func endSessionsWithoutRead(_ path: String) async throws {
        let bound = sessions.filter { $0.value.path.value == path }
        guard let realmPath = bound.first?.value.path else { return }
        let level = try await storage("reading the permissions of \(path)") { try await self.permissions.level(of: self.user, at: realmPath) }
        guard level == nil else { return }
        for number in bound.keys.sorted() where sessions[number] != nil {
            try await fail(number, SessionFailure(.permissionDenied, "user \(user.id) may no longer open \(path): the permission was revoked"))
        }
    }

    private func handleMark(_ mark: MarkMessage) async throws {
        guard let session = sessions[mark.session] else {
            if ended.contains(mark.session) { return }
            throw unknownSession(mark.session, "mark")
        }
        guard case .active = session.state else {
            throw ConnectionFailure(.protocolViolation, "mark for session \(mark.session) before its ident")
        }
        try await sendDownloads(mark.session, force: false)
        guard sessions[mark.session] != nil else { return }
        try await send(.mark(mark))
    }

    private func handleUnbind(_ number: UInt32) async throws {
        if let session = sessions.removeValue(forKey: number) {
            await session.realm.unsubscribe(session.subscriberID)
        } else if !ended.contains(number) {
            throw unknownSession(number, "unbind")
        }
        ended.remove(number)
        try await send(.unbound(session: number))
    }

    /// Runs a step that reads or writes storage: session failures pass through, any other
    /// error is logged and ends the connection with `internalError` (try again).
    func storage<T>(_ what: String, _ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let failure as SessionFailure { throw failure } catch {
            logger.error("server storage failed", metadata: ["while": "\(what)", "error": "\(error)"])
            throw ConnectionFailure(.internalError, "the server failed while \(what); try again later", tryAgain: true)
        }
    }

    // MARK: Downloads

    /// Sends the history the session has not seen, in messages of at most
    /// ``SyncLimits/downloadMessageBytes`` of payload; with `force`, at least one message (which
    /// then carries only progress, such as an upload acknowledgement).
    func sendDownloads(_ number: UInt32, force: Bool) async throws {
        guard var session = sessions[number], case .active(let fileIdent) = session.state else { return }
        var sent = false
        for _ in 0..<1_000_000 {
            let batch: HistoryBatch
            var view: [DownloadView] = []
            do {
                if var filter = session.view {
                    (batch, view) = try await storage("reading \(session.path)") {
                        try await session.realm.batch(after: session.sentThrough, fileIdent: fileIdent, maxBytes: self.limits.downloadMessageBytes, view: &filter)
                    }
                    session.view = filter
                } else {
                    batch = try await storage("reading \(session.path)") {
                        try await session.realm.batch(after: session.sentThrough, fileIdent: fileIdent, maxBytes: self.limits.downloadMessageBytes)
                    }
                }
            } catch let failure as SessionFailure {
                return try await fail(number, failure)
            }
            if batch.entries.isEmpty && view.isEmpty && (sent || !force) { return }
            var changesets: [DownloadChangeset] = []
            changesets.reserveCapacity(batch.entries.count)
            for (entry, payload) in batch.entries {
                if entry.originFileIdent == fileIdent { session.ownIntegrated = max(session.ownIntegrated, entry.originClientVersion) }
                changesets.append(DownloadChangeset(serverVersion: entry.serverVersion, lastIntegratedClientVersion: session.ownIntegrated,
                                                    originFileIdent: entry.originFileIdent, originTimestamp: entry.timestamp, payload: payload))
                session.sentThrough = entry.serverVersion
                session.downloadedBytes += UInt64(payload.count)
                hub.metrics.downloadBytes.increment(by: payload.count)
            }
            let progress = DownloadProgress(downloadServerVersion: session.sentThrough, downloadLastIntegratedClientVersion: session.ownIntegrated,
                                            uploadClientVersion: batch.clientFile.lastIntegratedClientVersion,
                                            uploadLastIntegratedServerVersion: batch.clientFile.lastIntegratedBaseServerVersion,
                                            latestServerVersion: batch.latestVersion)
            sessions[number] = session
            // A view change in parts (``DownloadView/continues``): the history's changesets go
            // with the first part, the other parts follow with the same progress.
            for (i, part) in (view.isEmpty ? [nil] : view.map { Optional($0) }).enumerated() {
                if let part { hub.metrics.downloadBytes.increment(by: part.payload.count) }
                try await send(.download(DownloadMessage(session: number, progress: progress, downloadableBytes: batch.remainingBytes,
                                                         downloadedBytes: session.downloadedBytes, changesets: i == 0 ? changesets : [], view: part)))
            }
            sent = true
            if session.sentThrough >= batch.latestVersion { return }
        }
    }
}
