@_spi(Sync) import Fief
import Foundation

/// The sync of one realm file: an actor uploads what the file's writes record and integrates
/// what the server sends, in the background, whatever realm instances are open.
///
/// Get it from an open realm (`realm.syncSession`) or from the user
/// (`user.session(for: realmURL)`).
///
/// A session syncs while the app has a realm of the file open. When the app's last realm
/// instance of the file goes (frozen realms aside), the session finishes what is outstanding
/// (everything written is uploaded, every `wait(for:)` is answered), then closes: its state
/// becomes `.inactive`, its connection and the file close. Opening a realm of the file again
/// or `resume()` starts it again; `wait(for:)` starts it for the wait, and it closes again
/// after it if no realm of the file opened meanwhile.
///
/// ```swift
/// let session = realm.syncSession!
/// session.suspend()                       // e.g. to save battery
/// session.resume()
/// try await session.wait(for: .upload)    // everything written so far is on the server
/// for await progress in session.progressNotifications(for: .download, mode: .forCurrentlyOutstandingWork) {
///     print(Int(progress.fractionTransferred * 100), "%")
/// }
/// ```
public final class SyncSession: @unchecked Sendable {
    /// Whether the session is syncing.
    public enum State: Sendable, Equatable {
        /// Syncing, or trying to: connecting, connected, or waiting to reconnect.
        case active
        /// Stopped: suspended, closed because the app closed the file's realms, its user
        /// logged out, or stopped by an error that retrying would not fix (no permission, a
        /// malformed URL, a manual client reset).
        case inactive
        /// Waiting for a new access token before connecting.
        case waitingForAccessToken
    }

    /// Whether the session has a connection to the server.
    public enum ConnectionState: Sendable, Equatable {
        case disconnected
        case connecting
        case connected
    }

    /// The realm's URL.
    public let realmURL: URL
    /// The user the session syncs as.
    public let user: User
    let worker: SyncSessionWorker
    private let status: SessionStatus
    /// The flexible-sync subscriptions of the realm (see ``SyncSubscriptionSet``).
    public let subscriptions: SyncSubscriptionSet

    init(configuration: Realm.Configuration, sync: SyncConfiguration) {
        realmURL = sync.realmURL
        user = sync.user
        status = SessionStatus(name: sync.realmURL.absoluteString)
        let subscriptions = SyncSubscriptionSet()
        worker = SyncSessionWorker(configuration: configuration, sync: sync, status: status, subscriptions: subscriptions)
        self.subscriptions = subscriptions
    }

    /// Whether the session is syncing.
    public var state: State { status.state }
    /// Whether the session has a connection now.
    public var connectionState: ConnectionState { status.connectionState }
    /// The last error the session met, if any.
    public var lastError: SyncError? { status.lastError }

    /// The user who owns the session (Realm's spelling).
    public func parentUser() -> User? { user }

    /// Stops syncing until ``resume()``: the connection closes; writes go on locally.
    ///
    /// It takes effect when it returns: nothing written after it is uploaded and no download
    /// arriving after it is integrated (one the session is integrating at that moment
    /// finishes). The connection itself closes shortly after.
    public func suspend() {
        status.update { $0.state = .inactive; $0.suspendRequested = true }
        Task { await worker.followRequestedSuspension() }
    }

    /// Starts syncing again after ``suspend()`` or after an error stopped the session. Calls of
    /// `suspend()` and `resume()` take effect in the order they were made: the last one wins.
    public func resume() {
        status.update { $0.state = .active; $0.suspendRequested = false }
        Task { await worker.followRequestedSuspension() }
    }

    /// Waits until everything written so far is on the server (`.upload`), or until everything
    /// the server had when called is in the file (`.download`). Throws when the session stops
    /// for good (an error it cannot retry, its user logging out), on `timeout`, and on
    /// cancellation; a lost connection is waited out.
    public func wait(for direction: ProgressDirection, timeout: Duration? = nil) async throws {
        switch direction {
        case .upload: try await worker.waitForUpload(timeout: timeout)
        case .download: try await worker.waitForDownload(timeout: timeout, failsOnConnectionError: false)
        }
    }

    /// Waits without a time limit until everything written so far is on the server (`.upload`),
    /// or everything the server had when called is in the file (`.download`): see
    /// ``wait(for:timeout:)``.
    public func wait(for direction: ProgressDirection) async throws {
        try await wait(for: direction, timeout: nil)
    }

    /// Realm's callback spelling of ``wait(for:timeout:)``: `block` gets nil or the error, on
    /// `queue` (nil: Fief's callback queue, `.fiefCallbacks`).
    public func wait(for direction: ProgressDirection, queue: DispatchQueue? = nil,
                     block: @escaping @Sendable (Error?) -> Void) {
        let queue = queue ?? .fiefCallbacks
        Task {
            do {
                try await wait(for: direction)
                queue.async { block(nil) }
            } catch {
                queue.async { block(error) }
            }
        }
    }

    /// Calls `block` with the progress of `direction` as it changes, from the session's
    /// executor. Keep the token; invalidating it (or letting it go) stops the notifications.
    /// Optional as RealmSwift's is, though Fief always returns a token.
    public func addProgressNotification(for direction: ProgressDirection, mode: ProgressMode,
                                        block: @escaping @Sendable (Progress) -> Void) -> SyncProgressNotificationToken? {
        let registration = Task { [worker] in await worker.addProgressObserver(direction, mode, block) }
        return SyncProgressNotificationToken { [worker] in
            Task { await worker.removeProgressObserver(await registration.value) }
        }
    }

    /// The progress of `direction` as an asynchronous sequence. With
    /// `.forCurrentlyOutstandingWork` it finishes once the work outstanding now is done.
    public func progressNotifications(for direction: ProgressDirection, mode: ProgressMode) -> AsyncStream<Progress> {
        AsyncStream { continuation in
            let token = addProgressNotification(for: direction, mode: mode) { progress in
                continuation.yield(progress)
                if mode == .forCurrentlyOutstandingWork && progress.isTransferComplete { continuation.finish() }
            }
            continuation.onTermination = { _ in token?.invalidate() }
        }
    }
}

/// What ``SyncSession`` reports synchronously, kept by its worker.
final class SessionStatus: @unchecked Sendable {
    struct Values {
        var state: SyncSession.State = .active
        var connectionState: SyncSession.ConnectionState = .disconnected
        var lastError: SyncError?
        /// Whether the last of ``SyncSession/suspend()`` and ``SyncSession/resume()`` called
        /// was `suspend()`: set when the call is made, which the worker follows (the tasks
        /// that tell it may run in any order).
        var suspendRequested = false
        /// How many times a realm of the file began to open (counted as the open starts,
        /// before the worker hears of it): a close asked for before the latest open is not made.
        var opens = 0
    }

    private let lock = NSLock()
    private var values = Values()
    /// The session's realm, as log messages name it.
    let name: String

    init(name: String) { self.name = name }

    /// `.inactive` from the moment `suspend()` is called until `resume()`, whatever the worker
    /// (which follows the call a moment later) last set.
    var state: SyncSession.State { lock.lock(); defer { lock.unlock() }; return values.suspendRequested ? .inactive : values.state }
    var connectionState: SyncSession.ConnectionState { lock.lock(); defer { lock.unlock() }; return values.connectionState }
    var lastError: SyncError? { lock.lock(); defer { lock.unlock() }; return values.lastError }
    var suspendRequested: Bool { lock.lock(); defer { lock.unlock() }; return values.suspendRequested }
    var opens: Int { lock.lock(); defer { lock.unlock() }; return values.opens }

    /// A realm of the file is opening.
    func noteOpen() { lock.lock(); values.opens += 1; lock.unlock() }

    /// Changes the values; a change of connection or session state is logged (`.info` and
    /// `.detail`), an error at `.error`.
    func update(_ body: (inout Values) -> Void) {
        lock.lock()
        let before = values
        body(&values)
        let after = values
        lock.unlock()
        if before.connectionState != after.connectionState {
            Fief.Logger.shared.log(level: .info, message: "Sync session \(name): connection \(before.connectionState) -> \(after.connectionState)")
        }
        if before.state != after.state {
            Fief.Logger.shared.log(level: .detail, message: "Sync session \(name): \(before.state) -> \(after.state)")
        }
        if let error = after.lastError, before.lastError.map({ "\($0)" }) != "\(error)" {
            Fief.Logger.shared.log(level: .error, message: "Sync session \(name): \(error)")
        }
    }
}
