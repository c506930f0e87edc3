/// Results whose query a ``ThreadSafeReference`` can carry, whatever their element type.
protocol ReferenceableResults {
    var referenceParts: (storeIdentity: String, target: ThreadSafeReferenceTarget) { get }
    static func resolve(_ storeIdentity: String, _ target: ThreadSafeReferenceTarget, in realm: Realm) -> Self?
}

extension Results: ReferenceableResults where Element: Object {
    var referenceParts: (storeIdentity: String, target: ThreadSafeReferenceTarget) {
        let reference = ThreadSafeReference(to: self)
        return (reference.storeIdentity, reference.target)
    }

    static func resolve(_ storeIdentity: String, _ target: ThreadSafeReferenceTarget, in realm: Realm) -> Results<Element>? {
        realm.resolve(ThreadSafeReference<Results<Element>>(storeIdentity: storeIdentity, target: target))
    }
}

extension ThreadSafeReference {
    init(storeIdentity: String, target: Target) {
        self.storeIdentity = storeIdentity
        self.target = target
    }

    /// A reference to `value` when it is something Fief passes between threads (a managed
    /// object, or results of objects); nil for anything else.
    init?(passing value: Confined) {
        if let object = value as? ObjectBase {
            guard let state = object._managed else { return nil }
            self.init(storeIdentity: state.rowRealm.configuration.storeIdentity,
                      target: .object(className: state.rowTable.className, key: state.rowKey))
        } else if let results = value as? any ReferenceableResults {
            let parts = results.referenceParts
            self.init(storeIdentity: parts.storeIdentity, target: parts.target)
        } else {
            return nil
        }
    }

    /// What the reference names, resolved in `realm` as ``Realm/resolve(_:)`` resolves it.
    func resolveAny(in realm: Realm) -> Confined? {
        switch target {
        case .object:
            guard let type = Confined.self as? ObjectBase.Type else { return nil }
            return realm.resolveObject(of: type, storeIdentity, target) as? Confined
        case .results:
            guard let type = Confined.self as? any ReferenceableResults.Type else { return nil }
            return type.resolve(storeIdentity, target, in: realm) as? Confined
        }
    }
}

extension Realm {
    /// The object `target` names, as an instance of `type` (a dynamic class: `resolve(_:)`
    /// would look the class up by its static type).
    func resolveObject(of type: ObjectBase.Type, _ storeIdentity: String, _ target: ThreadSafeReferenceTarget) -> ObjectBase? {
        guard storeIdentity == configuration.storeIdentity, case .object(let className, let key) = target,
              let binding = readBinding(for: type), binding.className == className,
              rowExists(binding, key) else { return nil }
        return objectForKey(type, key, binding: binding)
    }
}
