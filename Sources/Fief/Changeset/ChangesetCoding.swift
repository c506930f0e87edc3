/// The binary form of a changeset (FORMAT.md, "Changeset encoding"):
///
///     u8 version (1)
///     varint string count, then each string as varint length + UTF-8
///     varint instruction count, then each instruction: u8 opcode + operands, where class and
///     property names are varint indexes into the string table, keys and indexes varints,
///     values tagged cells.
enum ChangesetCoding {
    static let version: UInt8 = 1

    static func encode(_ changeset: Changeset) -> [UInt8] {
        var strings: [String] = []
        var ids: [String: UInt64] = [:]
        var body: [UInt8] = []
        func name(_ s: String) {
            if let id = ids[s] { CellCoding.appendVarint(id, to: &body); return }
            let id = UInt64(strings.count)
            ids[s] = id
            strings.append(s)
            CellCoding.appendVarint(id, to: &body)
        }
        func varint(_ v: UInt64) { CellCoding.appendVarint(v, to: &body) }
        changeset.forEachSpelledOut { instruction in
            switch instruction {
            case let .addClass(c, embedded):
                body.append(1); name(c); body.append(embedded ? 1 : 0)
            case let .addProperty(c, p, type, collection, optional, target):
                body.append(2); name(c); name(p); body.append(type.rawValue); body.append(collection.rawValue)
                body.append(optional ? 1 : 0); name(target ?? "")
            case let .createObject(c, key, pk):
                body.append(3); name(c); varint(key); CellCoding.appendTagged(pk, to: &body)
            case .createObjects:
                preconditionFailure("runs are spelled out")
            case let .eraseObject(c, key):
                body.append(4); name(c); varint(key)
            case let .set(c, key, p, value):
                body.append(5); name(c); varint(key); name(p); CellCoding.appendTagged(value, to: &body)
            case let .listInsert(c, key, p, index, value):
                body.append(6); name(c); varint(key); name(p); varint(UInt64(index)); CellCoding.appendTagged(value, to: &body)
            case let .listSet(c, key, p, index, value):
                body.append(7); name(c); varint(key); name(p); varint(UInt64(index)); CellCoding.appendTagged(value, to: &body)
            case let .listMove(c, key, p, from, to):
                body.append(8); name(c); varint(key); name(p); varint(UInt64(from)); varint(UInt64(to))
            case let .listErase(c, key, p, index):
                body.append(9); name(c); varint(key); name(p); varint(UInt64(index))
            case let .listClear(c, key, p):
                body.append(10); name(c); varint(key); name(p)
            }
        }
        var out: [UInt8] = [version]
        CellCoding.appendVarint(UInt64(strings.count), to: &out)
        for s in strings {
            CellCoding.appendVarint(UInt64(s.utf8.count), to: &out)
            out.append(contentsOf: s.utf8)
        }
        CellCoding.appendVarint(UInt64(changeset.spelledOutCount), to: &out)
        return out + body
    }

    /// Decodes a changeset; throws ``RealmError/corruptChangeset(offset:reason:)`` naming the
    /// byte offset of the first problem.
    static func decode(_ bytes: [UInt8]) throws -> Changeset {
        try bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            func fail(_ reason: String) -> RealmError { .corruptChangeset(offset: r.position, reason: reason) }
            guard let v = r.byte(), v == version else { throw RealmError.corruptChangeset(offset: 0, reason: "unknown changeset version") }
            guard let stringCount = r.varint(), stringCount <= UInt64(r.remaining) else { throw fail("bad string count") }
            var strings: [String] = []
            for _ in 0..<stringCount {
                guard let s = r.lengthPrefixed() else { throw fail("truncated string") }
                strings.append(String(decoding: s, as: UTF8.self))
            }
            guard let count = r.varint(), count <= UInt64(r.remaining) else { throw fail("bad instruction count") }
            func name() throws -> String {
                guard let id = r.varint(), id < UInt64(strings.count) else { throw fail("bad string index") }
                return strings[Int(id)]
            }
            func varint() throws -> UInt64 {
                guard let v = r.varint() else { throw fail("truncated number") }
                return v
            }
            func index() throws -> Int {
                let v = try varint()
                guard v <= UInt64(Int32.max) else { throw fail("list index out of range") }
                return Int(v)
            }
            func value() throws -> StoredValue {
                guard let v = CellCoding.readTagged(&r) else { throw fail("bad value") }
                return v
            }
            var out = Changeset()
            for _ in 0..<count {
                guard let op = r.byte() else { throw fail("truncated instruction") }
                switch op {
                case 1:
                    let c = try name()
                    guard let e = r.byte() else { throw fail("truncated instruction") }
                    out.instructions.append(.addClass(className: c, isEmbedded: e != 0))
                case 2:
                    let c = try name(), p = try name()
                    guard let t = r.byte().flatMap(PropertyType.init(rawValue:)),
                          let k = r.byte().flatMap(CollectionKind.init(rawValue:)), let o = r.byte() else { throw fail("bad property type") }
                    let target = try name()
                    out.instructions.append(.addProperty(className: c, property: p, type: t, collection: k, isOptional: o != 0,
                                                         objectClassName: target.isEmpty ? nil : target))
                case 3: out.instructions.append(.createObject(className: try name(), key: try varint(), primaryKey: try value()))
                case 4: out.instructions.append(.eraseObject(className: try name(), key: try varint()))
                case 5: out.instructions.append(.set(className: try name(), key: try varint(), property: try name(), value: try value()))
                case 6:
                    out.instructions.append(.listInsert(className: try name(), key: try varint(), property: try name(),
                                                        index: try index(), value: try value()))
                case 7:
                    out.instructions.append(.listSet(className: try name(), key: try varint(), property: try name(),
                                                     index: try index(), value: try value()))
                case 8:
                    out.instructions.append(.listMove(className: try name(), key: try varint(), property: try name(),
                                                      from: try index(), to: try index()))
                case 9: out.instructions.append(.listErase(className: try name(), key: try varint(), property: try name(), index: try index()))
                case 10: out.instructions.append(.listClear(className: try name(), key: try varint(), property: try name()))
                default: throw fail("unknown opcode \(op)")
                }
            }
            guard r.remaining == 0 else { throw fail("trailing bytes") }
            return out
        }
    }
}
