@_spi(Salvage) import Fief

/// Reads what is left of a damaged realm (`fief salvage`): every top-level object whose
/// properties, embedded objects included, can all be read, as an export document `fief import`
/// reads (CLI.md, "Export format"); and, by class, the objects that cannot be read.
///
/// A link to an object that was lost becomes null (or leaves its list) in the salvaged copy.
final class Salvager {
    /// Objects that could not be read.
    struct Loss {
        enum What {
            /// One object: its primary key when it could be read, else its object key.
            case object(String)
            /// Every object of a cluster whose keys cannot be read: which keys.
            case cluster(String)
            /// Every object of the class.
            case wholeClass
        }
        let className: String
        let what: What
        let reason: String
    }

    private let realm: Realm
    private(set) var losses: [Loss] = []
    /// Each class's readable objects, in key order.
    private var readable: [String: [DynamicObject]] = [:]
    /// Positions of the readable objects of classes without a primary key.
    private var positions: [String: [DynamicObject: Int]] = [:]

    init(realm: Realm) { self.realm = realm }

    /// The number of objects salvaged.
    var salvagedCount: Int { readable.values.reduce(0) { $0 + $1.count } }

    /// The export document of everything readable. Reads every object twice: once to find what
    /// is readable, once to write it with links to lost objects dropped.
    func document() -> JSON {
        let topLevel = realm.schema.objectSchema.filter { !$0.isEmbedded }
        let probe = ValueEncoding(reference: { _ in .null })
        for cls in topLevel {
            let objects: [DynamicObject]
            do {
                let found = try realm.salvageableObjects(cls.className)
                objects = found.objects
                for range in found.lost {
                    losses.append(Loss(className: cls.className, what: .cluster(Self.describe(range.firstKey, range.endKey, cls)), reason: range.reason))
                }
            } catch {
                losses.append(Loss(className: cls.className, what: .wholeClass, reason: "\(error)"))
                continue
            }
            var kept: [DynamicObject] = []
            for object in objects {
                do {
                    _ = try probe.encode(object: object)
                    kept.append(object)
                } catch {
                    losses.append(Loss(className: cls.className, what: .object(Self.name(of: object)), reason: "\(error)"))
                }
            }
            readable[cls.className] = kept
            if cls.primaryKeyProperty == nil {
                var map: [DynamicObject: Int] = [:]
                for (i, o) in kept.enumerated() { map[o] = i }
                positions[cls.className] = map
            }
        }
        let encoding = ValueEncoding(reference: { [unowned self] in self.reference($0) })
        let objects: [(String, JSON)] = topLevel.map { cls in
            (cls.className, .array((readable[cls.className] ?? []).compactMap { try? encoding.encode(object: $0) }))
        }
        return .object([
            ("format", .string(Exporter.formatName)),
            ("formatVersion", .int(Exporter.formatVersion)),
            ("schemaVersion", .int(realm.schemaVersion)),
            ("schema", .array(realm.schema.objectSchema.map(SchemaJSON.encode))),
            ("objects", .object(objects)),
        ])
    }

    /// A link in the salvaged copy: the target's primary key or position, null when it was lost.
    private func reference(_ object: DynamicObject) -> JSON {
        if let pk = object.objectSchema.primaryKeyProperty {
            let kept = readable[object.className]?.contains(object) ?? false
            guard kept, let value = try? object.value(forProperty: pk.name) else { return .null }
            return ValueEncoding.scalar(value)
        }
        return positions[object.className]?[object].map { .int($0) } ?? .null
    }

    /// The keys of a lost cluster: primary keys for a class keyed by a non-optional Int primary
    /// key (whose object key is the primary key with its sign bit flipped), object keys otherwise.
    private static func describe(_ first: UInt64, _ end: UInt64?, _ cls: ObjectSchema) -> String {
        if let pk = cls.primaryKeyProperty, pk.type == .int, !pk.isOptional {
            let value = { (key: UInt64) in Int64(bitPattern: key ^ (1 << 63)) }
            return "\(pk.name) from \(value(first))" + (end.map { " to \(value($0) - 1)" } ?? " up")
        }
        return "object keys from \(first)" + (end.map { " to \($0 - 1)" } ?? " up")
    }

    /// How a lost object is named in the report.
    private static func name(of object: DynamicObject) -> String {
        if let pk = object.objectSchema.primaryKeyProperty, let value = try? object.value(forProperty: pk.name) {
            return "\(pk.name) \(value)"
        }
        return "object key \(object.objectKey)"
    }
}
