/// Sectioning a collection of objects: sort it, then group the sorted objects by a key (a
/// property, or anything a closure works out from each object) into live ``SectionedResults``.
///
/// ```swift
/// let byAge = realm.objects(Dog.self).sectioned(by: \.age, ascending: true)
/// let byInitial = owner.dogs.sectioned(sortDescriptors: [SortDescriptor(keyPath: "name")]) { String($0.name.prefix(1)) }
/// ```
extension RealmCollection where Element: ObjectBase {
    /// The objects sorted by `sortDescriptors` and grouped by the key `keyBlock` gives for each
    /// (sections in the order their first objects sort). The first sort descriptor should
    /// order the keys, so each key's objects sort together.
    public func sectioned<Key: _Persistable>(sortDescriptors: [SortDescriptor],
                                             _ keyBlock: @escaping ((Element) -> Key)) -> SectionedResults<Key, Element> {
        let sorted = _fiefResults(Element.self).sorted(by: sortDescriptors)
        return SectionedResults(store: .make(sorted, order: { Array($0) }, key: keyBlock))
    }

    /// The objects sorted by the property `keyPath` names and grouped by its value.
    public func sectioned<Key: _Persistable>(by keyPath: KeyPath<Element, Key>,
                                             ascending: Bool = true) -> SectionedResults<Key, Element> {
        let name = SectionKeyPaths.name(Element._fiefPropertyNames(keyPath), keyPath)
        return sectioned(sortDescriptors: [SortDescriptor(keyPath: name, ascending: ascending)]) { $0[keyPath: keyPath] }
    }

    /// The objects sorted by `sortDescriptors` (the first must sort by `keyPath`) and grouped by
    /// the value of `keyPath`.
    public func sectioned<Key: _Persistable>(by keyPath: KeyPath<Element, Key>,
                                             sortDescriptors: [SortDescriptor]) -> SectionedResults<Key, Element> {
        SectionKeyPaths.check(SectionKeyPaths.name(Element._fiefPropertyNames(keyPath), keyPath), sortDescriptors)
        return sectioned(sortDescriptors: sortDescriptors) { $0[keyPath: keyPath] }
    }

    /// The objects sorted by `sortDescriptors` and grouped by the key `block` gives for each.
    public func sectioned<Key: _Persistable>(by block: @escaping ((Element) -> Key),
                                             sortDescriptors: [SortDescriptor]) -> SectionedResults<Key, Element> {
        sectioned(sortDescriptors: sortDescriptors, block)
    }
}

/// Sectioning results of projections: sort descriptors name the root's properties, and a key
/// path of the projection sorts by the root property it reads.
///
/// ```swift
/// let byCity = realm.objects(PersonCard.self).sectioned(by: \.city, ascending: true)
/// ```
extension RealmCollection {
    /// The projections sorted by the root property `keyPath` reads and grouped by its value.
    public func sectioned<Key: _Persistable, O: ObjectBase>(by keyPath: KeyPath<Element, Key>,
                                                            ascending: Bool = true) -> SectionedResults<Key, Element>
        where Element: Projection<O> {
        let name = SectionKeyPaths.name(Element._fiefPropertyNames(keyPath), keyPath)
        return projections(O.self).sectionedProjections([SortDescriptor(keyPath: name, ascending: ascending)]) { $0[keyPath: keyPath] }
    }

    /// The projections sorted by `sortDescriptors` (root property names; the first must sort by
    /// what `keyPath` reads) and grouped by the value of `keyPath`.
    public func sectioned<Key: _Persistable, O: ObjectBase>(by keyPath: KeyPath<Element, Key>,
                                                            sortDescriptors: [SortDescriptor]) -> SectionedResults<Key, Element>
        where Element: Projection<O> {
        SectionKeyPaths.check(SectionKeyPaths.name(Element._fiefPropertyNames(keyPath), keyPath), sortDescriptors)
        return projections(O.self).sectionedProjections(sortDescriptors) { $0[keyPath: keyPath] }
    }

    /// The projections sorted by `sortDescriptors` (root property names) and grouped by the key
    /// `block` gives for each.
    public func sectioned<Key: _Persistable, O: ObjectBase>(by block: @escaping ((Element) -> Key),
                                                            sortDescriptors: [SortDescriptor]) -> SectionedResults<Key, Element>
        where Element: Projection<O> {
        projections(O.self).sectionedProjections(sortDescriptors, block)
    }

    /// The projections sorted by `sortDescriptors` (root property names) and grouped by the key
    /// `keyBlock` gives for each.
    public func sectioned<Key: _Persistable, O: ObjectBase>(sortDescriptors: [SortDescriptor],
                                                            _ keyBlock: @escaping ((Element) -> Key)) -> SectionedResults<Key, Element>
        where Element: Projection<O> {
        projections(O.self).sectionedProjections(sortDescriptors, keyBlock)
    }

    /// The collection as results of projections (the only collections of projections).
    private func projections<O: ObjectBase>(_ root: O.Type) -> Results<Element> where Element: Projection<O> {
        if let results = self as? Results<Element> { return results }
        if let any = self as? AnyRealmCollection<Element>, let results = any.base as? Results<Element> { return results }
        preconditionFailure("\(type(of: self)) of projections cannot be sectioned: section results of projections")
    }
}

extension Results {
    /// The results sorted by `sortDescriptors` and grouped by `keyBlock`'s key.
    fileprivate func sectionedProjections<Key: _Persistable & Hashable>(_ sortDescriptors: [SortDescriptor],
                                                                       _ keyBlock: @escaping (Element) -> Key) -> SectionedResults<Key, Element> {
        SectionedResults(store: .make(sorted(by: sortDescriptors), order: { Array($0) }, key: keyBlock))
    }
}

/// Sectioning a collection of values (a `List<String>`, say): the values sorted, then grouped
/// by the key a closure gives for each. Live: the sections follow the collection.
///
/// ```swift
/// let byInitial = recipe.tags.sectioned(by: { String($0.prefix(1)) }, ascending: true)
/// ```
extension RealmCollection {
    /// The values sorted (ascending or not) and grouped by the key `block` gives for each.
    public func sectioned<Key: _Persistable>(by block: @escaping ((Element) -> Key),
                                             ascending: Bool = true) -> SectionedResults<Key, Element> {
        sectioned(sortDescriptors: [SortDescriptor(keyPath: "self", ascending: ascending)], block)
    }

    /// The values sorted by `sortDescriptors` (one, on the key path `"self"`) and grouped by
    /// the key `keyBlock` gives for each.
    public func sectioned<Key: _Persistable>(sortDescriptors: [SortDescriptor],
                                             _ keyBlock: @escaping ((Element) -> Key)) -> SectionedResults<Key, Element> {
        precondition(!(Element.self is ObjectBase.Type), "Objects are sectioned after sorting by their properties: pass sort descriptors naming them")
        precondition(sortDescriptors.count == 1 && sortDescriptors[0].keyPath == "self",
                     "A collection of values sorts on the key path \"self\" only")
        let ascending = sortDescriptors[0].ascending
        return SectionedResults(store: .make(self, order: { ValueAggregates.sorted(Array($0), ascending: ascending) }, key: keyBlock))
    }
}

/// The property name of a section key path and its check against the sort descriptors.
enum SectionKeyPaths {
    static func name(_ names: [String], _ keyPath: AnyKeyPath) -> String {
        precondition(!names.isEmpty, "The section key path \(keyPath) must read a property of the objects")
        return names.joined(separator: ".")
    }

    static func check(_ name: String, _ sortDescriptors: [SortDescriptor]) {
        guard let first = sortDescriptors.first else { preconditionFailure("Can not section Results with empty sortDescriptor parameter.") }
        precondition(first.keyPath == name, "The section key path must match the primary sort descriptor.")
    }
}
