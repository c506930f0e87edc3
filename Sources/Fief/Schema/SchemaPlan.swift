/// The comparison of a file's schema with the model classes: the schema to store, the
/// differences that need a migration, the instructions that record additive changes, and the
/// columns whose data goes away.
struct SchemaPlan {
    private(set) var newSchema: Schema
    /// Non-additive differences, one readable line each (they need a migration).
    private(set) var differences: [String] = []
    private(set) var instructions: [ChangesetInstruction] = []
    /// Columns of the file schema that the new schema no longer has (removed or changed).
    private(set) var droppedColumns: [(className: String, property: Property)] = []
    /// Indexed properties whose index must be built from the existing objects.
    private(set) var indexesToBuild: [(className: String, property: String)] = []
    /// Index trees no longer wanted.
    private(set) var indexesToDrop: [String] = []
    let file: Schema

    var hasChanges: Bool { !newSchema.isStoredIdentically(to: file) }

    /// Compares in file form (persisted names): `newSchema`, the instructions and the
    /// differences name properties as the file does.
    init(file: Schema, models: [ClassInfo], removeOthers: Bool) {
        let file = file.fileForm
        self.file = file
        let declaredSchemas = Dictionary(Schema(models.map(\.schema)).fileForm.objectSchema.map { ($0.className, $0) },
                                         uniquingKeysWith: { first, _ in first })
        var classes: [String: ObjectSchema] = [:]
        for cls in file.objectSchema { classes[cls.className] = cls }
        var plan: [ChangesetInstruction] = []
        var diffs: [String] = []
        var dropped: [(String, Property)] = []
        var build: [(String, String)] = []
        var dropIndexes: [String] = []
        var additions: [String] = []
        for info in models {
            let declared = declaredSchemas[info.schema.className] ?? info.schema
            let name = declared.className
            guard let old = classes[name] else {
                var cls = declared
                var next: UInt16 = 1
                for i in cls.properties.indices where cls.properties[i].isStored {
                    cls.properties[i].column = next
                    next += 1
                }
                cls.nextColumn = next
                classes[name] = cls
                plan.append(.addClass(className: name, isEmbedded: cls.isEmbedded))
                for p in cls.properties { plan.append(Self.addProperty(name, p)) }
                continue
            }
            if !old.hasSameKind(as: declared) {
                diffs.append("Class '\(name)' has been changed from \(old.kindName) to \(declared.kindName).")
            }
            var merged = ObjectSchema(className: name, properties: [], isEmbedded: declared.isEmbedded, isAsymmetric: declared.isAsymmetric,
                                      nextColumn: old.nextColumn)
            for p in declared.properties {
                var property = p
                if let previous = old[p.name] {
                    if previous.sameDefinition(as: p) {
                        property.column = previous.column
                    } else if previous.withIndex(p.isIndexed).sameDefinition(as: p) {
                        // Adding or removing an index is applied without a migration.
                        property.column = previous.column
                        if p.isIndexed { build.append((name, p.name)) } else { dropIndexes.append("i.\(name).\(previous.column)") }
                    } else {
                        if previous.isPrimary != p.isPrimary {
                            diffs.append("Primary Key for class '\(name)' has been \(p.isPrimary ? "added to" : "removed from") property '\(p.name)'.")
                        } else {
                            diffs.append("Property '\(name).\(p.name)' has been changed from '\(previous.typeDescription)' to '\(p.typeDescription)'.")
                        }
                        dropped.append((name, previous))
                        if property.isStored { property.column = merged.nextColumn; merged.nextColumn += 1 }
                        if property.isIndexed { build.append((name, p.name)) }
                        plan.append(Self.addProperty(name, property))
                    }
                } else {
                    if property.isStored { property.column = merged.nextColumn; merged.nextColumn += 1 }
                    if property.isIndexed { build.append((name, p.name)) }
                    additions.append("Property '\(name).\(p.name)' has been added.")
                    if property.isPrimary { diffs.append("Primary Key for class '\(name)' has been added to property '\(p.name)'.") }
                    plan.append(Self.addProperty(name, property))
                }
                merged.properties.append(property)
            }
            for previous in old.properties where declared[previous.name] == nil {
                diffs.append("Property '\(name).\(previous.name)' has been removed.")
                dropped.append((name, previous))
            }
            classes[name] = merged
        }
        if removeOthers {
            let names = Set(models.map { $0.schema.className })
            for name in classes.keys where !names.contains(name) { classes[name] = nil }
        }
        newSchema = Schema(Array(classes.values))
        // Additions need no migration on their own; when one is needed anyway, list them too.
        differences = diffs.isEmpty ? [] : diffs + additions
        instructions = plan
        droppedColumns = dropped
        indexesToBuild = build
        indexesToDrop = dropIndexes
    }

    /// Removes a class from the new schema (its data was deleted by the migration).
    mutating func removeClass(_ name: String) {
        newSchema.objectSchema.removeAll { $0.className == name }
    }

    static func addProperty(_ className: String, _ p: Property) -> ChangesetInstruction {
        .addProperty(className: className, property: p.name, type: p.type, collection: p.collection,
                     isOptional: p.isOptional, objectClassName: p.objectClassName)
    }
}
