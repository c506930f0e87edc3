@_spi(Sync) import Fief
import Foundation

extension SyncSessionWorker {
    /// Returns once everything the server had when called is integrated into the file.
    /// With `failsOnConnectionError` a failed connection ends the wait with its error (how
    /// opens behave); otherwise the wait outlives reconnections.
    func waitForDownload(timeout: Duration?, failsOnConnectionError: Bool) async throws {
        startForWait()
        defer { closeIfIdle() }
        try await wait(.download(request: nil), failsOnConnectionError: failsOnConnectionError, timeout: timeout) {
            if $0.isIdentified { $0.sendMark() }
        }
    }

    /// Returns once the server acknowledged every write recorded when called.
    func waitForUpload(timeout: Duration?) async throws {
        startForWait()
        defer { closeIfIdle() }
        try await waitUntilRealmOpen()
        guard let realm else { throw SyncError(.sessionClosed, "the session has no realm") }
        // The session's own instance may not have seen the caller's last commits yet (its
        // notification can still be on the way): without this, the wait could take an older
        // version as its target and return before the caller's writes were even sent.
        realm.refresh()
        let state = try realm.syncHistoryState()
        let target = state.latestClientVersion
        // Writes the server refused were reverted: waiting for them reports the refusal.
        if let refusal, target <= refusal.through { throw refusal.error }
        if try !realm.hasPendingSyncUploads(through: target) { return }
        try await wait(.upload(target: target), failsOnConnectionError: false, timeout: timeout) { _ in }
    }

    /// Starts the session for a wait. One that had closed closes again once it is idle after
    /// the wait, unless a realm of the file is open.
    private func startForWait() {
        let wasClosed = isClosed
        start()
        if wasClosed { closeAgainWhenIdleUnlessOpen() }
    }

    /// Waits (for at most a minute) until the loop opened the session's realm.
    private func waitUntilRealmOpen() async throws {
        for _ in 0..<6000 where realm == nil {
            if isStopped, let error = status.lastError { throw error }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    private func wait(_ kind: SessionWaiters.Kind, failsOnConnectionError: Bool, timeout: Duration?,
                      then afterAdding: (isolated SyncSessionWorker) -> Void) async throws {
        if isStopped {
            throw status.lastError ?? SyncError(.sessionClosed, "the session is stopped")
        }
        let box = WaiterID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                let id = waiters.add(kind, failsOnConnectionError: failsOnConnectionError, continuation)
                box.set(id)
                if Task.isCancelled { waiters.fail(id: id, CancellationError()) }
                if let timeout {
                    Task {
                        try? await Task.sleep(for: timeout)
                        self.expire(id, SyncError(.timedOut, "waited \(timeout) for the server"))
                    }
                }
                afterAdding(self)
            }
        } onCancel: {
            Task { if let id = box.get() { await self.expire(id, CancellationError()) } }
        }
    }

    private func expire(_ id: Int, _ error: Error) {
        waiters.fail(id: id, error)
        closeIfIdle()
    }
}

/// A waiter's id, handed from the actor to a cancellation handler.
private final class WaiterID: @unchecked Sendable {
    private let lock = NSLock()
    private var id: Int?
    func set(_ value: Int) { lock.lock(); id = value; lock.unlock() }
    func get() -> Int? { lock.lock(); defer { lock.unlock() }; return id }
}
