import Fief

/// Writes a whole realm as the export document (CLI.md, "Export format"): schema version,
/// schema, then every top-level object by class, one object per line. The output depends
/// only on the realm's contents: classes in name order, objects in key order, properties in
/// schema order, map keys sorted.
final class Exporter {
    /// The export format's identifier and version, checked by `fief import`.
    static let formatName = "fief-export"
    static let formatVersion = 1

    private let realm: Realm
    /// Positions of the objects of classes without a primary key, built when first linked to.
    private var positions: [String: [DynamicObject: Int]] = [:]

    init(realm: Realm) { self.realm = realm }

    /// The classes whose objects are listed (embedded objects are written inside their parent).
    var topLevelClasses: [ObjectSchema] { realm.schema.objectSchema.filter { !$0.isEmbedded } }

    /// How many objects ``write(to:progress:)`` will write at the top level.
    func objectCount() throws -> Int {
        try topLevelClasses.reduce(0) { $0 + (try realm.dynamicObjects($1.className).objectCount()) }
    }

    /// Writes the document to `output`, advancing `progress` by one per top-level object.
    func write(to output: TextOutput, progress: ProgressBar) throws {
        let encoding = ValueEncoding(reference: { [unowned self] in try self.reference($0) })
        output.line("{")
        output.line("  \"format\": \(JSON.string(Self.formatName).text),")
        output.line("  \"formatVersion\": \(Self.formatVersion),")
        output.line("  \"schemaVersion\": \(realm.schemaVersion),")
        output.line("  \"schema\": [")
        let classes = realm.schema.objectSchema
        for (i, cls) in classes.enumerated() {
            output.line("    " + SchemaJSON.encode(cls).text + (i < classes.count - 1 ? "," : ""))
        }
        output.line("  ],")
        output.line("  \"objects\": {")
        let topLevel = topLevelClasses
        for (c, cls) in topLevel.enumerated() {
            let objects = try realm.dynamicObjects(cls.className).objects()
            let comma = c < topLevel.count - 1 ? "," : ""
            guard !objects.isEmpty else {
                output.line("    \(JSON.string(cls.className).text): []" + comma)
                continue
            }
            output.line("    \(JSON.string(cls.className).text): [")
            let count = objects.count
            for (i, object) in objects.enumerated() {
                output.line("      " + (try encoding.encode(object: object).text) + (i < count - 1 ? "," : ""))
                progress.advance()
            }
            output.line("    ]" + comma)
        }
        output.line("  }")
        output.line("}")
    }

    /// A link: the target's primary key, or its position among its class's exported objects.
    private func reference(_ object: DynamicObject) throws -> JSON {
        if let pk = object.objectSchema.primaryKeyProperty {
            return try object.value(forProperty: pk.name).map(ValueEncoding.scalar) ?? .null
        }
        if positions[object.className] == nil {
            var map: [DynamicObject: Int] = [:]
            for (i, o) in try realm.dynamicObjects(object.className).objects().enumerated() { map[o] = i }
            positions[object.className] = map
        }
        guard let position = positions[object.className]?[object] else {
            throw CommandFailure("a link leads to an object of \(object.className) (key \(object.objectKey)) that does not exist")
        }
        return .int(position)
    }
}
