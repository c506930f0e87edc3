/// The binary form of a realm's schema, stored in the `fief.meta` tree under "schema"
/// (FORMAT.md, "Schema record").
enum SchemaCoding {
    /// Record version 1: a local realm. Version 2: the same layout, in a realm that records
    /// sync history (FORMAT.md II.3, II.16); readers that predate sync refuse it. Versions 3
    /// (local) and 4 (synced): the same layout with an asymmetric class, whose class flags
    /// byte has bit 1 set; readers that predate asymmetric classes refuse them rather than
    /// take the class for an embedded one. Versions 5 (local) and 6 (synced), the ones written
    /// now: the same layout, in a file whose index entries may list several objects each
    /// (``IndexChunk``); readers that predate those refuse the file rather than misread its
    /// indexes. A file with an older record is read as it is and upgraded when it is first
    /// opened for writing (``SchemaManager``).
    static let version: UInt8 = 5
    static let syncedVersion: UInt8 = 6
    /// The synced versions: the current one and those of files from before index chunks.
    private static let syncedVersions: [UInt8] = [2, 4, syncedVersion]

    /// Whether a schema record predates the current version (its file's index trees hold one
    /// object per entry, which the current code reads and extends as it is).
    static func isLegacy(_ bytes: [UInt8]) -> Bool { (bytes.first ?? version) < version }

    /// The record of `schema`, in its file form (persisted property names).
    static func encode(_ schema: Schema, synced: Bool) -> [UInt8] {
        let schema = schema.fileForm
        var out: [UInt8] = [synced ? syncedVersion : version]
        func string(_ s: String) { CellCoding.appendVarint(UInt64(s.utf8.count), to: &out); out.append(contentsOf: s.utf8) }
        func u16(_ v: UInt16) { out.append(UInt8(v & 0xFF)); out.append(UInt8(v >> 8)) }
        CellCoding.appendVarint(UInt64(schema.objectSchema.count), to: &out)
        for cls in schema.objectSchema {
            string(cls.className)
            out.append((cls.isEmbedded ? 1 : 0) | (cls.isAsymmetric ? 2 : 0))
            u16(cls.nextColumn)
            CellCoding.appendVarint(UInt64(cls.properties.count), to: &out)
            for p in cls.properties {
                string(p.name)
                out.append(p.type.rawValue)
                out.append(p.collection.rawValue)
                out.append((p.isOptional ? 1 : 0) | (p.isPrimary ? 2 : 0) | (p.isIndexed ? 4 : 0))
                u16(p.column)
                string(p.objectClassName ?? "")
                string(p.linkOriginPropertyName ?? "")
            }
        }
        return out
    }

    /// Whether a schema record is that of a synced realm.
    static func isSynced(_ bytes: [UInt8]) -> Bool { bytes.first.map(syncedVersions.contains) ?? false }

    static func decode(_ bytes: [UInt8]) throws -> Schema {
        try bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            func fail(_ why: String) -> RealmError { .internalError("corrupt schema record in tree fief.meta: \(why) at byte \(r.position)") }
            func string() throws -> String {
                guard let b = r.lengthPrefixed() else { throw fail("truncated name") }
                return String(decoding: b, as: UTF8.self)
            }
            func u16() throws -> UInt16 {
                guard let a = r.byte(), let b = r.byte() else { throw fail("truncated number") }
                return UInt16(a) | UInt16(b) << 8
            }
            guard let v = r.byte(), (1...syncedVersion).contains(v) else { throw fail("unknown schema record version") }
            let knownClassFlags: UInt8 = v >= 3 ? 3 : 1 // bit 1, asymmetric, since version 3
            guard let count = r.varint(), count <= UInt64(r.remaining) else { throw fail("bad class count") }
            var classes: [ObjectSchema] = []
            for _ in 0..<count {
                let name = try string()
                guard let classFlags = r.byte() else { throw fail("truncated class") }
                guard classFlags & ~knownClassFlags == 0 else { throw fail("unknown class flags \(classFlags)") }
                let next = try u16()
                guard let pc = r.varint(), pc <= UInt64(r.remaining) else { throw fail("bad property count") }
                var props: [Property] = []
                for _ in 0..<pc {
                    let pname = try string()
                    guard let t = r.byte().flatMap(PropertyType.init(rawValue:)),
                          let k = r.byte().flatMap(CollectionKind.init(rawValue:)), let flags = r.byte() else { throw fail("bad property type") }
                    let column = try u16()
                    let target = try string(), origin = try string()
                    props.append(Property(name: pname, type: t, collection: k, isOptional: flags & 1 != 0,
                                          objectClassName: target.isEmpty ? nil : target,
                                          linkOriginPropertyName: origin.isEmpty ? nil : origin,
                                          isPrimary: flags & 2 != 0, isIndexed: flags & 4 != 0, column: column))
                }
                classes.append(ObjectSchema(className: name, properties: props, isEmbedded: classFlags & 1 != 0,
                                            isAsymmetric: classFlags & 2 != 0, nextColumn: next))
            }
            guard r.remaining == 0 else { throw fail("trailing bytes") }
            return Schema(classes)
        }
    }
}
