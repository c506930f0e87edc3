@_spi(Sync) import Fief
import Foundation

extension Realm {
    /// Opens a realm in the background and hands it to `callback` on `callbackQueue`: for a
    /// synced realm, only once everything the server has is downloaded (as
    /// `downloadBeforeOpen: .always`); a local realm just opens. `callback` gets the realm or
    /// the error, and the realm is confined to the thread that runs `callback`.
    ///
    /// ```swift
    /// let config = user.configuration(realmURL: realmURL)
    /// Realm.asyncOpen(configuration: config) { realm, error in
    ///     if let realm { print("\(realm.objects(Task.self).count) tasks") }
    ///     else if let error { print("could not open: \(error)") }
    /// }
    /// ```
    ///
    /// The default `callbackQueue` is ``Dispatch/DispatchQueue/fiefCallbacks``: the main queue on
    /// Apple platforms, a private serial queue on Linux, where no main run loop runs.
    @discardableResult
    public static func asyncOpen(configuration: Realm.Configuration = .defaultConfiguration,
                                 callbackQueue: DispatchQueue = .fiefCallbacks,
                                 callback: @escaping (Realm?, Swift.Error?) -> Void) -> AsyncOpenTask {
        let deliver = CallbackBox(callback)
        let task = Task {
            let failure: Swift.Error?
            do {
                try await configuration.syncAgent?.prepareToOpen(configuration, behavior: .always)
                failure = nil
            } catch {
                failure = error
            }
            callbackQueue.async {
                if let failure { return deliver.value(nil, failure) }
                do { deliver.value(try Realm(configuration: configuration), nil) } catch { deliver.value(nil, error) }
            }
        }
        return AsyncOpenTask(task: task, configuration: configuration)
    }

    /// ``asyncOpen(configuration:callbackQueue:callback:)`` for callbacks that only take the
    /// realm (nil when opening failed; the error goes to the sync error handlers).
    @discardableResult
    public static func asyncOpen(configuration: Realm.Configuration = .defaultConfiguration,
                                 callbackQueue: DispatchQueue = .fiefCallbacks,
                                 callback: @escaping (Realm?) -> Void) -> AsyncOpenTask {
        let deliver = CallbackBox(callback)
        return asyncOpen(configuration: configuration, callbackQueue: callbackQueue) { realm, _ in deliver.value(realm) }
    }
}

/// An `asyncOpen` under way: cancel it, or watch its download.
public final class AsyncOpenTask: Sendable {
    private let task: Task<Void, Never>
    private let configuration: Realm.Configuration

    init(task: Task<Void, Never>, configuration: Realm.Configuration) {
        self.task = task
        self.configuration = configuration
    }

    /// Stops waiting: the callback gets a `CancellationError`.
    public func cancel() { task.cancel() }

    /// Calls `block` with the download's progress until it is complete.
    @discardableResult
    public func addProgressNotification(queue: DispatchQueue = .fiefCallbacks,
                                        block: @escaping @Sendable (SyncSession.Progress) -> Void) -> SyncProgressNotificationToken? {
        guard let session = Realm.session(for: configuration) else { return nil }
        return session.addProgressNotification(for: .download, mode: .forCurrentlyOutstandingWork) { progress in
            queue.async { block(progress) }
        }
    }
}

extension Realm {
    /// The session a synced configuration opens (made if needed); nil for a local one.
    static func session(for configuration: Realm.Configuration) -> SyncSession? {
        configuration.syncConfiguration.map { SyncSessionRegistry.shared.session(for: configuration, sync: $0) }
    }
}

/// A caller's callback, carried to the queue it runs on. Callbacks are not required to be
/// `Sendable` (Realm's were not); each runs once, on the queue the caller chose.
struct CallbackBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
