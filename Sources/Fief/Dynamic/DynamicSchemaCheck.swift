/// The rules a class declared at run time must follow (model classes get them from
/// `ClassInfo`).
enum DynamicSchemaCheck {
    /// Types a primary key may have.
    static let primaryKeyTypes: Set<PropertyType> = [.int, .string, .objectId, .uuid]

    /// Throws ``RealmError/invalidSchema(_:)`` for the first inconsistency of `cls`.
    static func validate(_ cls: ObjectSchema, in schema: Schema) throws {
        let name = cls.className
        func fail(_ message: String) -> RealmError { .invalidSchema("\(name): \(message)") }
        guard !name.isEmpty else { throw RealmError.invalidSchema("a class has an empty name") }
        var seen: Set<String> = []
        for p in cls.properties {
            guard !p.name.isEmpty else { throw fail("a property has an empty name") }
            guard seen.insert(p.name).inserted else { throw fail("property '\(p.name)' is declared twice") }
            if p.type == .object || p.type == .linkingObjects {
                guard let target = p.objectClassName, let targetClass = schema[target] else {
                    throw fail("\(p.name) links to class '\(p.objectClassName ?? "")', which is not in the schema")
                }
                try AsymmetricRules.checkLink(from: "\(name).\(p.name)", to: target, targetIsAsymmetric: p.type == .object && targetClass.isAsymmetric)
                if p.type == .linkingObjects {
                    guard let origin = targetClass[p.linkOriginPropertyName ?? ""], origin.type == .object, origin.objectClassName == name else {
                        throw fail("\(p.name): \(target).\(p.linkOriginPropertyName ?? "") does not link to \(name)")
                    }
                } else if p.collection == .none && !p.isOptional {
                    throw fail("\(p.name): a to-one link must be optional")
                }
            } else if p.objectClassName != nil {
                throw fail("\(p.name) is a \(p.type) and cannot name a class")
            }
        }
        let keys = cls.properties.filter(\.isPrimary)
        guard keys.count <= 1 else { throw fail("more than one primary key") }
        if let pk = keys.first {
            guard !cls.isEmbedded else { throw fail("an embedded class cannot have a primary key") }
            guard primaryKeyTypes.contains(pk.type), pk.collection == .none else {
                throw fail("primary key '\(pk.name)' cannot be a \(pk.typeDescription)")
            }
        }
        try AsymmetricRules.check(cls)
    }

    /// What differs between a class in the file and the same class declared again.
    static func differences(file: ObjectSchema, wanted: ObjectSchema) -> [String] {
        let name = file.className
        var lines: [String] = []
        if !file.hasSameKind(as: wanted) {
            lines.append("Class '\(name)' is \(file.kindName) in the file.")
        }
        for p in wanted.properties {
            guard let existing = file[p.name] else { lines.append("Property '\(name).\(p.name)' is not in the file."); continue }
            if !existing.sameDefinition(as: p) {
                lines.append("Property '\(name).\(p.name)' is '\(existing.typeDescription)' in the file, not '\(p.typeDescription)'.")
            }
        }
        for p in file.properties where wanted[p.name] == nil {
            lines.append("Property '\(name).\(p.name)' is in the file but not declared.")
        }
        return lines
    }
}
