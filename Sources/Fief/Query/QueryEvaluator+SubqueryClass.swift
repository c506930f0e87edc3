import FiefQueryLanguage

extension QueryEvaluator {
    /// The class of the objects at the end of a subquery's collection key path, which may pass
    /// through to-one links first (`owner.dogs`); nil when the path does not end in objects.
    static func elementClass(of components: [KeyPathComponent], from start: TableBinding, realm: Realm) -> TableBinding? {
        var owner = start
        for component in components {
            guard case .property(let name) = component, let column = owner.column(named: name),
                  let target = column.property.objectClassName, let next = realm.binding(named: target) else { return nil }
            owner = next
        }
        return components.isEmpty ? nil : owner
    }
}

extension QueryEvaluator {
    /// As `elementClass`, for a nested subquery whose collection starts at an outer variable.
    func subqueryClassFromVariable(_ sq: Subquery, _ vars: [String: (TableBinding, UInt64)]) -> TableBinding? {
        guard case .property(let first) = sq.collection.components.first, let c = vars[first]?.0.column(named: first),
              let target = c.property.objectClassName else { return nil }
        return realm.binding(named: target)
    }
}
