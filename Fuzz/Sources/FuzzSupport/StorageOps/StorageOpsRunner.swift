#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FiefStorage

/// The `fuzz-storage-ops` logic: runs decoded operations against a real store (in the scratch
/// directory) and against a ``StoreModel``; any difference stops the process with a description.
public final class StorageOpsRunner {
    /// Operations run per input at most.
    public static let maximumOps = 1000
    /// Long-lived readers open at once at most.
    static let maximumReaders = 4
    /// Bytes of values an input may make at their requested sizes; past them every value is
    /// made small. Without it a short input could write a few gigabytes (a thousand bulk puts of
    /// 255 values up to 20 KiB) and take minutes, which libFuzzer reports as a slow unit.
    static let valueByteBudget = 1 << 20

    /// A long-lived read transaction and the model of the version it pinned.
    struct Reader {
        let txn: Transaction
        let model: StoreModel
        let version: UInt64
    }

    let path: String
    let options: StorageOptions
    let maximumKeySize: Int
    let names: [String]
    var store: Store?
    var writer: Transaction?
    var pending = StoreModel()
    var committed = StoreModel()
    /// The newest committed version (its transaction id).
    var version: UInt64 = 0
    /// The id the next commit will use, when known (unknown after opening).
    var nextID: UInt64?
    var readers: [Reader] = []
    /// Bytes of the values made so far (see ``valueByteBudget``).
    private var valueBytes = 0
    private var trace: [String] = []

    init(config: OpsConfig) {
        path = Scratch.path("ops.fief")
        var options = StorageOptions()
        options.pageSize = config.pageSize
        options.maximumActiveVersions = config.maximumActiveVersions
        switch (config.byte >> 3) & 3 {
        case 1: options.durability = .relaxed(interval: 0)
        case 2: options.durability = .full
        default: options.durability = .relaxed(interval: 3600)
        }
        self.options = options
        maximumKeySize = (config.pageSize - 24) / 4 - 2 - 7 - 12
        names = StorageOpsRunner.treeNames(maximumKeySize: maximumKeySize)
    }

    /// The trees an input can name: operand `tree % 8` indexes this list.
    public static func treeNames(maximumKeySize: Int) -> [String] {
        ["a", "a", "a", "b", "b", "c", "", String(repeating: "n", count: maximumKeySize)]
    }

    /// Runs one input.
    public static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let runner = StorageOpsRunner(config: OpsConfig(byte: input.byte()))
        Scratch.remove(runner.path)
        runner.store = runner.must("create the store") { try Store(path: runner.path, options: runner.options) }
        var count = 0
        while count < maximumOps, let op = StorageOpCodec.decode(&input) {
            runner.execute(op)
            count += 1
        }
        runner.finish()
        Scratch.remove(runner.path)
    }

    /// Whether to print every operation (set FUZZ_TRACE=1 when replaying an input).
    static let printsTrace = getenv("FUZZ_TRACE") != nil

    func execute(_ op: StorageOp) {
        trace.append("\(op)")
        if StorageOpsRunner.printsTrace { print("op \(trace.count - 1): \(op)") }
        switch op {
        case let .put(tree, key, value): put(name(tree), key, value)
        case let .delete(tree, key): delete(name(tree), key)
        case let .get(tree, key, context): get(name(tree), key, context)
        case let .scan(tree, from, reverse, limit, context): scan(name(tree), from, reverse, limit, context)
        case let .cursorWalk(tree, from, moves, context): cursorWalk(name(tree), from, moves, context)
        case let .cursorEdit(tree, from, steps, edits, value): cursorEdit(name(tree), from, steps, edits, value)
        case let .bulkPut(tree, first, count, value): bulkPut(name(tree), first, count, value)
        case let .bulkDelete(tree, start, count, step): bulkDelete(name(tree), start, count, step)
        case let .createTree(tree): createTree(tree)
        case let .dropTree(tree): dropTree(name(tree))
        case .commit: commit()
        case .abort: abort()
        case let .reopen(readOnlyFirst): reopen(readOnlyFirst: readOnlyFirst)
        case .openReader: openReader()
        case let .checkReader(i): checkReader(i)
        case let .closeReader(i): closeReader(i)
        case .verify: verify()
        case let .floorUpdate(tree, key, choice, value): floorUpdate(name(tree), key, choice, value)
        }
    }

    /// Ends an input: commits, checks and closes every reader, verifies, reopens, verifies.
    func finish() {
        trace.append("finish")
        if writer != nil { commit() }
        while !readers.isEmpty {
            checkReader(0)
            closeReader(0)
        }
        verify()
        reopen(readOnlyFirst: false)
        verify()
        store = nil
    }

    func name(_ operand: UInt8) -> String { names[Int(operand % 8)] }

    /// The value `spec` describes, or once this input has made ``valueByteBudget`` bytes of
    /// values, a small one from the same seed.
    func makeValue(_ spec: ValueSpec, salt: Int = 0) -> [UInt8] {
        var spec = spec
        if valueBytes >= Self.valueByteBudget { spec.kind = 0 }
        let value = spec.materialize(salt: salt)
        valueBytes += value.count
        return value
    }

    /// The key a spec stands for, given the tree it is used on.
    func resolve(_ spec: KeySpec, in tree: TreeModel?) -> [UInt8] {
        switch spec {
        case let .existing(index):
            guard let tree, tree.count > 0 else { return [index] }
            return tree.keys[Int(index) % tree.count]
        case let .literal(bytes): return bytes
        case let .number(n): return [UInt8(n >> 8), UInt8(n & 0xFF)]
        }
    }

    /// Runs a call that must succeed.
    func must<T>(_ what: String, _ body: () throws -> T) -> T {
        do { return try body() } catch { mismatch("\(what) threw \(error)") }
    }

    /// Stops the process with the difference and the operations that led to it.
    func mismatch(_ message: String) -> Never {
        let recent = trace.suffix(30).enumerated().map { "  \(trace.count - min(trace.count, 30) + $0.offset): \($0.element)" }
        fail("storage-ops: \(message)\nafter \(trace.count) operation(s), the last ones:\n\(recent.joined(separator: "\n"))")
    }

    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { mismatch(message()) }
    }
}
