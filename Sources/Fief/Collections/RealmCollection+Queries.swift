import Foundation

/// Queries over a collection of objects. On a list, set or `LinkingObjects` they give live
/// `Results` that start from the collection's objects, in its order, and follow its changes.
/// The collection must be managed.
///
/// ```swift
/// let puppies = owner.pets.filter("age < 2").sorted(byKeyPath: "name")
/// let heavy = owner.pets.where { $0.weight > 20 }
/// ```
extension RealmCollection where Element: ObjectBase {
    /// The objects matching a Realm Query Language predicate (arguments as `$0`, `$1`... or
    /// `%@`). A malformed query traps, as on ``Results``.
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Element> {
        do { return try _fiefResults(Element.self).filtering(predicateFormat, args) } catch { preconditionFailure("\(error)") }
    }

    /// The objects matching a type-safe query.
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> {
        _fiefResults(Element.self).where(isIncluded)
    }

    /// The objects sorted by a property (or a key path through to-one links).
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Element> {
        _fiefResults(Element.self).sorted(byKeyPath: keyPath, ascending: ascending)
    }

    /// The objects sorted by a Swift key path.
    public func sorted<V: _Persistable>(by keyPath: KeyPath<Element, V>, ascending: Bool = true) -> Results<Element> {
        _fiefResults(Element.self).sorted(by: keyPath, ascending: ascending)
    }

    /// The objects sorted by several properties in turn.
    public func sorted<S: Sequence>(by sortDescriptors: S) -> Results<Element> where S.Element == SortDescriptor {
        _fiefResults(Element.self).sorted(by: sortDescriptors)
    }

    /// The first object for each distinct combination of the key paths.
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == String {
        _fiefResults(Element.self).distinct(by: keyPaths)
    }

    /// The first object for each distinct combination of the properties Swift key paths name.
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == PartialKeyPath<Element> {
        distinct(by: keyPaths.map { Element._fiefPropertyNames($0).joined(separator: ".") })
    }

    /// The index of the first object matching a predicate, or nil.
    ///
    /// ```swift
    /// let i = owner.pets.index(matching: "name == %@", "Rex")
    /// ```
    public func index(matching predicateFormat: String, _ args: Any...) -> Int? {
        let matches: Results<Element>
        do { matches = try _fiefResults(Element.self).filtering(predicateFormat, args) } catch { preconditionFailure("\(error)") }
        return firstIndex(in: matches)
    }

    /// The index of the first object matching a type-safe query, or nil.
    public func index(matching isIncluded: (Query<Element>) -> Query<Bool>) -> Int? {
        firstIndex(in: _fiefResults(Element.self).where(isIncluded))
    }

    private func firstIndex(in matches: Results<Element>) -> Int? {
        guard let first = matches.first else { return nil }
        return index(of: first)
    }

    /// The smallest value of a property named by a key path, or nil when there is none.
    public func min<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? { min(ofProperty: name(of: keyPath)) }
    /// The largest value of a property named by a key path, or nil when there is none.
    public func max<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? { max(ofProperty: name(of: keyPath)) }
    /// The sum of a numeric property named by a key path (0 when empty).
    public func sum<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T { sum(ofProperty: name(of: keyPath)) }
    /// The average of a numeric property named by a key path, or nil when empty.
    public func average<T: _Persistable>(of keyPath: KeyPath<Element, T>) -> T? { average(ofProperty: name(of: keyPath)) }

    private func name<T>(of keyPath: KeyPath<Element, T>) -> String {
        _KeyPathRecorder.names(of: keyPath, on: Element.self).joined(separator: ".")
    }
}
