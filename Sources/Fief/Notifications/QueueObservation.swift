import Foundation

/// Observations delivered by a serial dispatch queue (`observe(keyPaths:on: queue, _:)`): the
/// observed value is found again in the realm confined to that queue, and observed there, so
/// the block receives values it may use on the queue.
enum QueueObservation {
    /// Returns at once; in a block on `queue`, opens (or reuses) the realm confined to `queue`
    /// for `configuration` and calls `start` with it, which registers the observation there
    /// (its initial call, if any, arrives then). Invalidating the token returned ends the
    /// observation, even before it started. A realm that cannot be opened is reported to
    /// `failed`, on `queue`.
    static func start(on queue: DispatchQueue, configuration: Realm.Configuration,
                      failed: @escaping (Swift.Error) -> Void,
                      _ start: @escaping (Realm) -> NotificationToken) -> NotificationToken {
        let token = NotificationToken()
        let work = QueueWork(start: start, failed: failed)
        queue.async {
            guard !token.isInvalidated else { return }
            let inner: NotificationToken
            do {
                inner = work.start(try Realm(configuration: configuration, queue: queue))
            } catch {
                work.failed(error)
                return
            }
            token.whenInvalidated { inner.invalidate() }
        }
        return token
    }
}

extension QueueObservation {
    /// Observes `value` (live, of `realm`) on `queue`: finds it in the queue's realm and calls
    /// `observe` with it there. When it is no longer there (its object was deleted), `gone` is
    /// called instead and the observation ends.
    static func observe<Value>(_ value: Value, of realm: Realm?, on queue: DispatchQueue,
                               failed: @escaping (Swift.Error) -> Void, gone: @escaping () -> Void = {},
                               _ observe: @escaping (Value) -> NotificationToken) -> NotificationToken {
        guard let realm else { preconditionFailure("Only managed objects and collections can be observed.") }
        precondition(!realm.isFrozen, "Frozen objects and collections cannot be observed; thaw them first.")
        realm.checkIsolation()
        guard let find = relocation(of: value) else { preconditionFailure("\(Value.self) cannot be observed on a queue: objects, projections, results and collections of objects (and their sections) can.") }
        return start(on: queue, configuration: realm.configuration, failed: failed) { queueRealm in
            guard let found = find(queueRealm) else {
                gone()
                return .alreadyInvalidated()
            }
            return observe(found)
        }
    }
}

/// The caller's blocks, carried to the queue that runs them. They are not required to be
/// `Sendable` (RealmSwift's are not); each runs only on that queue.
private struct QueueWork: @unchecked Sendable {
    let start: (Realm) -> NotificationToken
    let failed: (Swift.Error) -> Void
}

/// Where a managed collection is, as plain values that may cross to another realm of the file:
/// its owner object and property.
struct CollectionPlace: Sendable {
    let className: String
    let key: UInt64
    let property: String

    init(_ state: ObjectBase, property: String) {
        className = state.rowTable.className
        key = state.rowKey
        self.property = property
    }

    /// The owner's row in `realm` (a ``ManagedRow``), or nil when the owner is not there (deleted).
    func owner(in realm: Realm) -> ObjectBase? {
        guard let binding = realm.binding(named: className), realm.rowExists(binding, key) else { return nil }
        return ManagedRow(realm: realm, table: binding, key: key)
    }

    /// The collection's location in `realm`.
    func location(in realm: Realm) -> CollectionLocation? {
        guard let state = owner(in: realm), let column = state.rowTable.column(named: property) else { return nil }
        return CollectionLocation(state: state, column: column)
    }
}
