import FiefStorage

/// The deterministic workload of the crash tests: transaction k of a seed is a pure function of
/// (seed, k), so the test process can replay exactly what the killed writer committed.
///
/// Each transaction puts and deletes keys of a bounded key space in the tree `main` (values from
/// empty to 24 KiB, some compressible, so overflow runs and LZ4 are exercised), now and then
/// grows the file with a bulk insert or shrinks it with a mass delete, sometimes creates, fills or
/// drops the tree `aux`, and always records k under `counter` in the tree `commit`.
public enum CrashWorkload {
    /// The 64-byte key the encrypted variants of the crash and power-loss tests use.
    public static let encryptionKey: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }

    /// SplitMix64: deterministic, so a seed reproduces a run.
    public struct Random {
        public var state: UInt64
        public init(seed: UInt64) { state = seed }
        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            return CrashWorkload.mix(state)
        }
        /// A number in 0..<n.
        public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        /// A number in `range`.
        public mutating func within(_ range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }
    }

    /// Sizes of the workload.
    public struct Shape: Sendable {
        /// Keys are drawn from 0..<keySpace.
        public var keySpace: Int
        /// Changes in an ordinary transaction.
        public var smallOperations: ClosedRange<Int>
        /// Puts in a bulk transaction (which grows the file).
        public var bulkOperations: ClosedRange<Int>
        /// Lengths of the large values (overflow runs).
        public var largeValueBytes: ClosedRange<Int>
        /// Percent of transactions that are bulk inserts.
        public var bulkPercent = 5
        /// Percent of transactions that are mass deletes.
        public var massDeletePercent = 5

        public init(keySpace: Int, smallOperations: ClosedRange<Int>, bulkOperations: ClosedRange<Int>,
                    largeValueBytes: ClosedRange<Int>, bulkPercent: Int = 5, massDeletePercent: Int = 5) {
            self.keySpace = keySpace
            self.smallOperations = smallOperations
            self.bulkOperations = bulkOperations
            self.largeValueBytes = largeValueBytes
            self.bulkPercent = bulkPercent
            self.massDeletePercent = massDeletePercent
        }

        public static let standard = Shape(keySpace: 1200, smallOperations: 1...24, bulkOperations: 120...360,
                                    largeValueBytes: 2049...24_000)
    }

    /// One change of a transaction.
    public enum Operation: Equatable, Sendable {
        /// Stores `value` under `key`, creating the tree if needed.
        case put(tree: String, key: [UInt8], value: [UInt8])
        /// Removes `key` if the tree and key exist.
        case delete(tree: String, key: [UInt8])
        /// Creates the tree if it does not exist.
        case createTree(String)
        /// Drops the tree if it exists.
        case dropTree(String)
    }

    /// Every tree's entries, by tree name.
    public typealias Model = [String: [[UInt8]: [UInt8]]]

    public static let mainTree = "main"
    public static let auxTree = "aux"
    public static let commitTree = "commit"
    public static let counterKey = Array("counter".utf8)

    /// The SplitMix64 finalizer: a bijective 64-bit mix.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The key with index `index`: 8 big-endian bytes, then 0 to 4 filler bytes.
    public static func key(_ index: Int) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: index >> (8 * (7 - $0))) }
            + [UInt8](repeating: UInt8(truncatingIfNeeded: index % 251), count: index % 5)
    }

    /// The counter value stored for commit `k`.
    public static func encodeCounter(_ k: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: k >> (8 * (7 - $0))) }
    }

    /// A value of random length and texture: random bytes, a repeated pattern, or byte runs.
    public static func value(_ random: inout Random, shape: Shape) -> [UInt8] {
        let sizeClass = random.below(100)
        let length: Int
        switch sizeClass {
        case 0..<30: length = random.within(0...40)
        case 30..<62: length = random.within(41...300)
        case 62..<82: length = random.within(301...1500)
        default: length = random.within(shape.largeValueBytes)
        }
        var bytes = [UInt8](repeating: 0, count: length)
        switch random.below(3) {
        case 0: // incompressible
            var i = 0
            while i < length {
                var word = random.next()
                for _ in 0..<8 where i < length {
                    bytes[i] = UInt8(truncatingIfNeeded: word)
                    word >>= 8
                    i += 1
                }
            }
        case 1: // a short pattern repeated: LZ4 shrinks it to almost nothing
            let pattern = (0..<random.within(1...16)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            for i in 0..<length { bytes[i] = pattern[i % pattern.count] }
        default: // runs of bytes: compressible, not trivially
            var i = 0
            while i < length {
                let run = random.within(1...64)
                let byte = UInt8(truncatingIfNeeded: random.next())
                for _ in 0..<run where i < length {
                    bytes[i] = byte
                    i += 1
                }
            }
        }
        return bytes
    }

    /// The changes of transaction `k` (k >= 1) of `seed`.
    public static func operations(seed: UInt64, transaction k: UInt64, shape: Shape = .standard) -> [Operation] {
        var random = Random(seed: mix(seed ^ mix(k &* 0xD1B5_4A32_D192_ED03)))
        var operations: [Operation] = []
        let kind = random.below(100)
        if kind < shape.bulkPercent {
            // Bulk insert: the file grows.
            for _ in 0..<random.within(shape.bulkOperations) {
                operations.append(.put(tree: mainTree, key: key(random.below(shape.keySpace)), value: value(&random, shape: shape)))
            }
        } else if kind < shape.bulkPercent + shape.massDeletePercent {
            // Mass delete of a third to two thirds of the key space: the file's tail empties.
            let start = random.below(shape.keySpace)
            let count = random.within(shape.keySpace / 3...2 * shape.keySpace / 3)
            for i in 0..<count { operations.append(.delete(tree: mainTree, key: key((start + i) % shape.keySpace))) }
        } else {
            for _ in 0..<random.within(shape.smallOperations) {
                let what = random.below(100)
                let index = random.below(shape.keySpace)
                switch what {
                case 0..<62: operations.append(.put(tree: mainTree, key: key(index), value: value(&random, shape: shape)))
                case 62..<84: operations.append(.delete(tree: mainTree, key: key(index)))
                case 84..<92: operations.append(.put(tree: auxTree, key: key(index % 200), value: value(&random, shape: shape)))
                case 92..<95: operations.append(.delete(tree: auxTree, key: key(index % 200)))
                case 95..<98: operations.append(.dropTree(auxTree))
                default: operations.append(.createTree(auxTree))
                }
            }
        }
        operations.append(.put(tree: commitTree, key: counterKey, value: encodeCounter(k)))
        return operations
    }

    /// Applies `operations` to an in-memory model.
    public static func apply(_ operations: [Operation], to model: inout Model) {
        for operation in operations {
            switch operation {
            case let .put(tree, key, value): model[tree, default: [:]][key] = value
            case let .delete(tree, key): model[tree]?[key] = nil
            case let .createTree(tree): if model[tree] == nil { model[tree] = [:] }
            case let .dropTree(tree): model[tree] = nil
            }
        }
    }

    /// Applies `operations` in a write transaction.
    public static func apply(_ operations: [Operation], to txn: Transaction) throws {
        for operation in operations {
            switch operation {
            case let .put(tree, key, value): try txn.createTree(tree).put(key, value)
            case let .delete(tree, key): _ = try txn.tree(tree)?.delete(key)
            case let .createTree(tree): try txn.createTree(tree)
            case let .dropTree(tree): try txn.dropTree(tree)
            }
        }
    }

    /// The number of the last committed workload transaction (0 before the first).
    public static func counter(in txn: Transaction) throws -> UInt64 {
        guard let bytes = try txn.tree(commitTree)?.get(counterKey) else { return 0 }
        return bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The model after transactions 1...k of `seed`.
    public static func model(seed: UInt64, through k: UInt64, shape: Shape = .standard) -> Model {
        var model = Model()
        var i: UInt64 = 1
        while i <= k {
            apply(operations(seed: seed, transaction: i, shape: shape), to: &model)
            i += 1
        }
        return model
    }

    /// A 64-bit FNV-1a digest of a model, independent of dictionary order.
    public static func digest(_ model: Model) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func add(_ bytes: [UInt8]) {
            for byte in encodeCounter(UInt64(bytes.count)) + bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        for name in model.keys.sorted() {
            add(Array(name.utf8))
            let entries = model[name]!
            for key in entries.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                add(key)
                add(entries[key]!)
            }
        }
        return hash
    }
}


extension CrashWorkload {
    /// Runs the transaction after the one the store's counter names, and commits it with
    /// ``Transaction/commitDeferringSync()``. Returns its number and ticket.
    ///
    /// Safe to call from many threads at once: the write lock orders the transactions, and each
    /// reads the counter inside its own, so commit k is always transaction k of `seed`.
    public static func commitNextDeferred(to store: Store, seed: UInt64, shape: Shape = .standard) throws
        -> (number: UInt64, ticket: CommitTicket) {
        let txn = try store.beginWrite()
        do {
            let k = try counter(in: txn) + 1
            try apply(operations(seed: seed, transaction: k, shape: shape), to: txn)
            return (k, try txn.commitDeferringSync())
        } catch {
            txn.abort()
            throw error
        }
    }
}
