import Foundation

/// One `@Projected` property of a projection type.
struct ProjectionProperty: @unchecked Sendable {
    /// The key path from the root object (a `KeyPath<Root, Value>`).
    let keyPath: AnyKeyPath
    /// The root's property names the key path reads (`["address", "city"]`).
    let origin: [String]
    /// The projection's property name.
    let label: String

    /// The origin as key path text (`"address.city"`).
    var originText: String { origin.joined(separator: ".") }
}

/// The `@Projected` properties of each projection type, found once per type by reflecting an
/// instance (Fief has no Objective-C runtime to ask).
final class ProjectionSchema: @unchecked Sendable {
    private static let shared = ProjectionSchema()
    private let lock = NSLock()
    private var schemas: [ObjectIdentifier: [ProjectionProperty]] = [:]

    /// The `@Projected` properties of `projection`'s type, in declaration order (a superclass's
    /// first). Traps for a property whose key path reads no stored property of the root.
    static func properties<P: ProjectionObservable>(of projection: P) -> [ProjectionProperty] {
        let id = ObjectIdentifier(type(of: projection))
        if let known = shared.lock.withLock({ shared.schemas[id] }) { return known }
        var mirrors: [Mirror] = []
        var mirror: Mirror? = Mirror(reflecting: projection)
        while let m = mirror { mirrors.append(m); mirror = m.superclassMirror }
        var found: [ProjectionProperty] = []
        for m in mirrors.reversed() {
            for child in m.children {
                guard let projected = child.value as? any AnyProjected, let label = child.label else { continue }
                let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                let origin = projected.originNames()
                precondition(!origin.isEmpty, "@Projected property '\(name)' of \(type(of: projection)) must read a property of \(P.Root.className())")
                found.append(ProjectionProperty(keyPath: projected.anyKeyPath, origin: origin, label: name))
            }
        }
        shared.lock.withLock { shared.schemas[id] = found }
        return found
    }
}
