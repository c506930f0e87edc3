/// `Results` as a ``RealmCollection``; and the results that lists, sets and `LinkingObjects`
/// give for queries.
extension Results: RealmCollectionBase, RealmCollection {
    /// Always false: Fief's results stay usable after ``Realm/invalidate()`` and are
    /// evaluated again when next read (RealmSwift's become invalid).
    public var isInvalidated: Bool { false }

    /// The live results of frozen ones (the same query on the live realm); the results
    /// themselves when they are not frozen.
    public func thaw() -> Results<Element>? {
        guard isFrozen else { return self }
        return reading(from: sourceRealm.thaw(), binding: nil)
    }

    /// The same results (query, source, sorting) read from `realm`, with `binding` (nil:
    /// looked up in `realm`).
    func reading(from realm: Realm, binding: TableBinding?) -> Results<Element> {
        var r = Results(realm: realm, binding: binding)
        r.predicate = predicate
        r.arguments = arguments
        r.descriptors = descriptors
        r.source = source
        return r
    }

    /// The results themselves. You do not use it directly.
    public func _fiefResults<T: ObjectBase>(_ type: T.Type) -> Results<T> {
        guard let same = self as? Results<T> else { preconditionFailure("Results<\(Element.self)> queried as \(T.self)") }
        return same
    }

    /// All the objects of `source`, in its order, read from `realm`.
    static func from(_ source: ResultsSource, in realm: Realm) -> Results<Element> {
        var r = Results(realm: realm, binding: realm.readBinding(for: Element._fiefObjectType))
        r.source = source
        return r
    }
}

extension Results: Equatable {
    /// Whether two results are the same query (class, source collection, predicate and its
    /// arguments, sorting, distinct and limit) on the same realm instance.
    public static func == (lhs: Results<Element>, rhs: Results<Element>) -> Bool {
        lhs.sourceRealm === rhs.sourceRealm && lhs.source == rhs.source && lhs.predicate == rhs.predicate
            && lhs.arguments == rhs.arguments && lhs.descriptors.map(\.key) == rhs.descriptors.map(\.key)
    }
}

extension ResultsDescriptor {
    /// A comparable form of the step.
    var key: String {
        switch self {
        case .sort(let keys): "sort " + keys.map { $0.path.joined(separator: ".") + ($0.ascending ? "+" : "-") }.joined(separator: ",")
        case .distinct(let paths): "distinct " + paths.map { $0.joined(separator: ".") }.joined(separator: ",")
        case .limit(let n): "limit \(n)"
        }
    }
}
