/// A changed projected property: its name in the projection and its values before and after.
///
/// RealmSwift declares this type but reports projection changes as ``PropertyChange``s (named
/// by the projection's properties); so does Fief. It is here so code naming it compiles.
public struct ProjectedPropertyChange {
    /// The projection's property name.
    public let name: String
    /// The value before the change (nil for collections and when not known).
    public let oldValue: Any?
    /// The value after the change.
    public let newValue: Any?
}

extension ProjectedPropertyChange: @unchecked Sendable {}
