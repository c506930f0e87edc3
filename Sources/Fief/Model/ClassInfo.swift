@_spi(Reflection) import Swift
import Foundation

/// What the object store knows about one Swift model class: its schema as declared, and where
/// each `@Persisted` field sits in an instance. Found once per class by reflecting on the
/// class's stored fields (no Objective-C runtime needed), then cached for the process.
final class ClassInfo: @unchecked Sendable {
    /// One `@Persisted` field: its byte offset in an instance and how to reach it.
    struct Field {
        let offset: Int
        let access: any PersistedField.Type
        /// Offset of the unmanaged value inside the field.
        let valueOffset: Int
        /// Offset of the property's index (`Int16`) inside the field; unused for box fields.
        let indexOffset: Int
        /// Whether the unmanaged value may hold references (links, collections) that must be
        /// released when the object becomes managed, or linked objects would keep each other.
        let holdsReferences: Bool
        /// Whether the field is a `LinkingObjects` (computed from links, never stored).
        let isBacklink: Bool
        /// Set for a box field (`RealmProperty`, `RealmOptional`), which is bound rather than
        /// given its index in place.
        let boxed: (any BoxedPersistedField.Type)?
        /// How an unmanaged value is read when the object is added.
        let scalarRead: UnmanagedScalarRead
    }

    let type: ObjectBase.Type
    let schema: ObjectSchema
    let fields: [Field]
    /// The names the properties are persisted under (`propertiesMapping()`).
    let persistedNames: PersistedNames
    var properties: [Property] { schema.properties }
    var isEmbedded: Bool { schema.isEmbedded }
    /// The linked Swift class of each property (nil for non-link properties).
    let linkedTypes: [ObjectBase.Type?]
    private let indexByName: [String: Int]
    /// Whether some field is a box (most classes have none, and skip the check per field).
    private let hasBoxedFields: Bool
    /// Whether a managed instance holds nothing but its row fields and managed `@Persisted`
    /// fields (no plain stored properties, ignored or boxed fields), so that pointing it at
    /// another object of the class makes it exactly a new instance (see ``ObjectReuse``).
    let isReusable: Bool
    /// How an added object's row reads each field (see ``UnmanagedObjectRow``).
    let rowReads: [UnmanagedObjectRow.Read]
    /// The fields whose values ``gatherValues(of:_:into:)`` gathers: those read through their
    /// type, backlinks excepted.
    let gatheredFields: [Int]

    private init(type: ObjectBase.Type, schema: ObjectSchema, fields: [Field], persistedNames: PersistedNames,
                 linkedTypes: [ObjectBase.Type?], hasOnlyPersistedFields: Bool) {
        self.type = type
        self.schema = schema
        self.persistedNames = persistedNames
        self.fields = fields
        self.linkedTypes = linkedTypes
        hasBoxedFields = fields.contains { $0.boxed != nil }
        isReusable = hasOnlyPersistedFields && !hasBoxedFields
        let reads = fields.map { field in
            UnmanagedObjectRow.Read(scalar: field.scalarRead, valueOffset: field.offset + field.valueOffset,
                                    isGathered: field.scalarRead == .generic && !field.isBacklink)
        }
        rowReads = reads
        gatheredFields = reads.indices.filter { reads[$0].isGathered }
        var names: [String: Int] = [:]
        for (i, p) in schema.properties.enumerated() { names[p.name] = i }
        indexByName = names
    }

    /// The property index of `name`.
    func propertyIndex(_ name: String) -> Int? { indexByName[name] }

    // MARK: Registry

    private static let registry = ClassRegistry()

    /// The info for `type`, discovering it on first use. Traps if the class is not a valid
    /// model; `discover` reports the same problem as an error (realms call it when opening).
    static func of(_ type: ObjectBase.Type) -> ClassInfo {
        do { return try discover(type) } catch { preconditionFailure("\(error)") }
    }

    static func discover(_ type: ObjectBase.Type) throws -> ClassInfo {
        if let info = registry.get(type) { return info }
        let info = try build(type)
        registry.set(type, info)
        // Backlinks are checked once the class is registered (their origin may link back here);
        // a class that fails is forgotten, so it never joins a realm's schema.
        do {
            try SchemaManager.validateBacklinks([info])
        } catch {
            registry.remove(type)
            throw error
        }
        return info
    }

    /// Every model class discovered so far in this process.
    static var discoveredTypes: [ObjectBase.Type] { registry.all() }

    private static func build(_ type: ObjectBase.Type) throws -> ClassInfo {
        let className = type.className()
        let isEmbedded = type is EmbeddedObject.Type
        let isAsymmetric = type is AsymmetricObject.Type
        var found: [(name: String, offset: Int, access: any PersistedField.Type)] = []
        var otherFields = 0 // the class's stored properties that are not `@Persisted` (with ObjectBase's)
        let ok = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1)) { name, offset, fieldType, _ in
            if let access = fieldType as? any PersistedField.Type, access.managedIndexOffset != nil {
                var fieldName = String(cString: name)
                if fieldName.hasPrefix("_") { fieldName.removeFirst() }
                found.append((fieldName, offset, access))
            } else if let boxed = fieldType as? any BoxedPersistedField.Type {
                found.append((String(cString: name), offset, boxed))
            } else {
                otherFields += 1
            }
            return true
        }
        guard ok else { throw RealmError.invalidSchema("cannot reflect the stored properties of \(className)") }
        let declared = try DeclaredAttributes(type, names: found.map(\.name))
        let foundCount = found.count
        found.removeAll { declared.ignored.contains($0.name) }
        let hasOnlyPersistedFields = otherFields == baseFieldCount && found.count == foundCount
        let persistedNames = try PersistedNames(type, names: found.map(\.name))
        let prototype = type.init()
        // Its fields are read through `base`: the prototype must live until the loop is done.
        defer { withExtendedLifetime(prototype) {} }
        let base = Unmanaged.passUnretained(prototype).toOpaque()
        var properties: [Property] = []
        var linked: [ObjectBase.Type?] = []
        for field in found {
            let shape = field.access.valueShape
            var options = field.access.options(at: UnsafeRawPointer(base + field.offset))
            declared.apply(to: field.name, &options)
            let where_ = "\(className).\(field.name)"
            var objectClassName: String?
            if let target = shape.objectType {
                objectClassName = target.className()
                if shape.type == .object && shape.collection == .none && !shape.isOptional {
                    throw RealmError.invalidSchema("\(where_): a to-one link must be optional (\(objectClassName!)?)")
                }
                if shape.type == .object {
                    try AsymmetricRules.checkLink(from: where_, to: objectClassName!, targetIsAsymmetric: target is AsymmetricObject.Type)
                }
            }
            if shape.type == .linkingObjects && options.originProperty == nil {
                throw RealmError.invalidSchema("\(where_): LinkingObjects needs @Persisted(originProperty:)")
            }
            if options.primaryKey {
                guard !isEmbedded else { throw RealmError.invalidSchema("\(where_): embedded objects cannot have a primary key") }
                guard shape.collection == .none, [.int, .string, .objectId, .uuid].contains(shape.type) else {
                    throw RealmError.invalidSchema("\(where_): a primary key must be an int, string, ObjectId or UUID")
                }
            }
            if options.indexed && (shape.collection != .none || ![.bool, .int, .string, .date, .objectId, .uuid].contains(shape.type)) {
                throw RealmError.invalidSchema("\(where_): properties of type \(shape.type) cannot be indexed")
            }
            properties.append(Property(
                name: field.name, type: shape.type, collection: shape.collection, isOptional: shape.isOptional,
                objectClassName: objectClassName, linkOriginPropertyName: options.originProperty,
                isPrimary: options.primaryKey, isIndexed: options.indexed, columnName: persistedNames.persistedName(field.name)))
            linked.append(shape.objectType)
        }
        if properties.filter(\.isPrimary).count > 1 {
            throw RealmError.invalidSchema("\(className) declares more than one primary key")
        }
        guard !properties.isEmpty else { throw RealmError.invalidSchema("\(className) has no @Persisted properties") }
        guard properties.count <= Int(Int16.max) else {
            throw RealmError.invalidSchema("\(className) declares \(properties.count) properties; a class may have at most \(Int16.max)")
        }
        var schema = ObjectSchema(className: className, properties: properties, isEmbedded: isEmbedded, isAsymmetric: isAsymmetric,
                                  nextColumn: 1)
        try AsymmetricRules.check(schema)
        schema.modelClass = type
        return ClassInfo(type: type, schema: schema, fields: found.map { field in
                            let shape = field.access.valueShape
                            return Field(offset: field.offset, access: field.access, valueOffset: field.access.valueOffset,
                                         indexOffset: field.access.managedIndexOffset ?? 0,
                                         holdsReferences: shape.collection != .none || shape.type == .object || shape.type == .linkingObjects,
                                         isBacklink: shape.type == .linkingObjects, boxed: field.access as? any BoxedPersistedField.Type,
                                         scalarRead: UnmanagedScalarRead(field.access))
                        },
                         persistedNames: persistedNames, linkedTypes: linked, hasOnlyPersistedFields: hasOnlyPersistedFields)
    }

    /// The number of stored properties `ObjectBase` itself declares, which every class's
    /// reflection lists before its own.
    private static let baseFieldCount: Int = {
        var count = 0
        _ = _forEachField(of: ObjectBase.self, options: _EachFieldOptions(rawValue: 1)) { _, _, _, _ in
            count += 1
            return true
        }
        return count
    }()

    // MARK: Instances

    @inline(__always)
    private func fieldPointer(_ object: ObjectBase, _ i: Int) -> UnsafeMutableRawPointer {
        Unmanaged.passUnretained(object).toOpaque() + fields[i].offset
    }

    /// Initializes the slots of `row` (room for one value per field) that ``gatheredFields``
    /// lists with `object`'s unmanaged values, as stored: links (which adds the linked objects),
    /// collections and the rarer types. The other slots are left uninitialized: an
    /// ``UnmanagedObjectRow`` reads the scalars in place and gives `.null` for backlinks. When
    /// it throws, `row` is left uninitialized.
    func gatherValues(of object: ObjectBase, _ context: _RealmContext?, into row: UnsafeMutablePointer<StoredValue>) throws {
        // Checked first: a `for` over the empty array still makes its iterator.
        guard !gatheredFields.isEmpty else { return }
        var initialized = 0
        do {
            for i in gatheredFields {
                (row + i).initialize(to: try fields[i].access.storedValue(at: fieldPointer(object, i), valueOffset: fields[i].valueOffset, context))
                initialized += 1
            }
        } catch {
            for i in gatheredFields.prefix(initialized) { _ = (row + i).move() }
            throw error
        }
    }

    /// Leaves the gathered slots of `row` (``gatherValues(of:_:into:)``) uninitialized.
    func deinitializeGathered(_ row: UnsafeMutablePointer<StoredValue>) {
        for i in gatheredFields { _ = (row + i).move() }
    }

    /// The unmanaged value of one property, as stored.
    @inline(__always)
    func storedValue(of object: ObjectBase, _ i: Int, _ context: _RealmContext?) throws -> StoredValue {
        let field = fieldPointer(object, i)
        if let value = fields[i].scalarRead.storedValue(at: field + fields[i].valueOffset) { return value }
        return try fields[i].access.storedValue(at: field, valueOffset: fields[i].valueOffset, context)
    }

    /// Whether the unmanaged value of property `i` can read as `.null` (the scalars read in
    /// place, non-optional by construction, cannot).
    func unmanagedValueMayBeNull(_ i: Int) -> Bool { !fields[i].scalarRead.alwaysHasValue }

    /// Sets one unmanaged property from a stored value.
    func setUnmanaged(_ object: ObjectBase, _ i: Int, _ value: StoredValue, _ context: _RealmContext?) {
        fields[i].access.makeUnmanaged(at: fieldPointer(object, i), value: value, context)
    }

    /// Sets one unmanaged property to `value` when it already has the property's type (or is
    /// an array of its elements). Returns false otherwise.
    func setUnmanagedAny(_ object: ObjectBase, _ i: Int, _ value: Any?) -> Bool {
        fields[i].access.setUnmanagedAny(at: fieldPointer(object, i), value)
    }

    /// Turns every field of `object` into a managed field; the object must already refer to its
    /// row (``ObjectBase/becomeManaged(realm:table:key:)``).
    func makeManaged(_ object: ObjectBase) {
        guard !hasBoxedFields else { return makeManagedWithBoxes(object) }
        for i in fields.indices {
            let field = fieldPointer(object, i)
            (field + fields[i].indexOffset).storeBytes(of: Int16(i), as: Int16.self)
            if fields[i].holdsReferences { fields[i].access.clearValue(at: field) }
        }
    }

    /// `makeManaged` for a class with box fields: boxes are bound to the object.
    private func makeManagedWithBoxes(_ object: ObjectBase) {
        for i in fields.indices {
            let field = fieldPointer(object, i)
            if let boxed = fields[i].boxed {
                boxed.bind(at: field, object, i)
                boxed.clearValue(at: field)
                continue
            }
            (field + fields[i].indexOffset).storeBytes(of: Int16(i), as: Int16.self)
            if fields[i].holdsReferences { fields[i].access.clearValue(at: field) }
        }
    }

    /// A new managed instance for object `key` of `table` in `realm`.
    @inline(__always)
    func instantiate(realm: Realm, table: TableBinding, key: UInt64) -> ObjectBase {
        let object = type.init()
        object.becomeManaged(realm: realm, table: table, key: key)
        makeManaged(object)
        return object
    }

    /// A new managed instance for the object `row` refers to.
    func instantiate(_ row: ObjectBase) -> ObjectBase {
        let object = type.init()
        object.becomeManaged(like: row)
        makeManaged(object)
        return object
    }

    /// Marks `object` as a key-path recording prototype.
    func prepareRecording(_ object: ObjectBase, _ recorder: _KeyPathRecorder) {
        for i in fields.indices {
            if let boxed = fields[i].boxed {
                boxed.bind(at: fieldPointer(object, i), object, i)
            } else {
                (fieldPointer(object, i) + fields[i].indexOffset).storeBytes(of: Int16(i), as: Int16.self)
            }
        }
        object._recorder = recorder
    }
}

/// The process-wide cache of discovered classes.
private final class ClassRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var infos: [ObjectIdentifier: ClassInfo] = [:]
    private var order: [ObjectBase.Type] = []

    func get(_ type: ObjectBase.Type) -> ClassInfo? {
        lock.lock(); defer { lock.unlock() }
        return infos[ObjectIdentifier(type)]
    }

    func set(_ type: ObjectBase.Type, _ info: ClassInfo) {
        lock.lock(); defer { lock.unlock() }
        if infos[ObjectIdentifier(type)] == nil { order.append(type) }
        infos[ObjectIdentifier(type)] = info
    }

    func remove(_ type: ObjectBase.Type) {
        lock.lock(); defer { lock.unlock() }
        infos[ObjectIdentifier(type)] = nil
        order.removeAll { $0 == type }
    }

    func all() -> [ObjectBase.Type] {
        lock.lock(); defer { lock.unlock() }
        return order
    }
}

/// Learns property names from the key paths typed queries use: reading a property of a
/// recording prototype appends its name instead of touching a realm. You do not use it directly.
public final class _KeyPathRecorder {
    var names: [String] = []

    @usableFromInline
    func record<Value: _Persistable>(_ object: ObjectBase, _ index: Int, _ type: Value.Type) -> Value {
        names.append(object._propertyName(index))
        return Value._fiefPlaceholder(self)
    }

    /// The property names read by `body` on a recording prototype of `type`.
    static func names<T: ObjectBase, V>(of keyPath: KeyPath<T, V>, on type: T.Type) -> [String] {
        let recorder = _KeyPathRecorder()
        let prototype = T._fiefPlaceholder(recorder)
        _ = prototype[keyPath: keyPath]
        return recorder.names
    }
}
