import Dispatch

extension DispatchQueue {
    /// The queue FiefSync's completion handlers run on unless told otherwise: the main queue on
    /// Apple platforms (where an app's main run loop serves it), and on Linux a serial queue of
    /// FiefSync's own, because a server or command-line program often never runs the main
    /// queue and handlers sent there would never run.
    ///
    /// ```swift
    /// SyncUser.logIn(with: credentials, server: serverURL) { user, error in
    ///     // runs on DispatchQueue.fiefCallbacks
    /// }
    /// ```
    public static var fiefCallbacks: DispatchQueue { FiefCallbackQueue.queue }
}

private enum FiefCallbackQueue {
    #if canImport(Darwin)
    static let queue = DispatchQueue.main
    #else
    static let queue = DispatchQueue(label: "fief-sync.callbacks")
    #endif
}
