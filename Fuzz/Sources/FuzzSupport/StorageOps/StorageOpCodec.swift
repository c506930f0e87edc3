/// The byte format of `fuzz-storage-ops` inputs: a config byte, then operations, each an opcode
/// byte (modulo the number of operations) and fixed operands; key specs are a tag byte and
/// their payload. ``encode(_:)`` writes what ``decode(_:)`` reads, for the seed corpus.
public enum StorageOpCodec {
    public static func decode(_ input: inout FuzzInput) -> StorageOp? {
        guard !input.isExhausted else { return nil }
        switch input.byte() % StorageOp.opcodeCount {
        case 0: return .put(tree: input.byte(), key: key(&input), value: value(&input))
        case 1: return .delete(tree: input.byte(), key: key(&input))
        case 2: return .get(tree: input.byte(), key: key(&input), context: input.byte())
        case 3:
            let tree = input.byte(), flags = input.byte()
            let from = flags & 1 != 0 ? key(&input) : nil
            return .scan(tree: tree, from: from, reverse: flags & 2 != 0, limit: input.byte(), context: input.byte())
        case 4: return .cursorWalk(tree: input.byte(), from: key(&input), moves: input.u16(), context: input.byte())
        case 5:
            return .cursorEdit(tree: input.byte(), from: key(&input), steps: input.byte(), edits: input.u16(),
                               value: value(&input))
        case 6: return .bulkPut(tree: input.byte(), first: input.u16(), count: input.byte(), value: value(&input))
        case 7: return .bulkDelete(tree: input.byte(), start: input.byte(), count: input.byte(), step: input.byte())
        case 8: return .createTree(input.byte())
        case 9: return .dropTree(input.byte())
        case 10: return .commit
        case 11: return .abort
        case 12: return .reopen(readOnlyFirst: input.byte() & 1 != 0)
        case 13: return .openReader
        case 14: return .checkReader(input.byte())
        case 15: return .closeReader(input.byte())
        case 17: return .floorUpdate(tree: input.byte(), key: key(&input), choice: input.byte(), value: value(&input))
        default: return .verify
        }
    }

    static func key(_ input: inout FuzzInput) -> KeySpec {
        let tag = input.byte()
        switch tag % 4 {
        case 0: return .existing(index: input.byte())
        case 1: return .literal(input.bytes(Int(input.byte() % 8)).map { $0 % 4 + 0x61 })
        case 2: return .literal(input.bytes(Int(input.byte())))
        default: return .number(UInt16(input.byte()) << 8 | UInt16(input.byte()))
        }
    }

    static func value(_ input: inout FuzzInput) -> ValueSpec {
        ValueSpec(kind: input.byte(), size: input.u16(), seed: input.byte())
    }

    /// The bytes of a whole input.
    public static func encode(config: OpsConfig, _ ops: [StorageOp]) -> [UInt8] {
        [config.byte] + ops.flatMap(encode)
    }

    public static func encode(_ op: StorageOp) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        switch op {
        case let .put(tree, k, v): return [0, tree] + key(k) + value(v)
        case let .delete(tree, k): return [1, tree] + key(k)
        case let .get(tree, k, context): return [2, tree] + key(k) + [context]
        case let .scan(tree, from, reverse, limit, context):
            let flags: UInt8 = (from == nil ? 0 : 1) | (reverse ? 2 : 0)
            return [3, tree, flags] + (from.map(key) ?? []) + [limit, context]
        case let .cursorWalk(tree, from, moves, context): return [4, tree] + key(from) + u16(moves) + [context]
        case let .cursorEdit(tree, from, steps, edits, v): return [5, tree] + key(from) + [steps] + u16(edits) + value(v)
        case let .bulkPut(tree, first, count, v): return [6, tree] + u16(first) + [count] + value(v)
        case let .bulkDelete(tree, start, count, step): return [7, tree, start, count, step]
        case let .createTree(tree): return [8, tree]
        case let .dropTree(tree): return [9, tree]
        case .commit: return [10]
        case .abort: return [11]
        case let .reopen(readOnlyFirst): return [12, readOnlyFirst ? 1 : 0]
        case .openReader: return [13]
        case let .checkReader(i): return [14, i]
        case let .closeReader(i): return [15, i]
        case .verify: return [16]
        case let .floorUpdate(tree, k, choice, v): return [17, tree] + key(k) + [choice] + value(v)
        }
    }

    static func key(_ spec: KeySpec) -> [UInt8] {
        switch spec {
        case let .existing(index): return [0, index]
        case let .literal(bytes):
            // Tag 2 keeps the bytes as they are (tag 1 would map them to "a"..."d").
            return [2, UInt8(min(bytes.count, 255))] + bytes.prefix(255)
        case let .number(n): return [3, UInt8(n >> 8), UInt8(n & 0xFF)]
        }
    }

    static func value(_ spec: ValueSpec) -> [UInt8] {
        [spec.kind, UInt8(spec.size & 0xFF), UInt8(spec.size >> 8), spec.seed]
    }
}

extension ValueSpec {
    /// The value's bytes. `salt` varies values made from one spec (bulk puts, edits).
    public func materialize(salt: Int = 0) -> [UInt8] {
        let seed = UInt64(self.seed) &* 0x1_0000 &+ UInt64(truncatingIfNeeded: salt)
        switch kind % 4 {
        case 0:
            let length = Int(size % 24)
            return (0..<length).map { UInt8(truncatingIfNeeded: Int(seed) &+ $0) }
        case 1:
            var random = SplitMix(seed: seed)
            return random.bytes(60 + Int(size % 140))
        case 2:
            let length = 100 + Int(size % 20_000)
            return (0..<length).map { UInt8(truncatingIfNeeded: Int(seed) &+ $0 / 64) }
        default:
            var random = SplitMix(seed: seed ^ 0xABCD)
            return random.bytes(100 + Int(size % 12_000))
        }
    }
}
