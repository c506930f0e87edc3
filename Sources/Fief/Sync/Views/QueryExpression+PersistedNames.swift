import FiefQueryLanguage

extension QueryExpression {
    /// The predicate with its key paths, written with the Swift property names of `root` and
    /// the classes it reaches, naming the persisted names instead (see
    /// `ObjectBase.propertiesMapping()`): what a server, which knows only the file's schema,
    /// evaluates. Names it cannot resolve are kept as written.
    func withPersistedNames(from root: ObjectBase.Type) -> QueryExpression {
        withPersistedNames(root, variables: [:])
    }

    private func withPersistedNames(_ root: ObjectBase.Type, variables: [String: ObjectBase.Type]) -> QueryExpression {
        mappingOperands { operand in
            switch operand {
            case .keyPath(var path):
                path.components = Self.persisted(path.components, root, variables).components
                return .keyPath(path)
            case .subquery(var subquery):
                let (components, element) = Self.persisted(subquery.collection.components, root, variables)
                subquery.collection.components = components
                var inner = variables
                inner[subquery.variable] = element
                subquery.predicate = subquery.predicate.withPersistedNames(root, variables: inner)
                return .subquery(subquery)
            default:
                return nil
            }
        }
    }

    /// `components` with each property named by its persisted name, and the class the path
    /// ends at (nil when it does not end at objects of a known model class).
    private static func persisted(_ components: [KeyPathComponent], _ root: ObjectBase.Type,
                                  _ variables: [String: ObjectBase.Type]) -> (components: [KeyPathComponent], element: ObjectBase.Type?) {
        var current: ObjectBase.Type? = root
        var mapKeyNext = false
        var out: [KeyPathComponent] = []
        for (position, component) in components.enumerated() {
            switch component {
            case .property(let name) where position == 0 && name.hasPrefix("$"):
                out.append(component)
                current = variables[name]
            case .property(let name):
                if mapKeyNext { mapKeyNext = false; out.append(component); continue }
                guard let type = current, let info = try? ClassInfo.discover(type), let index = info.propertyIndex(name) else {
                    out.append(component)
                    current = nil
                    continue
                }
                out.append(.property(info.properties[index].columnName))
                current = info.linkedTypes[index]
                mapKeyNext = info.properties[index].collection == .map
            case .backlink(let className, let name):
                let origin = ClassInfo.discoveredTypes.first { $0.className() == className }
                let info = origin.flatMap { try? ClassInfo.discover($0) }
                out.append(.backlink(objectType: className, property: info?.persistedNames.persistedName(name) ?? name))
                current = origin
            default:
                out.append(component)
                mapKeyNext = false
            }
        }
        return (out, current)
    }
}
