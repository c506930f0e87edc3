import Dispatch

extension DispatchQueue {
    /// Where FiefSync's completion handlers run unless a call names another queue.
    ///
    /// On Apple platforms it is the main queue, as in Realm. On Linux it is a private serial
    /// queue: a server process runs no main run loop, so blocks sent to `DispatchQueue.main`
    /// would wait forever there (unless the program calls `dispatchMain()`).
    public static var fiefCallbacks: DispatchQueue {
        #if canImport(Darwin)
        .main
        #else
        linuxCallbackQueue
        #endif
    }
}

private let linuxCallbackQueue = DispatchQueue(label: "fief.sync.callbacks")
