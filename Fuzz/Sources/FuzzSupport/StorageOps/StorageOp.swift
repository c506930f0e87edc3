/// Where a key comes from (resolved against the model when the op runs).
public enum KeySpec: Equatable, Sendable {
    /// The entry at `index` (modulo the count) of the tree's sorted keys; a literal [index]
    /// when the tree is empty.
    case existing(index: UInt8)
    /// These bytes, as they are (up to 255 long; longer than the maximum key size on purpose).
    case literal([UInt8])
    /// The two bytes of `n`, big-endian (the keys ``StorageOp/bulkPut(tree:first:count:value:)`` writes).
    case number(UInt16)
}

/// How to make a value: a size class, a length and a seed.
public struct ValueSpec: Equatable, Sendable {
    /// 0: small (< 24 bytes), 1: around the inline limit, 2: large and compressible,
    /// 3: large and random (overflow pages, LZ4 useless).
    public var kind: UInt8
    public var size: UInt16
    public var seed: UInt8

    public init(kind: UInt8, size: UInt16, seed: UInt8) {
        self.kind = kind
        self.size = size
        self.seed = seed
    }
}

/// One step of a `fuzz-storage-ops` input. Tree operands pick a name from
/// ``StorageOpsRunner/treeNames(maximumKeySize:)``; `context` operands pick who reads: 0 the
/// write transaction (or a fresh read when none), 1 a fresh read transaction, 2 and 3 a
/// long-lived reader (`context >> 2` picks which).
public enum StorageOp: Equatable, Sendable {
    case put(tree: UInt8, key: KeySpec, value: ValueSpec)
    case delete(tree: UInt8, key: KeySpec)
    case get(tree: UInt8, key: KeySpec, context: UInt8)
    /// forEach from `from` (or the start), `limit` entries (0: all).
    case scan(tree: UInt8, from: KeySpec?, reverse: Bool, limit: UInt8, context: UInt8)
    /// A cursor: `moves & 7` picks how it starts (first, last, seek, atOrAfter, atOrBefore),
    /// then each further bit moves it (1: next, 0: previous), `moves >> 3` bits in all.
    case cursorWalk(tree: UInt8, from: KeySpec, moves: UInt16, context: UInt8)
    /// In the write transaction, a cursor that edits as it goes: per step two bits of `edits`
    /// (0: next, 1: previous, 2: delete the current entry then next, 3: insert a key just
    /// after it then next).
    case cursorEdit(tree: UInt8, from: KeySpec, steps: UInt8, edits: UInt16, value: ValueSpec)
    /// Puts keys `first ..< first + count` (two bytes, big-endian) with values from `value`.
    case bulkPut(tree: UInt8, first: UInt16, count: UInt8, value: ValueSpec)
    /// Deletes up to `count` existing entries, every `(step & 3) + 1`-th from index `start`.
    case bulkDelete(tree: UInt8, start: UInt8, count: UInt8, step: UInt8)
    /// Creates a tree; with bit 7 set, one whose name is one byte too long.
    case createTree(UInt8)
    case dropTree(UInt8)
    case commit
    case abort
    /// Closes everything and reopens; with `readOnlyFirst`, opens read-only once in between.
    case reopen(readOnlyFirst: Bool)
    case openReader
    case checkReader(UInt8)
    case closeReader(UInt8)
    case verify
    /// `updateFloorEntry` at `key`: `choice % 3` decides from the entry at or before it
    /// (0: keep it, 1: replace its value, 2 or no entry: insert `value` at `key`).
    case floorUpdate(tree: UInt8, key: KeySpec, choice: UInt8, value: ValueSpec)

    static let opcodeCount: UInt8 = 18
}

/// The store configuration at the head of an input.
public struct OpsConfig: Equatable, Sendable {
    /// Bits 0-2: maximumActiveVersions (10,000, 2, 3, 4, 6, 8, 16, 10,000); bits 3-4:
    /// durability (relaxed 1 h, relaxed 0 s, full, relaxed 1 h); bit 5: page size 1024
    /// instead of 512.
    public var byte: UInt8

    public init(byte: UInt8) { self.byte = byte }

    public var maximumActiveVersions: UInt64 { [10_000, 2, 3, 4, 6, 8, 16, 10_000][Int(byte & 7)] }
    public var pageSize: Int { byte & 0x20 != 0 ? 1024 : 512 }
}
