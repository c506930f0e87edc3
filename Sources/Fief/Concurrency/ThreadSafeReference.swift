import FiefQueryLanguage

/// Types whose instances are confined to one realm's actor or thread: objects, results and
/// the collections of objects. Managed objects and results can be handed to another actor or
/// thread through a ``ThreadSafeReference`` (or the ``ThreadSafe`` property wrapper); any of
/// them can be frozen, and a frozen value may be read anywhere.
public protocol ThreadConfined {
    /// The realm managing the value, or nil while it is unmanaged.
    var realm: Realm? { get }
    /// Whether the value can no longer be read: it was deleted, or its realm was invalidated.
    var isInvalidated: Bool { get }
    /// Whether the value is a frozen (immutable) snapshot.
    var isFrozen: Bool { get }
    /// A frozen snapshot of the value, readable from any thread or actor.
    func freeze() -> Self
    /// The live version of a frozen value, or nil when it no longer exists (a live value
    /// returns itself).
    func thaw() -> Self?
}

extension ObjectBase: ThreadConfined {}
extension Results: ThreadConfined {}

/// A reference to a managed object or results that may cross actors; resolve it with
/// ``Realm/resolve(_:)`` on a realm of the same file in the destination.
///
/// ```swift
/// let ref = ThreadSafeReference(to: dog)
/// Task { @BackgroundActor in
///     let realm = try await Realm(actor: BackgroundActor.shared)
///     if let dog = realm.resolve(ref) { print(dog.name) }
/// }
/// ```
public struct ThreadSafeReference<Confined: ThreadConfined>: Sendable {
    typealias Target = ThreadSafeReferenceTarget

    let storeIdentity: String
    let target: Target

    /// A reference to a managed object.
    public init(to object: Confined) where Confined: ObjectBase {
        guard let state = object._managed else { preconditionFailure("Only managed objects can be passed by ThreadSafeReference.") }
        storeIdentity = state.rowRealm.configuration.storeIdentity
        target = .object(className: state.rowTable.className, key: state.rowKey)
    }

    /// Whether the reference can no longer be resolved. Fief's references are values that
    /// resolve any number of times, in any realm of the same file, so this is always false;
    /// ``Realm/resolve(_:)`` returns nil when the object it names was deleted.
    public var isInvalidated: Bool { false }

    /// A reference to results (their query, not their current contents).
    public init<T>(to results: Results<T>) where Confined == Results<T> {
        storeIdentity = results.sourceRealm.configuration.storeIdentity
        target = .results(className: T.className(), predicate: results.predicate, arguments: results.arguments,
                          descriptors: results.descriptors.map(SendableDescriptor.init), source: results.source)
    }
}

/// What a ``ThreadSafeReference`` names, whatever its type.
enum ThreadSafeReferenceTarget: Sendable {
    case object(className: String, key: UInt64)
    case results(className: String, predicate: QueryExpression, arguments: [StoredValue], descriptors: [SendableDescriptor],
                 source: ResultsSource?)
}

/// A Sendable copy of a results descriptor.
struct SendableDescriptor: Sendable {
    let kind: Int
    let paths: [[String]]
    let ascending: [Bool]
    let limit: Int

    init(_ d: ResultsDescriptor) {
        switch d {
        case .sort(let keys): kind = 0; paths = keys.map(\.path); ascending = keys.map(\.ascending); limit = 0
        case .distinct(let p): kind = 1; paths = p; ascending = []; limit = 0
        case .limit(let n): kind = 2; paths = []; ascending = []; limit = n
        }
    }

    var descriptor: ResultsDescriptor {
        switch kind {
        case 0: .sort(zip(paths, ascending).map { ($0, $1) })
        case 1: .distinct(paths)
        default: .limit(limit)
        }
    }
}

extension Realm {
    /// The object a reference names, in this realm, or nil if it was deleted (or the
    /// reference is for another file).
    public func resolve<T: ObjectBase>(_ reference: ThreadSafeReference<T>) -> T? {
        guard reference.storeIdentity == configuration.storeIdentity,
              case .object(let className, let key) = reference.target,
              let binding = readBinding(for: T.self), binding.className == className,
              rowExists(binding, key) else { return nil }
        return objectForKey(T.self, key, binding: binding)
    }

    /// The results a reference names, evaluated in this realm.
    public func resolve<T: Object>(_ reference: ThreadSafeReference<Results<T>>) -> Results<T>? {
        guard reference.storeIdentity == configuration.storeIdentity,
              case .results(_, let predicate, let arguments, let descriptors, let source) = reference.target else { return nil }
        var results = objects(T.self)
        results.predicate = predicate
        results.arguments = arguments
        results.descriptors = descriptors.map(\.descriptor)
        results.source = source
        return results
    }
}
