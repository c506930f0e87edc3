import Foundation

/// Keeps a notification block registered. Call ``invalidate()`` to stop notifications (a
/// token that is deallocated does not stop them, as in Realm).
///
/// ```swift
/// let token = realm.objects(Dog.self).observe { change in print(change) }
/// // ...
/// token.invalidate()
/// ```
public final class NotificationToken: @unchecked Sendable, Hashable {
    private let lock = NSLock()
    private var invalidated = false
    private var onInvalidate: (@Sendable () -> Void)?

    init(onInvalidate: (@Sendable () -> Void)? = nil) { self.onInvalidate = onInvalidate }

    /// Stops the notifications. Safe to call from any thread, more than once.
    public func invalidate() {
        lock.lock()
        let action = invalidated ? nil : onInvalidate
        invalidated = true
        onInvalidate = nil
        lock.unlock()
        action?()
    }

    /// Whether ``invalidate()`` was called.
    public var isInvalidated: Bool {
        lock.lock(); defer { lock.unlock() }
        return invalidated
    }

    func whenInvalidated(_ action: @escaping @Sendable () -> Void) {
        lock.lock()
        if invalidated { lock.unlock(); action(); return }
        let previous = onInvalidate
        onInvalidate = { previous?(); action() }
        lock.unlock()
    }

    public static func == (a: NotificationToken, b: NotificationToken) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One property that changed, as ``ObjectChange/change(_:_:)`` reports it.
public struct PropertyChange {
    /// The property's name.
    public let name: String
    /// The value before the change (nil when not known or nil).
    public let oldValue: Any?
    /// The value after the change.
    public let newValue: Any?
}

/// A change to an observed object.
///
/// ```swift
/// let token = dog.observe { change in
///     switch change {
///     case .change(let dog, let properties):
///         for p in properties { print("\(p.name): \(p.oldValue ?? "nil") -> \(p.newValue ?? "nil")") }
///     case .deleted: print("deleted")
///     case .error(let error): print(error)
///     }
/// }
/// ```
public enum ObjectChange<T> {
    /// Properties of the object changed.
    case change(T, [PropertyChange])
    /// The object was deleted.
    case deleted
    /// The object can no longer be observed.
    case error(Error)
}

// Changes carry frozen snapshots (or plain values) when they cross isolation, which is what
// the asynchronous sequences deliver; live objects in them must stay on their realm's actor.
extension ObjectChange: @unchecked Sendable {}
extension PropertyChange: @unchecked Sendable {}
