import Foundation

/// How single values are laid out inside column chunks and collection cells (FORMAT.md,
/// "Cell encoding"). All integers little-endian.
enum CellCoding {
    // MARK: Fixed width

    /// Stores `v` as a fixed-width value of `type` at `slot`, which holds `width` zeroed bytes
    /// (values of another kind, such as null, leave them zero).
    static func storeFixed(_ v: StoredValue, type: PropertyType?, width: Int, at slot: UnsafeMutableRawPointer) {
        func le<T: FixedWidthInteger>(_ x: T) {
            // A value of the wrong width for the column is left out rather than written past its slot.
            guard MemoryLayout<T>.size <= width else { return }
            slot.storeBytes(of: x.littleEndian, as: T.self)
        }
        switch v {
        case .bool(let b): slot.storeBytes(of: b ? 1 : 0, as: UInt8.self)
        case .int(let i):
            if type == .float { le(Float(i).bitPattern) } else if type == .double || type == .date { le(Double(i).bitPattern) } else { le(i) }
        case .link(let k): le(k)
        case .float(let f): if type == .double { le(Double(f).bitPattern) } else { le(f.bitPattern) }
        case .double(let d): if type == .float { le(Float(d).bitPattern) } else { le(d.bitPattern) }
        case .date(let d): le(d.timeIntervalSinceReferenceDate.bitPattern)
        case .objectId(let o): o.bytes.withUnsafeBytes { slot.copyMemory(from: $0.baseAddress!, byteCount: min($0.count, width)) }
        case .uuid(let u): withUnsafeBytes(of: u.uuid) { slot.copyMemory(from: $0.baseAddress!, byteCount: min($0.count, width)) }
        default: break
        }
    }

    static func readFixed(_ b: UnsafeRawBufferPointer, type: PropertyType?) -> StoredValue {
        switch type {
        case nil: return .int(Int64(bitPattern: b.loadUnaligned(as: UInt64.self)))
        case .bool: return .bool(b[0] != 0)
        case .int: return .int(Int64(littleEndian: b.loadUnaligned(as: Int64.self)))
        case .object: return .link(UInt64(littleEndian: b.loadUnaligned(as: UInt64.self)))
        case .float: return .float(Float(bitPattern: UInt32(littleEndian: b.loadUnaligned(as: UInt32.self))))
        case .double: return .double(Double(bitPattern: UInt64(littleEndian: b.loadUnaligned(as: UInt64.self))))
        case .date:
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: UInt64(littleEndian: b.loadUnaligned(as: UInt64.self)))))
        case .objectId: return .objectId(ObjectId(bytes: Array(b.prefix(12)))!)
        case .uuid:
            var u: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &u) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: b.prefix(16))) }
            return .uuid(UUID(uuid: u))
        default: return .null
        }
    }

    // MARK: Variable width

    /// String and data columns hold the bytes themselves; collections, mixed values and
    /// decimals use tagged encoding.
    static func appendVariable(_ v: StoredValue, type: PropertyType?, to out: inout [UInt8]) {
        switch v {
        case .string(let s) where type == .string: out.append(contentsOf: s.utf8)
        case .data(let d) where type == .data: out.append(contentsOf: d)
        case .collection(let items):
            appendVarint(UInt64(items.count), to: &out)
            for item in items { appendTagged(item, to: &out) }
        default: appendTagged(v, to: &out)
        }
    }

    static func readVariable(_ b: UnsafeRawBufferPointer, type: PropertyType, collection: CollectionKind) -> StoredValue {
        if collection != .none {
            var reader = ByteReader(b)
            guard let count = reader.varint(), count <= UInt64(b.count) else { return .collection([]) }
            var items: [StoredValue] = []
            items.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let item = readTagged(&reader) else { break }
                items.append(item)
            }
            return .collection(items)
        }
        switch type {
        case .string: return .string(String(decoding: b, as: UTF8.self))
        case .data: return .data(Array(b))
        default:
            var reader = ByteReader(b)
            return readTagged(&reader) ?? .null
        }
    }

    // MARK: Tagged values (mixed, collection elements, changesets)

    enum Tag: UInt8 {
        case null = 0, falseValue = 1, trueValue = 2, int = 3, float = 4, double = 5, string = 6, data = 7
        case date = 8, decimal = 9, objectId = 10, uuid = 11, link = 12, anyLink = 13, collection = 14
        case nestedList = 15, nestedMap = 16
    }

    /// How deep collections may nest inside one tagged value (a mixed value holding a list
    /// holding a dictionary… counts one level each); deeper input is rejected (FORMAT.md, II.8).
    /// Above ``AnyRealmValue/maxNestingDepth`` to leave room for the collection of a list
    /// property and of a changeset's whole-collection value around the deepest mixed value.
    static let maxNestingDepth = 128

    static func appendTagged(_ v: StoredValue, to out: inout [UInt8]) {
        func le<T: FixedWidthInteger>(_ x: T) { withUnsafeBytes(of: x.littleEndian) { out.append(contentsOf: $0) } }
        switch v {
        case .null: out.append(Tag.null.rawValue)
        case .bool(let b): out.append(b ? Tag.trueValue.rawValue : Tag.falseValue.rawValue)
        case .int(let i): out.append(Tag.int.rawValue); appendVarint(zigzag(i), to: &out)
        case .float(let f): out.append(Tag.float.rawValue); le(f.bitPattern)
        case .double(let d): out.append(Tag.double.rawValue); le(d.bitPattern)
        case .string(let s):
            out.append(Tag.string.rawValue); appendVarint(UInt64(s.utf8.count), to: &out); out.append(contentsOf: s.utf8)
        case .data(let d): out.append(Tag.data.rawValue); appendVarint(UInt64(d.count), to: &out); out.append(contentsOf: d)
        case .date(let d): out.append(Tag.date.rawValue); le(d.timeIntervalSinceReferenceDate.bitPattern)
        case .decimal(let d):
            out.append(Tag.decimal.rawValue); appendVarint(UInt64(d.storageBytes.count), to: &out); out.append(contentsOf: d.storageBytes)
        case .objectId(let o): out.append(Tag.objectId.rawValue); out.append(contentsOf: o.bytes)
        case .uuid(let u): out.append(Tag.uuid.rawValue); withUnsafeBytes(of: u.uuid) { out.append(contentsOf: $0) }
        case .link(let k): out.append(Tag.link.rawValue); le(k)
        case .anyLink(let name, let k):
            out.append(Tag.anyLink.rawValue); appendVarint(UInt64(name.utf8.count), to: &out)
            out.append(contentsOf: name.utf8); le(k)
        case .collection(let items): appendTaggedItems(.collection, items, to: &out)
        case .nestedList(let items): appendTaggedItems(.nestedList, items, to: &out)
        case .nestedMap(let items): appendTaggedItems(.nestedMap, items, to: &out)
        }
    }

    private static func appendTaggedItems(_ tag: Tag, _ items: [StoredValue], to out: inout [UInt8]) {
        out.append(tag.rawValue)
        appendVarint(UInt64(items.count), to: &out)
        for item in items { appendTagged(item, to: &out) }
    }

    /// One tagged value, or nil when it is malformed; `depth` counts the collections around it.
    static func readTagged(_ r: inout ByteReader, depth: Int = 0) -> StoredValue? {
        guard let raw = r.byte(), let tag = Tag(rawValue: raw) else { return nil }
        switch tag {
        case .null: return .null
        case .falseValue: return .bool(false)
        case .trueValue: return .bool(true)
        case .int: return r.varint().map { .int(unzigzag($0)) }
        case .float: return r.u32().map { .float(Float(bitPattern: $0)) }
        case .double: return r.u64().map { .double(Double(bitPattern: $0)) }
        case .string: return r.lengthPrefixed().map { .string(String(decoding: $0, as: UTF8.self)) }
        case .data: return r.lengthPrefixed().map { .data($0) }
        case .date: return r.u64().map { .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: $0))) }
        case .decimal: return r.lengthPrefixed().map { b in b.withUnsafeBytes { .decimal(Decimal128(storageBytes: $0)) } }
        case .objectId: return r.bytes(12).map { .objectId(ObjectId(bytes: $0)!) }
        case .uuid:
            return r.bytes(16).map { b in
                var u: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &u) { $0.copyBytes(from: b) }
                return .uuid(UUID(uuid: u))
            }
        case .link: return r.u64().map { .link($0) }
        case .anyLink:
            guard let name = r.lengthPrefixed(), let key = r.u64() else { return nil }
            return .anyLink(className: String(decoding: name, as: UTF8.self), key: key)
        case .collection: return readTaggedItems(&r, depth: depth).map { .collection($0) }
        case .nestedList: return readTaggedItems(&r, depth: depth).map { .nestedList($0) }
        case .nestedMap:
            guard let items = readTaggedItems(&r, depth: depth), items.count % 2 == 0 else { return nil }
            return .nestedMap(items)
        }
    }

    private static func readTaggedItems(_ r: inout ByteReader, depth: Int) -> [StoredValue]? {
        guard depth < maxNestingDepth, let count = r.varint(), count <= UInt64(r.remaining) else { return nil }
        var items: [StoredValue] = []
        items.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let item = readTagged(&r, depth: depth + 1) else { return nil }
            items.append(item)
        }
        return items
    }

    static func zigzag(_ i: Int64) -> UInt64 { UInt64(bitPattern: (i << 1) ^ (i >> 63)) }
    static func unzigzag(_ u: UInt64) -> Int64 { Int64(bitPattern: u >> 1) ^ -Int64(bitPattern: u & 1) }

    static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        out.append(UInt8(v))
    }
}

/// A bounds-checked reader over bytes; every read returns nil past the end.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var remaining: Int { bytes.count - position }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bytes(_ n: Int) -> [UInt8]? {
        guard n >= 0, n <= remaining else { return nil }
        defer { position += n }
        return Array(bytes[position..<position + n])
    }

    mutating func u32() -> UInt32? {
        guard remaining >= 4 else { return nil }
        defer { position += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self))
    }

    mutating func u64() -> UInt64? {
        guard remaining >= 8 else { return nil }
        defer { position += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }

    mutating func varint() -> UInt64? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while let b = byte() {
            if shift == 63 && b > 1 { return nil }
            result |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
            if shift > 63 { return nil }
        }
        return nil
    }

    mutating func lengthPrefixed() -> [UInt8]? {
        guard let n = varint(), n <= UInt64(remaining) else { return nil }
        return bytes(Int(n))
    }
}
