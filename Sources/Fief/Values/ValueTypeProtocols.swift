import Foundation

/// Types whose properties the minimum and maximum APIs (`min(ofProperty:)`, `max(ofProperty:)`)
/// take: the integers, `Float`, `Double`, `Date`, `Decimal128`, `AnyRealmValue` and their optionals.
///
/// ```swift
/// func youngest<T: MinMaxType & _Persistable>(_ results: Results<Person>, _ property: String) -> T? {
///     results.min(ofProperty: property)
/// }
/// ```
@_marker public protocol MinMaxType {}

/// Types whose properties the sum and average APIs (`sum(ofProperty:)`, `average(ofProperty:)`)
/// take: the integers, `Float`, `Double`, `Decimal128`, `AnyRealmValue` and their optionals.
@_marker public protocol AddableType {}

/// Types that sort and distinct directly (by value rather than by a key path): the integers,
/// `Float`, `Double`, `String`, `Data`, `Date`, `Decimal128`, `AnyRealmValue` and their optionals.
@_marker public protocol SortableType {}

/// Types a `List`, `MutableSet` or `Map` can hold: the types a `@Persisted` property can have,
/// objects and their optionals.
///
/// ```swift
/// func firstTwo<T: RealmCollectionValue>(_ list: List<T>) -> [T] { Array(list.prefix(2)) }
/// ```
public protocol RealmCollectionValue: _Persistable {}

extension Int: MinMaxType, AddableType, SortableType, RealmCollectionValue {}
extension Int8: MinMaxType, AddableType, SortableType, RealmCollectionValue {}
extension Int16: MinMaxType, AddableType, SortableType, RealmCollectionValue {}
extension Int32: MinMaxType, AddableType, SortableType, RealmCollectionValue {}
extension Int64: MinMaxType, AddableType, SortableType, RealmCollectionValue {}
extension Float: MinMaxType, AddableType, SortableType, RealmCollectionValue {}
extension Double: MinMaxType, AddableType, SortableType, RealmCollectionValue {}
extension Decimal128: MinMaxType, AddableType, SortableType, RealmCollectionValue {}
extension AnyRealmValue: MinMaxType, AddableType, SortableType, RealmCollectionValue {}
extension Date: MinMaxType, SortableType, RealmCollectionValue {}
extension String: SortableType, RealmCollectionValue {}
extension Data: SortableType, RealmCollectionValue {}
extension Bool: RealmCollectionValue {}
extension ObjectId: RealmCollectionValue {}
extension UUID: RealmCollectionValue {}
extension ObjectBase: RealmCollectionValue {}
extension Optional: MinMaxType where Wrapped: MinMaxType {}
extension Optional: AddableType where Wrapped: AddableType {}
extension Optional: SortableType where Wrapped: SortableType {}
extension Optional: RealmCollectionValue where Wrapped: RealmCollectionValue {}
