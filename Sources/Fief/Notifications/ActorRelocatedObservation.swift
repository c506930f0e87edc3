/// An observation to start on another actor: the value is found again (see `Relocatable`) in
/// the realm open on that actor for the same file, and observed there, so the block runs
/// isolated to the actor with values of that actor's realm. Made where the value lives; only
/// plain values (the configuration and how to find the value) cross to the actor.
struct ActorRelocatedObservation<Value>: @unchecked Sendable {
    private let configuration: Realm.Configuration
    private let find: (Realm) -> Value?

    init(_ value: Value, of realm: Realm?) {
        guard let realm else { preconditionFailure("Only managed collections can be observed.") }
        precondition(!realm.isFrozen, "Frozen collections cannot be observed; thaw them first.")
        realm.checkIsolation()
        guard let find = relocation(of: value) else { preconditionFailure("\(Value.self) cannot be observed on an actor.") }
        configuration = realm.configuration
        self.find = find
    }

    /// Opens (or reuses) the realm of `actor` and calls `start` there with the value; reports
    /// a realm that cannot be opened to `failed`. When the value is no longer there (its owner
    /// was deleted), nothing is observed. The token returned then is already invalidated.
    func run<A: Actor>(on actor: isolated A, failed: @Sendable (isolated A, Swift.Error) -> Void,
                       _ start: @Sendable (isolated A, Value) -> NotificationToken) async -> NotificationToken {
        let realm: Realm
        do {
            realm = try await Realm.open(configuration: configuration)
        } catch {
            failed(actor, error)
            return .alreadyInvalidated()
        }
        guard let found = find(realm) else { return .alreadyInvalidated() }
        return start(actor, found)
    }
}
