@_spi(Sync) import Fief
import Foundation

/// When a session closes by itself: after the app closed its last realm instance of the file
/// (RealmSwift's default stop policy, "after changes uploaded"). The session keeps going until
/// everything written is on the server, every `wait(for:)` has its answer, and a client reset
/// and a new subscription set are done; half a second later, if no realm of the file opened
/// meanwhile, it leaves its connection and releases its own realm instance, so the file
/// closes. Opening a realm of the file again starts it again; `wait(for:)`, `resume()` and a
/// change of a kept subscription set start it for themselves, and it closes again after.
extension SyncSessionWorker {
    /// How long an idle session waits before it closes: an app that closes a realm and opens
    /// it again at once (or an open that goes through a short-lived instance) keeps its
    /// connection.
    static let closeDelay: Duration = .milliseconds(500)

    /// The app closed its last realm of the file when `opensAtClose` opens had begun: close
    /// once idle, unless a realm of the file began to open since.
    func closeWhenIdle(opensAtClose: Int) {
        guard opensAtClose == status.opens else { return }
        closesWhenIdle = true
        self.opensAtClose = opensAtClose
        closeIfIdle()
    }

    /// The session restarted without an open (`wait(for:)`, `resume()`): with no realm of the
    /// file open, it closes again once idle.
    func closeAgainWhenIdleUnlessOpen() {
        guard !Realm.isOpenByApp(configuration) else { return }
        closeWhenIdle(opensAtClose: status.opens)
    }

    /// Schedules the close the app asked for by closing its realms, if nothing is left to sync.
    func closeIfIdle() {
        guard !closeIsScheduled, isIdleForClosing() else { return }
        closeIsScheduled = true
        Task {
            try? await Task.sleep(for: Self.closeDelay)
            self.closeIfStillIdle()
        }
    }

    private func closeIfStillIdle() {
        closeIsScheduled = false
        guard isIdleForClosing() else { return }
        close()
    }

    /// Whether the app asked for a close, has no realm of the file open or opening since, and
    /// nothing is left to sync: no write waiting for the server, no `wait(for:)`, no client reset, no
    /// subscription set waiting for its data. A realm opened since cancels the request.
    private func isIdleForClosing() -> Bool {
        guard closesWhenIdle, !isClosed, !isStopped else { return false }
        guard opensAtClose == status.opens, !Realm.isOpenByApp(configuration) else {
            closesWhenIdle = false
            return false
        }
        guard let realm, waiters.isEmpty, resetInProgress == nil else { return false }
        if sync.isSubscriptionBased, case .pending = subscriptions.state { return false }
        // The session's instance may not have seen the app's last commits yet.
        realm.refresh()
        guard let state = try? realm.syncHistoryState(), let pending = try? realm.hasPendingSyncUploads(through: state.latestClientVersion) else {
            return false
        }
        return !pending
    }
}
