/// What a store offers for the other processes that have its file open (FORMAT.md, section 11).
extension Store {
    /// Calls `handler` after another process commits to this store's file, on a thread of the
    /// store's own (never the caller's), so that live objects and notifications can catch up:
    /// a read transaction begun after the call sees that commit. Several commits may lead to
    /// one call; commits of this process do not call it. In-memory stores, and files no other
    /// process can share (no lock file could be made), never call it.
    ///
    /// ```swift
    /// let observation = store.observeCommitsByOtherProcesses {
    ///     print("another process committed; newest version \(store.latestVersion)")
    /// }
    /// // ...
    /// observation.cancel()
    /// ```
    public func observeCommitsByOtherProcesses(_ handler: @escaping @Sendable () -> Void) -> CommitObservation {
        guard let watcher = env.commitWatcher else { return CommitObservation {} }
        let id = watcher.add(handler)
        return CommitObservation { watcher.remove(id) }
    }
}

extension Store {
    /// Claims, for this process, role `role` (0...255) among the processes that have the file
    /// open: at most one process holds a role at a time. Returns true when this process holds it
    /// (already, or now), false while another does. The role is held until
    /// ``releaseProcessRole(_:)`` or until the file's last handle in this process closes (or the
    /// process dies). In-memory stores, and files no other process can share, always grant it.
    ///
    /// ```swift
    /// if store.claimProcessRole(1) {
    ///     // this process alone runs the nightly cleanup
    /// }
    /// ```
    public func claimProcessRole(_ role: UInt8) -> Bool {
        env.sharing?.claimRole(role) ?? true
    }

    /// Gives role `role` back (see ``claimProcessRole(_:)``).
    public func releaseProcessRole(_ role: UInt8) {
        env.sharing?.releaseRole(role)
    }
}
