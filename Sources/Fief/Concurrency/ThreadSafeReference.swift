import FiefQueryLanguage

/// Types whose instances are confined to one realm's actor or thread and can be handed to
/// another through a ``ThreadSafeReference``: objects and results.
public protocol ThreadConfined {}

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
    enum Target: Sendable {
        case object(className: String, key: UInt64)
        case results(className: String, predicate: QueryExpression, arguments: [StoredValue], descriptors: [SendableDescriptor],
                     source: ResultsSource?)
    }

    let storeIdentity: String
    let target: Target

    /// A reference to a managed object.
    public init(to object: Confined) where Confined: ObjectBase {
        guard let state = object._managed else { preconditionFailure("Only managed objects can be passed by ThreadSafeReference.") }
        storeIdentity = state.realm.configuration.storeIdentity
        target = .object(className: state.table.className, key: state.key)
    }

    /// A reference to results (their query, not their current contents).
    public init<T>(to results: Results<T>) where Confined == Results<T> {
        storeIdentity = results.sourceRealm.configuration.storeIdentity
        target = .results(className: T.className(), predicate: results.predicate, arguments: results.arguments,
                          descriptors: results.descriptors.map(SendableDescriptor.init), source: results.source)
    }
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
              (try? table(binding).exists(key)) == true else { return nil }
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
