import Fief

/// Watches one object the way an app's view-model actor would: an actor-isolated Realm, the
/// object's `Results` observed on that actor, the score read in the callback (workload O9).
/// Commits by any other Realm on the file are delivered on this actor.
actor FiefScoreObserver {
    private var realm: Realm?
    private var token: NotificationToken?

    /// Opens the realm on this actor and starts observing object `id`; `onScore` gets its score
    /// with the initial results and after every change.
    func start(_ configuration: Realm.Configuration, id: Int, onScore: @escaping @Sendable (Double) -> Void) async throws {
        let realm = try await Realm(configuration: configuration, actor: self)
        token = realm.objects(BenchItem.self).filter("id == %@", id).observe { change in
            switch change {
            case .initial(let results), .update(let results, _, _, _):
                if let score = results.first?.score { onScore(score) }
            case .error:
                break
            }
        }
        self.realm = realm
    }

    /// Invalidates the token and drops the realm; nothing is delivered afterwards.
    func stop() {
        token?.invalidate()
        token = nil
        realm = nil
    }
}

/// The harness's handle on a running ``FiefScoreObserver``.
final class FiefObservation: ObjectObservation {
    private let observer: FiefScoreObserver

    init(_ observer: FiefScoreObserver) {
        self.observer = observer
    }

    func stop() {
        let observer = self.observer
        try? AsyncBridge.wait { await observer.stop() }
    }
}
