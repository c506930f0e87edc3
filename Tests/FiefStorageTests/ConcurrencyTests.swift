import Foundation
import XCTest
@testable import FiefStorage

final class ConcurrencyTests: XCTestCase {
    /// Readers on other threads keep a consistent snapshot while the writer commits many versions:
    /// every commit rewrites all keys with its version number, so a reader must see one number.
    func testReadersKeepTheirSnapshotWhileWriterCommits() throws {
        try readersKeepTheirSnapshotWhileWriterCommits(encryptionKey: nil, cacheSize: nil)
    }

    /// The same on an encrypted store whose decrypted-page cache is far smaller than the data,
    /// so readers on four threads evict each other's pages while the writer reuses page numbers.
    func testEncryptedReadersKeepTheirSnapshotWhileWriterCommits() throws {
        try readersKeepTheirSnapshotWhileWriterCommits(encryptionKey: (0..<64).map { UInt8($0 | 0x80) }, cacheSize: 16 * 1024)
    }

    private func readersKeepTheirSnapshotWhileWriterCommits(encryptionKey: [UInt8]?, cacheSize: Int?) throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        var options = StorageOptions()
        options.durability = .relaxed(interval: 0.01)
        options.pageSize = 1024
        options.encryptionKey = encryptionKey
        if let cacheSize { options.decryptedPageCacheSize = cacheSize }
        let store = try Store(path: dir + "/mvcc.fief", options: options)
        let keys = 300
        try store.write { txn in
            let t = try txn.createTree("t")
            for i in 0..<keys { try t.put(key(i), key(0)) }
        }
        let failures = Failures()
        let group = DispatchGroup()
        let writerDone = Flag()
        for reader in 0..<4 {
            DispatchQueue.global().async(group: group) {
                var rounds = 0
                while !writerDone.isSet || rounds < 3 {
                    rounds += 1
                    do {
                        let txn = try store.beginRead()
                        let t = try txn.tree("t")!
                        let expected = try t.get(key(0))!
                        for _ in 0..<3 {
                            var count = 0
                            try t.forEach { _, v in
                                if Array(v) != expected { failures.add("reader \(reader) saw a mixed snapshot") }
                                count += 1
                                return true
                            }
                            if count != keys { failures.add("reader \(reader) saw \(count) keys") }
                        }
                        txn.abort()
                    } catch {
                        failures.add("reader \(reader): \(error)")
                    }
                }
            }
        }
        for version in 1...200 {
            try store.write { txn in
                let t = try txn.tree("t")!
                for i in 0..<keys { try t.put(key(i), key(version)) }
            }
        }
        writerDone.set()
        group.wait()
        XCTAssertEqual(failures.all, [])
        XCTAssertTrue(try store.verify().isValid)
    }

    /// A long-lived reader pins its version; the version cap stops the file from growing without
    /// bound behind it, and once the reader ends, freed pages are reused.
    func testVersionCapBoundsGrowthBehindLongReader() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/cap.fief"
        var options = StorageOptions()
        options.maximumActiveVersions = 40
        let store = try Store(path: path, options: options)
        var rng = SeededRandom(seed: 9)
        let value = [UInt8](repeating: 3, count: 100)
        try store.write { txn in
            let t = try txn.createTree("t")
            for i in 0..<20_000 { try t.put(key(i), value) }
        }
        func churn() throws {
            try store.write { txn in
                let t = try txn.tree("t")!
                for _ in 0..<500 { try t.put(key(Int.random(in: 0..<20_000, using: &rng)), value) }
            }
        }
        for _ in 0..<20 { try churn() }
        let settled = fileSize(path)

        let reader = try store.beginRead()
        var refused = 0
        for _ in 0..<100 {
            do { try churn() } catch StorageError.tooManyActiveVersions(let active, let maximum) {
                XCTAssertEqual(maximum, 40)
                XCTAssertGreaterThan(active, 40)
                refused += 1
            }
        }
        XCTAssertEqual(refused, 100 - 39, "commits past the cap must be refused")
        let pinned = fileSize(path)
        // At most 39 commits' worth of pages could pile up behind the reader.
        XCTAssertLessThan(pinned, settled + 39 * 600 * 4096)
        XCTAssertEqual(try reader.tree("t")!.count, 20_000)
        reader.abort()

        for _ in 0..<60 { try churn() }
        let after = fileSize(path)
        XCTAssertLessThanOrEqual(after, pinned, "pages freed behind the reader must be reused")
        XCTAssertTrue(try store.verify().isValid)
    }

    /// The file grows past its first map (16 MiB) while a reader holds the old map: the reader
    /// keeps reading its snapshot, and new readers see the grown file through a new map.
    func testFileGrowsPastTheMapWhileReaderHoldsOldOne() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        var options = StorageOptions()
        options.durability = .relaxed()
        let store = try Store(path: dir + "/grow.fief", options: options)
        try store.write { try $0.createTree("t").put(key(0), [1]) }
        let reader = try store.beginRead()
        let value = [UInt8](repeating: 9, count: 3000)
        for batch in 0..<8 {
            try store.write { txn in
                let t = try txn.tree("t")!
                for i in 0..<1000 { try t.put(key(1 + batch * 1000 + i), value) }
            }
        }
        XCTAssertGreaterThan(try store.info().fileSize, 20 << 20)
        XCTAssertEqual(try reader.tree("t")!.count, 1)
        XCTAssertEqual(try reader.tree("t")!.get(key(0)), [1])
        reader.abort()
        try store.read { txn in
            let t = try txn.tree("t")!
            XCTAssertEqual(t.count, 8001)
            XCTAssertEqual(try t.get(key(8000)), value)
        }
        XCTAssertTrue(try store.verify().isValid)
    }

    /// A process that uses the file alone (an exclusive `flock`, as builds of Fief without the
    /// lock file took) makes `Store(path:)` fail with `fileLocked`.
    func testSecondProcessGetsFileLocked() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/locked.fief"
        _ = try Store(path: path)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        // `cat` holds the lock until its input closes.
        holder.arguments = ["--exclusive", path, "cat"]
        let input = Pipe()
        holder.standardInput = input
        try holder.run()
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        // Wait until the other process holds the lock.
        var locked = false
        for _ in 0..<200 where !locked {
            do {
                _ = try Store(path: path)
                usleep(10_000)
            } catch StorageError.fileLocked(let lockedPath) {
                XCTAssertEqual(lockedPath, path)
                locked = true
            }
        }
        XCTAssertTrue(locked, "never saw the lock held by the other process")
    }

    func testHandlesInOneProcessShareTheStore() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let first = try Store(path: dir + "/shared.fief")
        let second = try Store(path: dir + "/./shared.fief")
        try first.write { try $0.createTree("t").put([1], [2]) }
        XCTAssertEqual(try second.read { try $0.tree("t")?.get([1]) }, [2])
        let memoryA = try Store(inMemoryIdentifier: "shared-memory")
        let memoryB = try Store(inMemoryIdentifier: "shared-memory")
        try memoryA.write { try $0.createTree("m").put([3], [4]) }
        XCTAssertEqual(try memoryB.read { try $0.tree("m")?.get([3]) }, [4])
    }

    func testInMemoryStoreIsDiscardedWithLastHandle() throws {
        do {
            let store = try Store(inMemoryIdentifier: "discard-me")
            try store.write { try $0.createTree("t").put([1], [1]) }
        }
        let again = try Store(inMemoryIdentifier: "discard-me")
        XCTAssertNil(try again.read { try $0.tree("t") })
    }

    private func fileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}

/// Thread-safe list of failure messages.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) { lock.lock(); if messages.count < 20 { messages.append(message) }; lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return messages }
}

/// A thread-safe boolean that turns on once.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
