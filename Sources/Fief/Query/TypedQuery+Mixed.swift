import FiefQueryLanguage

// Lists and dictionaries held by a mixed value, in a typed query: one element by position or
// key, or every element.

extension Query where T == AnyRealmValue {
    /// The element at `position` of the list the value holds (RQL `value[2]`); nothing
    /// matches past the end or when the value holds no list.
    ///
    /// ```swift
    /// realm.objects(Setting.self).where { $0.value[0] == .int(1) }
    /// ```
    public subscript(position: Int) -> Query<AnyRealmValue> { retyped(appending: [.subscript(.index(position))]) }

    /// The value of `key` in the dictionary the value holds (RQL `value['key']`); nothing
    /// matches when the key is absent or the value holds no dictionary.
    ///
    /// ```swift
    /// realm.objects(Setting.self).where { $0.value["theme"] == .string("dark") }
    /// ```
    public subscript(key: String) -> Query<AnyRealmValue> { retyped(appending: [.subscript(.key(key))]) }

    /// Every element of the list, or every value of the dictionary, the value holds (RQL
    /// `value[*]`): a comparison matches when any of them does.
    ///
    /// ```swift
    /// realm.objects(Setting.self).where { $0.value.any == .int(3) }
    /// ```
    public var any: Query<AnyRealmValue> { retyped(appending: [.subscript(.all)]) }
}
