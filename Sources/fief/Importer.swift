import Fief

/// Creates the objects of an export document in a realm, in one write transaction: nothing is
/// written unless everything is.
///
/// Objects are created in two passes, so links may point forwards and form cycles: the first
/// creates every object with its plain values (and embedded objects without links), the
/// second sets the links, mixed values and embedded objects that contain links.
final class Importer {
    /// The document's classes, when it has a `schema` section.
    let declaredClasses: [ObjectSchema]?
    /// The document's schema version (0 when absent).
    let schemaVersion: UInt64
    /// Each class's objects, in document order.
    private let objects: [(className: String, items: [JSON])]
    /// The objects created (or updated) so far, by class, in document order.
    private var created: [String: [DynamicObject]] = [:]

    /// The document's parts; throws ``ImportError`` when it is not an export document.
    init(document: JSON) throws {
        guard case .object = document else { throw ImportError(path: "(document)", message: "expected an object, found \(document.kindName)") }
        if let format = document["format"], format != .string(Exporter.formatName) {
            throw ImportError(path: "format", message: "expected \"\(Exporter.formatName)\", found \(format.text)")
        }
        if let version = document["formatVersion"], version != .int(Exporter.formatVersion) {
            throw ImportError(path: "formatVersion", message: "this fief reads version \(Exporter.formatVersion), found \(version.text); a newer fief may read it")
        }
        switch document["schemaVersion"] {
        case nil: schemaVersion = 0
        case .number(let n)?:
            guard let v = UInt64(n) else { throw ImportError(path: "schemaVersion", message: "expected a whole number, found \(n)") }
            schemaVersion = v
        case let other?: throw ImportError(path: "schemaVersion", message: "expected a number, found \(other.kindName)")
        }
        declaredClasses = try document["schema"].map { try SchemaJSON.decode($0, path: "schema") }
        guard case .object(let members)? = document["objects"] else {
            throw ImportError(path: "objects", message: "expected an object of classes and their objects")
        }
        objects = try members.map { name, value in
            guard case .array(let items) = value else { throw ImportError(path: "objects.\(name)", message: "expected an array of objects") }
            return (name, items)
        }
    }

    /// The number of top-level objects in the document.
    var objectCount: Int { objects.reduce(0) { $0 + $1.items.count } }

    /// Adds the declared classes the realm lacks, then creates the objects. Must be called
    /// inside a write transaction; `progress` advances twice per object (once per pass).
    /// Returns the number of objects per class.
    func run(in realm: Realm, update: Realm.UpdatePolicy, progress: ProgressBar) throws -> [(String, Int)] {
        if let declaredClasses {
            do { try realm.dynamicAddClasses(declaredClasses) } catch { throw ImportError(path: "schema", message: "\(error)") }
        }
        let schema = realm.schema
        for (name, _) in objects {
            guard let cls = schema[name] else { throw ImportError(path: "objects.\(name)", message: "the realm has no class \(name)") }
            guard !cls.isEmbedded else { throw ImportError(path: "objects.\(name)", message: "\(name) is embedded: its objects belong inside their parents") }
        }
        let decoding = ValueDecoding(schema: schema) { [unowned self] className, reference, path in
            try self.resolve(className, reference, path: path, in: realm)
        }
        for (name, items) in objects {
            let cls = schema[name]!
            let later = Set(cls.properties.filter { Self.needsSecondPass($0, schema) }.map(\.name))
            let now = Set(cls.properties.map(\.name)).subtracting(later)
            for (i, item) in items.enumerated() {
                let path = "objects.\(name)[\(i)]"
                let values = try decoding.decode(object: item, cls, path: path, only: now)
                do { created[name, default: []].append(try realm.dynamicCreate(name, value: values, update: update)) } catch {
                    throw ImportError(path: path, message: "\(error)")
                }
                progress.advance()
            }
        }
        for (name, items) in objects {
            let cls = schema[name]!
            let later = Set(cls.properties.filter { Self.needsSecondPass($0, schema) }.map(\.name))
            for (i, item) in items.enumerated() {
                let path = "objects.\(name)[\(i)]"
                if !later.isEmpty {
                    let object = created[name]![i]
                    for (property, value) in try decoding.decode(object: item, cls, path: path, only: later) {
                        do { try object.setValue(value, forProperty: property) } catch {
                            throw ImportError(path: "\(path).\(property)", message: "\(error)")
                        }
                    }
                }
                progress.advance()
            }
        }
        return objects.map { ($0.className, $0.items.count) }
    }

    /// The object a link names: by primary key, or by position among the document's objects
    /// of a class without one.
    private func resolve(_ className: String, _ reference: JSON, path: String, in realm: Realm) throws -> DynamicObject {
        guard let cls = realm.schema[className] else { throw ImportError(path: path, message: "unknown class \(className)") }
        if let pk = cls.primaryKeyProperty {
            let key = try ValueDecoding.scalar(reference, pk.type, path: path)
            guard let object = try realm.dynamicObject(ofType: className, forPrimaryKey: key) else {
                throw ImportError(path: path, message: "no \(className) with primary key \(reference.text)")
            }
            return object
        }
        guard case .number(let text) = reference, let position = Int(text), position >= 0 else {
            throw ImportError(path: path, message: "expected the position of a \(className) object (a whole number), found \(reference.text)")
        }
        guard let objects = created[className], position < objects.count else {
            throw ImportError(path: path, message: "there is no \(className) object at position \(position) (the document has \(created[className]?.count ?? 0))")
        }
        return objects[position]
    }

    /// Whether a property may hold links to top-level objects (directly, inside embedded
    /// objects, or as mixed values), so it is set in the second pass.
    static func needsSecondPass(_ property: Property, _ schema: Schema, visiting: Set<String> = []) -> Bool {
        if property.type == .any { return true }
        guard property.type == .object, let target = property.objectClassName, let cls = schema[target] else { return false }
        guard cls.isEmbedded else { return true }
        guard !visiting.contains(target) else { return false }
        return cls.properties.contains { needsSecondPass($0, schema, visiting: visiting.union([target])) }
    }
}
