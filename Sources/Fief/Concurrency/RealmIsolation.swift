#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a realm may be used: on the actor it was opened for, or on the thread that opened it.
/// Checked at the realm's entry points (reads of collections, writes, observation) with a
/// message naming the realm and the isolation expected.
struct RealmIsolation {
    private let thread: pthread_t
    /// The actor, for realms opened with `Realm(configuration:actor:)`.
    var actor: (any Actor)?

    init() { thread = pthread_self() }

    func check(_ realm: Realm, _ function: StaticString) {
        if let actor {
            actor.preconditionIsolated(
                "\(function): the realm at \(realm.configuration.storeIdentity) is isolated to \(type(of: actor)) and was used outside it")
            return
        }
        precondition(pthread_equal(thread, pthread_self()) != 0,
                     "\(function): the realm at \(realm.configuration.storeIdentity) is confined to the thread that opened it and was used from another thread; open a realm per thread or actor, or pass frozen objects")
    }
}
