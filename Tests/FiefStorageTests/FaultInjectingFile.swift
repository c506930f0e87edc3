import Foundation
@testable import FiefStorage

/// A ``StorageFile`` for power-loss and disk-full tests.
///
/// It wraps a real ``PosixFile`` (so reads and `map(length:)` behave exactly as in production:
/// the real file plays the operating system's page cache) and, next to it, models what is on
/// stable storage:
///
/// - the *durable image*: the file's bytes as of the last successful `sync()`;
/// - the *pending operations*: every write and truncate since then, in order.
///
/// A power loss keeps the durable image plus any subset of the pending operations, each possibly
/// torn. ``powerLossImage(_:random:)`` builds such an image.
///
/// Faults:
/// - ``armCrash(atOperation:)``: the n-th write, sync or truncate from now "loses power": it
///   throws ``StorageError/io(operation:path:errno:)`` (a crashing write is kept as pending and
///   marked interrupted, since it may have partly reached the disk), and so does every later
///   write, sync or truncate, so the store under test stops where it was.
/// - ``byteBudget``: a write that would grow the file past this many bytes writes what fits and
///   throws ``StorageError/diskFull(path:)``, like a full disk.
/// - ``failsSyncs``: every sync throws ``StorageError/io(operation:path:errno:)`` with `EIO` and
///   makes nothing durable, like a failing disk; writes still succeed.
///
/// Thread-safe: all state is guarded by one lock.
final class FaultInjectingFile: StorageFile, @unchecked Sendable {
    /// A change not yet covered by a successful sync.
    enum PendingOperation: Sendable {
        /// `bytes` written at `offset`. `interrupted`: the write during which the power failed.
        case write(offset: UInt64, bytes: [UInt8], interrupted: Bool)
        /// The file's length set to `size`.
        case truncate(size: UInt64)
    }

    /// How a simulated power loss treats the pending operations (all probabilities in percent).
    struct PowerLossPolicy: Sendable, CustomStringConvertible {
        /// Chance that a pending write reached the disk (whole or torn).
        var persistPercent: Int
        /// Chance that a write that reached the disk is torn: only some of its 512-byte sectors
        /// (or only a prefix of it) made it.
        var tearPercent: Int
        /// Chance that a pending truncate reached the disk.
        var truncatePercent: Int
        /// Whether a lost write past the end of the file still extends the file with zeros (the
        /// size change was persisted but the data was not).
        var lostWritesExtendFile: Bool

        /// Nothing after the last sync survives.
        static let nothing = PowerLossPolicy(persistPercent: 0, tearPercent: 0, truncatePercent: 0, lostWritesExtendFile: false)
        /// Everything written survives (what a process crash leaves).
        static let everything = PowerLossPolicy(persistPercent: 100, tearPercent: 0, truncatePercent: 100, lostWritesExtendFile: false)

        /// A random mixture.
        static func random(_ random: inout SeededRandom) -> PowerLossPolicy {
            PowerLossPolicy(persistPercent: [10, 30, 50, 70, 90][Int(random.next() % 5)],
                            tearPercent: [0, 10, 30][Int(random.next() % 3)],
                            truncatePercent: [0, 50, 100][Int(random.next() % 3)],
                            lostWritesExtendFile: random.next() % 2 == 0)
        }

        var description: String {
            "persist \(persistPercent)%, tear \(tearPercent)%, truncate \(truncatePercent)%"
                + (lostWritesExtendFile ? ", lost writes extend the file" : "")
        }
    }

    /// The sector size a disk writes atomically.
    static let sectorSize = 512

    /// The real file's path (also named in errors).
    let path: String
    private let file: PosixFile
    private let lock = Lock()

    // Guarded by `lock`.
    private var durable: [UInt8]
    private var pending: [PendingOperation] = []
    private var operationsSinceArming = 0
    private var crashAt: Int?
    private var waitingForTruncate = false
    private var crashedState = false
    private var budget: UInt64?
    private var syncFailure = false
    private var syncHook: (@Sendable () -> Void)?
    private var syncs = 0
    private var truncates = 0

    /// Opens (creating if needed) the real file at `path`; its current content counts as durable.
    init(path: String) throws {
        self.path = path
        let file = try PosixFile(path: path, readOnly: false, create: true)
        var bytes = [UInt8](repeating: 0, count: Int(try file.size()))
        let n = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: 0) }
        self.file = file
        durable = Array(bytes.prefix(n))
    }

    // MARK: Controls

    /// Makes the `n`-th (1-based) write, sync or truncate from now on fail, and every one after it.
    /// With `afterNextTruncate`, counting starts only after the next truncate (so that a
    /// truncate is among the operations a power loss may or may not keep).
    func armCrash(atOperation n: Int, afterNextTruncate: Bool = false) {
        lock.withLock {
            operationsSinceArming = 0
            crashAt = n
            waitingForTruncate = afterNextTruncate
        }
    }

    /// Whether the simulated power loss has happened.
    var hasCrashed: Bool { lock.withLock { crashedState } }

    /// Successful syncs so far.
    var completedSyncs: Int { lock.withLock { syncs } }

    /// Truncates performed so far (to check that a workload shrinks the file).
    var completedTruncates: Int { lock.withLock { truncates } }

    /// Operations since the last successful sync (what a power loss may lose).
    var pendingOperations: [PendingOperation] { lock.withLock { pending } }

    /// The bytes on stable storage as of the last successful sync.
    var durableImage: [UInt8] { lock.withLock { durable } }

    /// The most bytes the file may grow to; nil for no limit.
    var byteBudget: UInt64? {
        get { lock.withLock { budget } }
        set { lock.withLock { budget = newValue } }
    }

    /// Whether syncs fail (with `EIO`, keeping every write pending).
    var failsSyncs: Bool {
        get { lock.withLock { syncFailure } }
        set { lock.withLock { syncFailure = newValue } }
    }

    /// The real file's current content (what every process would read: no power was lost).
    func currentImage() throws -> [UInt8] {
        try lock.withLock {
            var bytes = [UInt8](repeating: 0, count: Int(try file.size()))
            let n = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: 0) }
            return Array(bytes.prefix(n))
        }
    }

    /// What the disk might hold after the power failed now: the durable image, then each pending
    /// operation in order, each kept, dropped or torn as `policy` and `random` decide.
    func powerLossImage(_ policy: PowerLossPolicy, random: inout SeededRandom) -> [UInt8] {
        let (base, operations) = lock.withLock { (durable, pending) }
        var image = base
        func chance(_ percent: Int) -> Bool { percent >= 100 || (percent > 0 && Int(random.next() % 100) < percent) }
        func resize(_ size: Int) {
            if size < image.count { image.removeLast(image.count - size) } else { image += [UInt8](repeating: 0, count: size - image.count) }
        }
        for operation in operations {
            switch operation {
            case let .truncate(size):
                if chance(policy.truncatePercent) { resize(Int(size)) }
            case let .write(offset, bytes, interrupted):
                let start = Int(offset)
                let end = start + bytes.count
                var keep = [Bool](repeating: false, count: bytes.count) // which bytes reach the disk
                if chance(policy.persistPercent) {
                    if interrupted || chance(policy.tearPercent) {
                        if random.next() % 2 == 0 {
                            // Some sectors, each independently (sectors are aligned in the file).
                            var sector = start - start % Self.sectorSize
                            while sector < end {
                                let persist = random.next() % 2 == 0
                                for i in max(sector, start)..<min(sector + Self.sectorSize, end) where persist { keep[i - start] = true }
                                sector += Self.sectorSize
                            }
                        } else {
                            // A prefix of any length.
                            let length = Int(random.next() % UInt64(bytes.count + 1))
                            for i in 0..<length { keep[i] = true }
                        }
                    } else {
                        keep = [Bool](repeating: true, count: bytes.count)
                    }
                }
                let lastKept = keep.lastIndex(of: true).map { start + $0 + 1 } ?? start
                if policy.lostWritesExtendFile && end > image.count {
                    resize(end)
                } else if lastKept > image.count {
                    resize(lastKept)
                }
                for i in 0..<bytes.count where keep[i] { image[start + i] = bytes[i] }
            }
        }
        return image
    }

    // MARK: StorageFile

    func size() throws -> UInt64 { try file.size() }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws -> Int {
        try file.read(into: buffer, at: offset)
    }

    func write(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws {
        try lock.withLock {
            try beginOperation("write") { self.pending.append(.write(offset: offset, bytes: Array(bytes), interrupted: true)) }
            if let budget, offset + UInt64(bytes.count) > budget, offset + UInt64(bytes.count) > (try file.size()) {
                // A full disk: write what fits, then fail.
                let fits = Int(budget > offset ? min(budget - offset, UInt64(bytes.count)) : 0)
                if fits > 0 {
                    let part = UnsafeRawBufferPointer(rebasing: bytes[..<fits])
                    try file.write(part, at: offset)
                    pending.append(.write(offset: offset, bytes: Array(part), interrupted: false))
                }
                throw StorageError.diskFull(path: path)
            }
            try file.write(bytes, at: offset)
            pending.append(.write(offset: offset, bytes: Array(bytes), interrupted: false))
        }
    }

    /// A sync makes durable the operations that completed before it began; writes made while
    /// it runs (see ``duringSync``) stay pending.
    func sync() throws {
        let (covered, hook) = try lock.withLock { () throws -> (Int, (@Sendable () -> Void)?) in
            try beginOperation("sync") {}
            if syncFailure { throw StorageError.io(operation: "sync (simulated failure)", path: path, errno: EIO) }
            return (pending.count, syncHook)
        }
        hook?()
        try file.sync()
        lock.withLock {
            for operation in pending.prefix(covered) { Self.apply(operation, to: &durable) }
            pending.removeFirst(covered)
            syncs += 1
        }
    }

    /// Called (without the file's lock) in the middle of every sync, after the operations it
    /// covers are fixed: a test can write meanwhile, as other threads may during a real sync.
    var duringSync: (@Sendable () -> Void)? {
        get { lock.withLock { syncHook } }
        set { lock.withLock { syncHook = newValue } }
    }

    func truncate(to size: UInt64) throws {
        try lock.withLock {
            try beginOperation("truncate") {}
            try file.truncate(to: size)
            pending.append(.truncate(size: size))
            truncates += 1
            waitingForTruncate = false
        }
    }

    func map(length: Int) throws -> MappedRegion {
        try file.map(length: length)
    }

    // MARK: Private

    /// Counts an operation; throws if the power is (or just went) out. `interrupted` records
    /// the operation that was under way when it went out. Call with the lock held.
    private func beginOperation(_ name: String, interrupted: () -> Void) throws {
        if crashedState { throw StorageError.io(operation: "\(name) after simulated power loss", path: path, errno: EIO) }
        guard let crashAt, !waitingForTruncate else { return }
        operationsSinceArming += 1
        if operationsSinceArming >= crashAt {
            crashedState = true
            interrupted()
            throw StorageError.io(operation: "\(name) (simulated power loss)", path: path, errno: EIO)
        }
    }

    private static func apply(_ operation: PendingOperation, to image: inout [UInt8]) {
        switch operation {
        case let .truncate(size):
            let size = Int(size)
            if size < image.count { image.removeLast(image.count - size) } else { image += [UInt8](repeating: 0, count: size - image.count) }
        case let .write(offset, bytes, _):
            let end = Int(offset) + bytes.count
            if end > image.count { image += [UInt8](repeating: 0, count: end - image.count) }
            image.replaceSubrange(Int(offset)..<end, with: bytes)
        }
    }
}
