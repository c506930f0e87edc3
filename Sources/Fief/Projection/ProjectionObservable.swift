/// A type that projects an object: ``Projection`` and its subclasses. It gives the projection's
/// `observe` methods.
public protocol ProjectionObservable: AnyObject, ThreadConfined, _FiefSendableMetatype {
    /// The class of the projected object.
    associatedtype Root: ObjectBase
    /// The projected object: every `@Projected` property reads it.
    var rootObject: Root { get }
    /// A projection of `object`.
    init(projecting object: Root)
}
