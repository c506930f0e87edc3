import Foundation

/// A property that keeps a managed object (or results) usable from any thread: it stores a
/// ``ThreadSafeReference`` and, each time it is read, resolves it in the reading thread's
/// realm of the same configuration.
///
/// ```swift
/// final class Uploader: @unchecked Sendable {   // its only state is thread-safe
///     @ThreadSafe var pending: Results<Photo>?
///     @ThreadSafe var owner: Person?
/// }
/// uploader.owner = person                  // on the thread that read `person`
/// Thread.detachNewThread {
///     print(uploader.owner?.name ?? "gone") // resolved in this thread's realm
/// }
/// ```
///
/// Reading opens (or reuses) a realm confined to the current thread, as
/// `Realm(configuration:)` does; inside an actor's asynchronous code, whose task may move
/// between threads, pass a ``ThreadSafeReference`` and resolve it with the actor's realm
/// instead. The value reads as nil when the object was deleted, when it was unmanaged, or
/// when no realm can be opened.
@propertyWrapper
public final class ThreadSafe<T: ThreadConfined>: @unchecked Sendable {
    private let lock = NSLock()
    private var reference: ThreadSafeReference<T>?
    private var configuration: Realm.Configuration?

    /// The value, resolved in the current thread's realm. Setting it keeps a reference to the
    /// new value (a managed object or results; anything else reads back as nil).
    public var wrappedValue: T? {
        get {
            let (reference, configuration) = lock.withLock { (self.reference, self.configuration) }
            guard let reference, let configuration, let realm = try? Realm(configuration: configuration) else { return nil }
            return reference.resolveAny(in: realm)
        }
        set {
            let reference = newValue.flatMap { ThreadSafeReference(passing: $0) }
            let configuration = reference == nil ? nil : newValue?.realm?.configuration
            lock.withLock {
                self.reference = reference
                self.configuration = configuration
            }
        }
    }

    /// A property holding `wrappedValue`.
    public init(wrappedValue: T?) {
        reference = wrappedValue.flatMap { ThreadSafeReference(passing: $0) }
        configuration = reference == nil ? nil : wrappedValue?.realm?.configuration
    }
}
