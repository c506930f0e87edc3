import FiefStorage
import Foundation

/// Identifies a block queued with ``Realm/beginAsyncWrite(_:)`` or a completion handler given
/// to ``Realm/commitAsyncWrite(allowGrouping:_:)``, for ``Realm/cancelAsyncWrite(_:)``.
public typealias AsyncTransactionId = UInt32

extension Realm {
    /// Runs `block` in a write transaction begun asynchronously and commits it when the block
    /// returns (unless the block committed or cancelled it itself); `onComplete` then receives
    /// nil or the error of the commit.
    ///
    /// On a realm isolated to an actor the call returns at once: the block and `onComplete`
    /// run later on that actor, after the write lock is taken without blocking it. On a realm
    /// confined to a dispatch queue they run later in blocks on that queue. On a realm
    /// confined to a thread (which has no run loop to call back on in Fief) the block runs and
    /// commits before the call returns.
    ///
    /// ```swift
    /// realm.writeAsync({ realm.create(Dog.self, value: ["name": "Rex"]) }, onComplete: { error in
    ///     if let error { print("not saved:", error) }
    /// })
    /// ```
    @discardableResult
    public func writeAsync(_ block: @escaping () -> Void, onComplete: ((Swift.Error?) -> Void)? = nil) -> AsyncTransactionId {
        queueAsyncWrite({ [unowned self] in
            block()
            if self.isInWriteTransaction {
                self.commitAsyncWrite(onComplete)
            } else {
                onComplete?(nil)
            }
        }, onBeginFailure: { error in onComplete?(error) })
    }

    /// Queues `asyncWriteBlock` to run inside a write transaction once the write lock is
    /// taken, in the order such blocks were queued (blocks queued from inside one run after
    /// it). The block should end with ``commitAsyncWrite(allowGrouping:_:)`` or
    /// ``commitWrite(withoutNotifying:)``; returning without committing cancels the
    /// transaction.
    ///
    /// On a realm confined to a thread the block runs before the call returns (see
    /// ``writeAsync(_:onComplete:)``).
    ///
    /// ```swift
    /// let id = realm.beginAsyncWrite {
    ///     realm.create(Dog.self, value: ["name": "Rex"])
    ///     realm.commitAsyncWrite()
    /// }
    /// ```
    ///
    /// A failure of the file to start the transaction stops the program, as it does for
    /// ``beginWrite()``; ``writeAsync(_:onComplete:)`` reports it to `onComplete` instead.
    @discardableResult
    public func beginAsyncWrite(_ asyncWriteBlock: @escaping () -> Void) -> AsyncTransactionId {
        queueAsyncWrite(asyncWriteBlock, onBeginFailure: nil)
    }

    private func queueAsyncWrite(_ block: @escaping () -> Void, onBeginFailure: ((Swift.Error) -> Void)?) -> AsyncTransactionId {
        checkIsolation()
        precondition(!isFrozen && !configuration.readOnly, "beginAsyncWrite: cannot write to a frozen or read-only realm.")
        let id = asyncWrites.enqueue(AsyncWriteState.Queued(block: block, onBeginFailure: onBeginFailure))
        guard let actor else {
            if let queue = isolation.queue {
                let box = SendableRealm(self)
                queue.async { box.realm.runQueuedWritesNow() }
            } else {
                runQueuedWritesNow()
            }
            return id
        }
        if asyncWrites.startDraining() {
            let box = SendableRealm(self)
            Task { await Realm.drainAsyncWrites(on: actor, box) }
        }
        return id
    }

    /// Commits the current write transaction (begun with `beginWrite` or `beginAsyncWrite`)
    /// without waiting for the sync to disk: the changes are visible and the write lock is
    /// free when the call returns; `onComplete` runs on the realm's actor once the commit is
    /// durable, with nil or the error. `allowGrouping` is accepted for RealmSwift's sake:
    /// Fief groups the syncs of commits that wait at the same time in any case.
    ///
    /// ```swift
    /// realm.commitAsyncWrite { error in print(error == nil ? "saved" : "failed") }
    /// ```
    @discardableResult
    public func commitAsyncWrite(allowGrouping: Bool = false, _ onComplete: ((Swift.Error?) -> Void)? = nil) -> AsyncTransactionId {
        requireWriteTransaction()
        let id = asyncWrites.newID()
        let ticket: CommitTicket
        do {
            let (session, changeset) = try prepareCommit()
            do {
                ticket = try session.txn.commitDeferringSync()
            } catch {
                failCommit(session, error)
                throw RealmError.wrap(error)
            }
            finishCommit(session, changeset, withoutNotifying: [])
        } catch {
            complete(id, onComplete, error: error, ticket: nil)
            return id
        }
        complete(id, onComplete, error: nil, ticket: ticket)
        return id
    }

    /// Cancels a block queued with ``beginAsyncWrite(_:)`` that has not started (its
    /// transaction never happens), or the completion handler of a
    /// ``commitAsyncWrite(allowGrouping:_:)`` that has not run (the commit itself still
    /// happens). An identifier that is unknown or already used is ignored, as in RealmSwift.
    ///
    /// ```swift
    /// let id = realm.beginAsyncWrite { ... }
    /// try realm.cancelAsyncWrite(id)
    /// ```
    public func cancelAsyncWrite(_ asyncTransactionId: AsyncTransactionId) throws {
        checkIsolation()
        asyncWrites.cancel(asyncTransactionId)
    }

    /// Whether blocks queued with ``beginAsyncWrite(_:)`` or commits made with
    /// ``commitAsyncWrite(allowGrouping:_:)`` have not finished yet.
    public var isPerformingAsynchronousWriteOperations: Bool { asyncWrites.isBusy }

    // MARK: Running

    /// Delivers a commit's outcome: at once on a thread-confined realm, on the realm's actor
    /// or queue once the commit is durable otherwise.
    private func complete(_ id: AsyncTransactionId, _ onComplete: ((Swift.Error?) -> Void)?, error: Swift.Error?, ticket: CommitTicket?) {
        if actor == nil, let queue = isolation.queue {
            asyncWrites.commitStarted(id)
            let box = SendableRealm(self)
            let handler = SendableCompletion(onComplete)
            let commit = SendableCommit(ticket: ticket, error: error)
            // The sync to disk is waited for off the queue, as it is off an actor.
            DispatchQueue.global().async {
                let outcome = commit.outcome(box.realm.coordinator.store)
                queue.async { if box.realm.asyncWrites.commitFinished(id) { handler.block?(outcome) } }
            }
            return
        }
        guard let actor else {
            var outcome = error
            if let ticket {
                do { try coordinator.store.waitUntilDurable(ticket) } catch { outcome = RealmError.wrap(error) }
            }
            onComplete?(outcome)
            return
        }
        asyncWrites.commitStarted(id)
        let box = SendableRealm(self)
        let handler = SendableCompletion(onComplete)
        Task { await Realm.finishAsyncCommit(on: actor, box, id, ticket, error, handler) }
    }

    private static func finishAsyncCommit(on actor: isolated any Actor, _ box: SendableRealm, _ id: AsyncTransactionId,
                                          _ ticket: CommitTicket?, _ error: Swift.Error?, _ handler: SendableCompletion) async {
        let realm = box.realm
        var outcome = error
        if let ticket {
            do { try await realm.coordinator.store.waitUntilDurable(ticket) } catch { outcome = RealmError.wrap(error) }
        }
        if realm.asyncWrites.commitFinished(id) { handler.block?(outcome) }
    }

    /// Runs the queued blocks one by one on the realm's actor, each in its own transaction.
    private static func drainAsyncWrites(on actor: isolated any Actor, _ box: SendableRealm) async {
        let realm = box.realm
        while let (id, queued) = realm.asyncWrites.next() {
            guard await realm.coordinator.writeQueue.acquire() else {
                queued.onBeginFailure?(CancellationError())
                realm.asyncWrites.finished(id)
                continue
            }
            realm.runQueuedWrite(id, queued)
        }
        realm.asyncWrites.stopDraining()
    }

    /// Runs the queued blocks on the calling thread (thread-confined realms; queue-confined
    /// ones call it in a block on their queue).
    /// Blocks queued from inside a running block run after it, in the same loop.
    private func runQueuedWritesNow() {
        guard asyncWrites.startDraining() else { return }
        precondition(session == nil, "beginAsyncWrite: on a realm confined to a thread, queue async writes outside a write transaction begun with beginWrite().")
        while let (id, queued) = asyncWrites.next() {
            coordinator.writeQueue.acquireBlocking()
            runQueuedWrite(id, queued)
        }
        asyncWrites.stopDraining()
    }

    /// Runs one queued block in its own transaction (the caller holds the write lock), and
    /// cancels the transaction if the block returned without committing.
    private func runQueuedWrite(_ id: AsyncTransactionId, _ queued: AsyncWriteState.Queued) {
        defer { asyncWrites.finished(id) }
        do {
            try openWriteTransaction()
        } catch {
            coordinator.writeQueue.release()
            guard let report = queued.onBeginFailure else {
                preconditionFailure("beginAsyncWrite: cannot start a write transaction: \(RealmError.wrap(error))")
            }
            report(RealmError.wrap(error))
            return
        }
        queued.block()
        if session != nil { cancelWrite() }
    }
}

/// A commit handed to a thread that waits for it to be durable.
struct SendableCommit: @unchecked Sendable {
    let ticket: CommitTicket?
    let error: Swift.Error?

    /// The commit's error, or the error of its sync to disk.
    func outcome(_ store: Store) -> Swift.Error? {
        guard error == nil, let ticket else { return error }
        do { try store.waitUntilDurable(ticket) } catch { return RealmError.wrap(error) }
        return nil
    }
}

/// A completion handler handed to the realm's actor with the commit it reports on.
struct SendableCompletion: @unchecked Sendable {
    let block: ((Swift.Error?) -> Void)?
    init(_ block: ((Swift.Error?) -> Void)?) { self.block = block }
}
