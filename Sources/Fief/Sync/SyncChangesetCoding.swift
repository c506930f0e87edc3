import Foundation

/// A sync changeset that could not be decoded: what is wrong and at which byte.
@_spi(Sync) public struct SyncChangesetError: Error, Equatable, CustomStringConvertible {
    /// The byte offset in the encoded changeset where the problem was found.
    public var offset: Int
    /// The field being read, such as "instruction 3 target path".
    public var field: String
    /// What is wrong.
    public var reason: String

    public var description: String { "Bad sync changeset at byte \(offset), \(field): \(reason)" }
}

/// The binary form of a ``SyncChangeset`` (FORMAT.md, part II, "Sync changeset encoding"):
///
///     u8      version (1)
///     varint  string count, then each string: varint length + UTF-8
///     varint  instruction count, then each instruction: u8 opcode + operands
///
/// Class, property and key names are varint indexes into the string table. Decoding checks
/// every count and length against the bytes that remain, and path depth against
/// ``maximumPathDepth``, before it allocates.
@_spi(Sync) public enum SyncChangesetCoding {
    public static let version: UInt8 = 1
    /// The deepest path (through embedded objects) a changeset may carry.
    public static let maximumPathDepth = 64
    /// How deep lists and dictionaries of a mixed value may nest in one value.
    public static let maximumValueDepth = AnyRealmValue.maxNestingDepth
    /// The most bytes one write transaction of a synced realm may record: an upload holding
    /// that changeset alone still fits the 16 MiB message a server takes by default, with
    /// 64 KiB to spare for the message around it. A write that records more fails (see
    /// `Realm.recordSyncHistory`) instead of leaving a changeset no server would accept.
    public static let maximumEncodedSize = (16 << 20) - (64 << 10)

    enum Opcode: UInt8 {
        case addClass = 1, addProperty, createObject, eraseObject, set, addInteger, listInsert, listSet, listMove
        case listErase, setInsert, setErase, dictionaryInsert, dictionaryErase, clear
    }

    enum ValueTag: UInt8 {
        case null = 0, falseValue, trueValue, int, float, double, string, data, date, decimal, objectId, uuid, link, embedded
        case list, dictionary
    }

    // MARK: Encoding

    public static func encode(_ changeset: SyncChangeset) -> [UInt8] {
        var writer = Writer()
        for instruction in changeset.instructions { writer.instruction(instruction) }
        var out: [UInt8] = [version]
        CellCoding.appendVarint(UInt64(writer.strings.count), to: &out)
        for s in writer.strings {
            CellCoding.appendVarint(UInt64(s.utf8.count), to: &out)
            out.append(contentsOf: s.utf8)
        }
        CellCoding.appendVarint(UInt64(changeset.instructions.count), to: &out)
        out.append(contentsOf: writer.body)
        return out
    }

    private struct Writer {
        var strings: [String] = []
        var ids: [String: UInt64] = [:]
        var body: [UInt8] = []

        mutating func varint(_ v: UInt64) { CellCoding.appendVarint(v, to: &body) }
        mutating func signed(_ v: Int64) { varint(CellCoding.zigzag(v)) }
        mutating func name(_ s: String) {
            if let id = ids[s] { varint(id); return }
            let id = UInt64(strings.count)
            ids[s] = id
            strings.append(s)
            varint(id)
        }
        mutating func le<T: FixedWidthInteger>(_ x: T) { withUnsafeBytes(of: x.littleEndian) { body.append(contentsOf: $0) } }

        mutating func object(_ o: SyncObjectID) {
            switch o {
            case .primaryKey(let v): body.append(0); value(v)
            case .global(let g): body.append(1); varint(g.fileIdent); varint(g.sequence)
            }
        }

        mutating func target(_ t: SyncTarget) {
            name(t.className)
            object(t.object)
            varint(UInt64(t.path.count))
            for element in t.path {
                switch element {
                case .property(let p): body.append(0); name(p)
                case .index(let i): body.append(1); varint(UInt64(i))
                case .key(let k): body.append(2); name(k)
                }
            }
        }

        mutating func value(_ v: SyncValue) {
            switch v {
            case .null: body.append(ValueTag.null.rawValue)
            case .bool(let b): body.append(b ? ValueTag.trueValue.rawValue : ValueTag.falseValue.rawValue)
            case .int(let i): body.append(ValueTag.int.rawValue); signed(i)
            case .float(let f): body.append(ValueTag.float.rawValue); le(f.bitPattern)
            case .double(let d): body.append(ValueTag.double.rawValue); le(d.bitPattern)
            case .string(let s): body.append(ValueTag.string.rawValue); varint(UInt64(s.utf8.count)); body.append(contentsOf: s.utf8)
            case .data(let d): body.append(ValueTag.data.rawValue); varint(UInt64(d.count)); body.append(contentsOf: d)
            case .date(let d): body.append(ValueTag.date.rawValue); le(d.timeIntervalSinceReferenceDate.bitPattern)
            case .decimal(let d):
                let bytes = d.storageBytes
                body.append(ValueTag.decimal.rawValue); varint(UInt64(bytes.count)); body.append(contentsOf: bytes)
            case .objectId(let o): body.append(ValueTag.objectId.rawValue); body.append(contentsOf: o.bytes)
            case .uuid(let u): body.append(ValueTag.uuid.rawValue); withUnsafeBytes(of: u.uuid) { body.append(contentsOf: $0) }
            case .link(let c, let o): body.append(ValueTag.link.rawValue); name(c); object(o)
            case .embeddedObject: body.append(ValueTag.embedded.rawValue)
            case .list(let items):
                body.append(ValueTag.list.rawValue); varint(UInt64(items.count))
                for item in items { value(item) }
            case .dictionary(let entries):
                body.append(ValueTag.dictionary.rawValue); varint(UInt64(entries.count))
                for key in entries.keys.sorted() { name(key); value(entries[key]!) }
            }
        }

        mutating func schema(_ p: SyncPropertySchema) {
            name(p.name)
            body.append(p.type.rawValue)
            body.append(p.collection.rawValue)
            body.append((p.isOptional ? 1 : 0) | (p.isPrimaryKey ? 2 : 0) | (p.isIndexed ? 4 : 0))
            name(p.objectClassName ?? "")
            name(p.linkOriginProperty ?? "")
        }

        mutating func op(_ o: Opcode) { body.append(o.rawValue) }

        mutating func instruction(_ i: SyncInstruction) {
            switch i {
            case let .addClass(n, pk, embedded, asymmetric):
                op(.addClass); name(n); body.append((embedded ? 1 : 0) | (pk != nil ? 2 : 0) | (asymmetric ? 4 : 0))
                if let pk { schema(pk) }
            case let .addProperty(c, p): op(.addProperty); name(c); schema(p)
            case let .createObject(c, o): op(.createObject); name(c); object(o)
            case let .eraseObject(c, o): op(.eraseObject); name(c); object(o)
            case let .set(t, v, d): op(.set); target(t); value(v); body.append(d ? 1 : 0)
            case let .addInteger(t, d): op(.addInteger); target(t); signed(d)
            case let .listInsert(t, idx, v): op(.listInsert); target(t); varint(UInt64(idx)); value(v)
            case let .listSet(t, idx, v): op(.listSet); target(t); varint(UInt64(idx)); value(v)
            case let .listMove(t, f, to): op(.listMove); target(t); varint(UInt64(f)); varint(UInt64(to))
            case let .listErase(t, idx): op(.listErase); target(t); varint(UInt64(idx))
            case let .setInsert(t, v): op(.setInsert); target(t); value(v)
            case let .setErase(t, v): op(.setErase); target(t); value(v)
            case let .dictionaryInsert(t, k, v): op(.dictionaryInsert); target(t); name(k); value(v)
            case let .dictionaryErase(t, k): op(.dictionaryErase); target(t); name(k)
            case let .clear(t): op(.clear); target(t)
            }
        }
    }

    // MARK: Decoding

    /// Decodes a changeset, or throws a ``SyncChangesetError`` naming the byte and the field of
    /// the first problem. Never traps, whatever the bytes.
    public static func decode(_ bytes: [UInt8]) throws(SyncChangesetError) -> SyncChangeset {
        let result: Result<SyncChangeset, SyncChangesetError> = bytes.withUnsafeBytes { raw in
            var reader = Reader(r: ByteReader(raw))
            do throws(SyncChangesetError) { return .success(try reader.changeset()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    private struct Reader {
        var r: ByteReader
        var strings: [String] = []
        var field = "header"

        func fail(_ reason: String) -> SyncChangesetError { SyncChangesetError(offset: r.position, field: field, reason: reason) }

        mutating func byte() throws(SyncChangesetError) -> UInt8 {
            guard let b = r.byte() else { throw fail("unexpected end of changeset") }
            return b
        }
        mutating func varint() throws(SyncChangesetError) -> UInt64 {
            guard let v = r.varint() else { throw fail("truncated or overlong number") }
            return v
        }
        mutating func index() throws(SyncChangesetError) -> Int {
            let v = try varint()
            guard v <= UInt64(Int32.max) else { throw fail("index \(v) out of range") }
            return Int(v)
        }
        mutating func name() throws(SyncChangesetError) -> String {
            let id = try varint()
            guard id < UInt64(strings.count) else { throw fail("string index \(id) past the table of \(strings.count)") }
            return strings[Int(id)]
        }
        mutating func bytes(_ n: Int) throws(SyncChangesetError) -> [UInt8] {
            guard let b = r.bytes(n) else { throw fail("needs \(n) bytes, \(r.remaining) remain") }
            return b
        }
        mutating func lengthPrefixed() throws(SyncChangesetError) -> [UInt8] {
            let n = try varint()
            guard n <= UInt64(r.remaining) else { throw fail("length \(n) past the end (\(r.remaining) bytes remain)") }
            return try bytes(Int(n))
        }
        mutating func u32() throws(SyncChangesetError) -> UInt32 {
            guard let v = r.u32() else { throw fail("unexpected end of changeset") }
            return v
        }
        mutating func u64() throws(SyncChangesetError) -> UInt64 {
            guard let v = r.u64() else { throw fail("unexpected end of changeset") }
            return v
        }

        mutating func changeset() throws(SyncChangesetError) -> SyncChangeset {
            let v = try byte()
            guard v == SyncChangesetCoding.version else { throw fail("unknown changeset version \(v)") }
            field = "string table"
            let count = try varint()
            guard count <= UInt64(r.remaining) else { throw fail("\(count) strings cannot fit in \(r.remaining) bytes") }
            strings.reserveCapacity(Int(count))
            for _ in 0..<count {
                let b = try lengthPrefixed()
                guard let s = String(validating: b, as: UTF8.self) else { throw fail("string is not UTF-8") }
                strings.append(s)
            }
            field = "instruction count"
            let n = try varint()
            guard n <= UInt64(r.remaining) else { throw fail("\(n) instructions cannot fit in \(r.remaining) bytes") }
            var out: [SyncInstruction] = []
            out.reserveCapacity(Int(n))
            for i in 0..<Int(n) {
                field = "instruction \(i)"
                out.append(try instruction())
            }
            field = "end"
            guard r.remaining == 0 else { throw fail("\(r.remaining) trailing bytes") }
            return SyncChangeset(out)
        }

        mutating func object() throws(SyncChangesetError) -> SyncObjectID {
            switch try byte() {
            case 0:
                let v = try value()
                switch v {
                case .null, .int, .string, .objectId, .uuid: return .primaryKey(v)
                default: throw fail("a primary key cannot be \(v)")
                }
            case 1: return .global(GlobalKey(fileIdent: try varint(), sequence: try varint()))
            case let k: throw fail("unknown object identity kind \(k)")
            }
        }

        mutating func target() throws(SyncChangesetError) -> SyncTarget {
            let c = try name()
            let o = try object()
            let depth = try varint()
            guard depth >= 1, depth <= UInt64(SyncChangesetCoding.maximumPathDepth) else {
                throw fail("path depth \(depth) outside 1...\(SyncChangesetCoding.maximumPathDepth)")
            }
            var path: [SyncPathElement] = []
            for _ in 0..<depth {
                switch try byte() {
                case 0: path.append(.property(try name()))
                case 1: path.append(.index(try index()))
                case 2: path.append(.key(try name()))
                case let k: throw fail("unknown path element kind \(k)")
                }
            }
            guard case .property = path.last else { throw fail("a path must end at a property") }
            guard case .property = path.first else { throw fail("a path must start at a property") }
            return SyncTarget(className: c, object: o, path: path)
        }

        mutating func value(depth: Int = 0) throws(SyncChangesetError) -> SyncValue {
            let raw = try byte()
            guard let tag = ValueTag(rawValue: raw) else { throw fail("unknown value tag \(raw)") }
            switch tag {
            case .null: return .null
            case .falseValue: return .bool(false)
            case .trueValue: return .bool(true)
            case .int: return .int(CellCoding.unzigzag(try varint()))
            case .float: return .float(Float(bitPattern: try u32()))
            case .double: return .double(Double(bitPattern: try u64()))
            case .string:
                guard let s = String(validating: try lengthPrefixed(), as: UTF8.self) else { throw fail("string is not UTF-8") }
                return .string(s)
            case .data: return .data(try lengthPrefixed())
            case .date: return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try u64())))
            case .decimal:
                let b = try lengthPrefixed()
                guard let s = String(validating: b, as: UTF8.self), let d = Decimal128(string: s) else { throw fail("bad decimal") }
                return .decimal(d)
            case .objectId:
                guard let o = ObjectId(bytes: try bytes(12)) else { throw fail("bad object id") }
                return .objectId(o)
            case .uuid:
                let b = try bytes(16)
                var u: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &u) { $0.copyBytes(from: b) }
                return .uuid(UUID(uuid: u))
            case .link:
                let c = try name()
                return .link(className: c, object: try object())
            case .embedded: return .embeddedObject
            case .list:
                let count = try nestedCount(depth)
                var items: [SyncValue] = []
                for _ in 0..<count { items.append(try value(depth: depth + 1)) }
                return .list(items)
            case .dictionary:
                let count = try nestedCount(depth)
                var entries: [String: SyncValue] = [:]
                for _ in 0..<count {
                    let key = try name()
                    guard entries.updateValue(try value(depth: depth + 1), forKey: key) == nil else { throw fail("dictionary key \"\(key)\" repeats") }
                }
                return .dictionary(entries)
            }
        }

        /// The element count of a nested list or dictionary at `depth`, checked against the
        /// nesting limit and the bytes that remain (each element takes at least one).
        private mutating func nestedCount(_ depth: Int) throws(SyncChangesetError) -> Int {
            guard depth < SyncChangesetCoding.maximumValueDepth else {
                throw fail("lists and dictionaries nest deeper than \(SyncChangesetCoding.maximumValueDepth)")
            }
            let count = try varint()
            guard count <= UInt64(r.remaining) else { throw fail("\(count) elements cannot fit in \(r.remaining) bytes") }
            return Int(count)
        }

        mutating func schema() throws(SyncChangesetError) -> SyncPropertySchema {
            let n = try name()
            let rawType = try byte(), rawCollection = try byte(), flags = try byte()
            guard let type = PropertyType(rawValue: rawType) else { throw fail("unknown property type \(rawType)") }
            guard let collection = CollectionKind(rawValue: rawCollection) else { throw fail("unknown collection kind \(rawCollection)") }
            guard flags & ~7 == 0 else { throw fail("unknown property flags \(flags)") }
            let target = try name(), origin = try name()
            return SyncPropertySchema(name: n, type: type, collection: collection, isOptional: flags & 1 != 0,
                                      objectClassName: target.isEmpty ? nil : target, linkOriginProperty: origin.isEmpty ? nil : origin,
                                      isPrimaryKey: flags & 2 != 0, isIndexed: flags & 4 != 0)
        }

        mutating func instruction() throws(SyncChangesetError) -> SyncInstruction {
            let raw = try byte()
            guard let op = Opcode(rawValue: raw) else { throw fail("unknown opcode \(raw)") }
            switch op {
            case .addClass:
                let n = try name()
                let flags = try byte()
                guard flags & ~7 == 0 else { throw fail("unknown class flags \(flags)") }
                let pk = flags & 2 != 0 ? try schema() : nil
                return .addClass(name: n, primaryKey: pk, isEmbedded: flags & 1 != 0, isAsymmetric: flags & 4 != 0)
            case .addProperty:
                let c = try name()
                return .addProperty(className: c, property: try schema())
            case .createObject:
                let c = try name()
                return .createObject(className: c, object: try object())
            case .eraseObject:
                let c = try name()
                return .eraseObject(className: c, object: try object())
            case .set:
                let t = try target(), v = try value()
                let d = try byte()
                guard d <= 1 else { throw fail("bad default flag \(d)") }
                return .set(t, v, isDefault: d == 1)
            case .addInteger:
                let t = try target()
                return .addInteger(t, CellCoding.unzigzag(try varint()))
            case .listInsert:
                let t = try target(), i = try index()
                return .listInsert(t, index: i, try value())
            case .listSet:
                let t = try target(), i = try index()
                return .listSet(t, index: i, try value())
            case .listMove:
                let t = try target(), f = try index()
                return .listMove(t, from: f, to: try index())
            case .listErase:
                let t = try target()
                return .listErase(t, index: try index())
            case .setInsert:
                let t = try target()
                return .setInsert(t, try value())
            case .setErase:
                let t = try target()
                return .setErase(t, try value())
            case .dictionaryInsert:
                let t = try target(), k = try name()
                return .dictionaryInsert(t, key: k, try value())
            case .dictionaryErase:
                let t = try target()
                return .dictionaryErase(t, key: try name())
            case .clear:
                return .clear(try target())
            }
        }
    }
}
