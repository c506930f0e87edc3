import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a realm may be used: on the actor it was opened for, in blocks run by the serial
/// queue it was opened for, or on the thread that opened it. Checked at the realm's entry
/// points (reads of collections, writes, observation) with a message naming the realm and the
/// isolation expected.
struct RealmIsolation {
    private let thread: pthread_t
    /// The actor, for realms opened with `Realm(configuration:actor:)`.
    var actor: (any Actor)?
    /// The queue, for realms opened with `Realm(configuration:queue:)`.
    private(set) var queue: DispatchQueue?
    private var queueMark: QueueMark?

    init() { thread = pthread_self() }

    /// Confines the realm to the blocks `queue` runs.
    mutating func confine(to queue: DispatchQueue) {
        self.queue = queue
        queueMark = QueueMark.of(queue)
    }

    /// Whether the caller is where the realm may be used (actor realms: not checked here).
    var isCurrent: Bool {
        if let queueMark { return DispatchQueue.getSpecific(key: QueueMark.key) === queueMark }
        return pthread_equal(thread, pthread_self()) != 0
    }

    func check(_ realm: Realm, _ function: StaticString) {
        if let actor {
            actor.preconditionIsolated(
                "\(function): the realm at \(realm.configuration.storeIdentity) is isolated to \(type(of: actor)) and was used outside it")
            return
        }
        if let queue {
            precondition(isCurrent,
                         "\(function): the realm at \(realm.configuration.storeIdentity) is confined to the queue '\(queue.label)' and was used outside a block run by that queue; dispatch to the queue first")
            return
        }
        precondition(isCurrent,
                     "\(function): the realm at \(realm.configuration.storeIdentity) is confined to the thread that opened it and was used from another thread; open a realm per thread or actor, or pass frozen objects")
    }
}

/// Marks a dispatch queue Fief has confined realms to, so that code can tell whether it runs
/// in a block of that queue (`DispatchQueue.getSpecific` sees the mark only there).
final class QueueMark: Sendable {
    static let key = DispatchSpecificKey<QueueMark>()
    private static let lock = NSLock()

    /// The queue's mark, set on it the first time a realm is confined to it.
    static func of(_ queue: DispatchQueue) -> QueueMark {
        lock.withLock {
            if let existing = queue.getSpecific(key: key) { return existing }
            let mark = QueueMark()
            queue.setSpecific(key: key, value: mark)
            return mark
        }
    }
}
