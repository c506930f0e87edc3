import Foundation
import XCTest
@testable import FiefStorage

/// Encryption at rest: no plaintext reaches the disk, keys are told apart from damage, and an
/// encrypted store behaves like an unencrypted one.
final class EncryptionTests: XCTestCase {
    static let keyA: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 3 &+ 1) }
    static let keyB: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 5 &+ 2) }
    static let marker = Array("FIEF-MARKER-7d3a".utf8)

    private func options(_ key: [UInt8]?, pageSize: Int = 4096) -> StorageOptions {
        var options = StorageOptions()
        options.pageSize = pageSize
        options.encryptionKey = key
        return options
    }

    /// Keys and values of every kind (inline, plain overflow, LZ4 overflow) and a tree name carry
    /// the marker; after commits, deletes and close, no file in the directory contains it.
    /// The same workload without a key does leave it in the file, so the scan would see it.
    func testNoPlaintextReachesTheDisk() throws {
        for key in [Self.keyA, nil] {
            let dir = makeTemporaryDirectory()
            defer { removeDirectory(dir) }
            try writeMarkers(path: dir + "/store.fief", options: options(key))
            var found = false
            for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)))
                if contains(bytes, Self.marker) || contains(bytes, Array("marker-tree".utf8)) { found = true }
            }
            XCTAssertEqual(found, key == nil, key == nil ? "the scan must see plaintext markers" : "plaintext reached the disk")
        }
    }

    private func writeMarkers(path: String, options: StorageOptions) throws {
        let store = try Store(path: path, options: options)
        var random = SeededRandom(seed: 9)
        let m = Self.marker
        for round in 0..<4 {
            try store.write { txn in
                let tree = try txn.createTree("marker-tree")
                for i in 0..<200 {
                    try tree.put(m + key(round * 1000 + i), m + key(i))                       // inline
                }
                // Incompressible overflow value with the marker inside.
                let noise = (0..<9000).map { _ in UInt8.random(in: 0...255, using: &random) }
                try tree.put(m + Array("plain".utf8) + key(round), m + noise + m)
                // Compressible overflow value: stored LZ4-compressed.
                try tree.put(m + Array("lz4".utf8) + key(round), Array((0..<800).map { _ in m }.joined()))
            }
            try store.write { txn in
                let tree = try txn.tree("marker-tree")!
                for i in stride(from: 0, to: 200, by: 3) { try tree.delete(m + key(round * 1000 + i)) }
            }
        }
        XCTAssertTrue(try store.verify().isValid)
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return true }
        }
        return false
    }

    func testRoundTripAcrossReopenAndPageSizes() throws {
        for pageSize in [512, 4096, 65_536] {
            let dir = makeTemporaryDirectory()
            defer { removeDirectory(dir) }
            let path = dir + "/store.fief"
            var expected: [[UInt8]: [UInt8]] = [:]
            do {
                let store = try Store(path: path, options: options(Self.keyA, pageSize: pageSize))
                XCTAssertTrue(store.isEncrypted)
                XCTAssertEqual(store.pageSize, pageSize)
                try store.write { txn in
                    let tree = try txn.createTree("t")
                    for i in 0..<500 {
                        let value = [UInt8](repeating: UInt8(i % 251), count: i % 50 == 0 ? 3 * pageSize : i % 90)
                        try tree.put(key(i), value)
                        expected[key(i)] = value
                    }
                }
                let info = try store.info()
                XCTAssertEqual(info.formatVersion, 2)
                XCTAssertTrue(info.isEncrypted)
            }
            let store = try Store(path: path, options: options(Self.keyA))
            let report = try store.verify()
            XCTAssertTrue(report.isValid, "\(report)")
            var found: [[UInt8]: [UInt8]] = [:]
            try store.read { txn in try txn.tree("t")!.forEach { k, v in found[Array(k)] = Array(v); return true } }
            XCTAssertEqual(found, expected, "page size \(pageSize)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertEqual(bytes[24], 2, "format version 2 in the clear part of the meta page")
            // FORMAT.md 14.2: every page ends with the 40-byte trailer (clear txn, nonce, tag, 4 zero bytes).
            let version = store.latestVersion
            for page in 0..<(bytes.count / pageSize) {
                let end = (page + 1) * pageSize
                XCTAssertEqual(Array(bytes[end - 4..<end]), [0, 0, 0, 0], "page \(page)")
                let txn = bytes[end - 40..<end - 32].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                XCTAssertLessThanOrEqual(txn, version, "page \(page)")
            }
            let maximumKeySize = try store.read { try $0.tree("t")!.maximumKeySize }
            XCTAssertEqual(maximumKeySize, (pageSize - 40 - 24) / 4 - 2 - 19)
            if pageSize == 4096 { XCTAssertEqual(maximumKeySize, 987) }
        }
    }

    func testKeyProblemsAreTypedErrors() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let encrypted = dir + "/encrypted.fief", plain = dir + "/plain.fief"
        do {
            let store = try Store(path: encrypted, options: options(Self.keyA))
            try store.write { try $0.createTree("t").put(key(1), key(2)) }
            _ = try Store(path: plain, options: options(nil))
        }
        XCTAssertThrowsError(try Store(path: encrypted, options: options(Self.keyB))) {
            XCTAssertEqual($0 as? StorageError, .wrongEncryptionKey(path: encrypted))
        }
        XCTAssertThrowsError(try Store(path: encrypted, options: options(nil))) {
            XCTAssertEqual($0 as? StorageError, .encryptionKeyRequired(path: encrypted))
        }
        XCTAssertThrowsError(try Store(path: plain, options: options(Self.keyA))) {
            XCTAssertEqual($0 as? StorageError, .notEncrypted(path: plain))
        }
        XCTAssertThrowsError(try Store(path: dir + "/new.fief", options: options(Array(Self.keyA.prefix(32))))) {
            XCTAssertEqual($0 as? StorageError, .invalidEncryptionKey(length: 32))
        }
        // After all that, the right key still opens the file with its content.
        let store = try Store(path: encrypted, options: options(Self.keyA))
        XCTAssertEqual(try store.read { try $0.tree("t")?.get(key(1)) }, key(2))
    }

    /// A wrong key stays a wrong key even when one meta page is damaged; damage to a data page
    /// is reported as a corrupt page with its number, never as a wrong key.
    func testDamageIsNotAWrongKey() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/store.fief"
        var leaf: UInt64 = 0
        do {
            let store = try Store(path: path, options: options(Self.keyA, pageSize: 512))
            try store.write { txn in
                let tree = try txn.createTree("t")
                for i in 0..<100 { try tree.put(key(i), [UInt8](repeating: 7, count: 30)) }
            }
            leaf = try store.read { txn in
                _ = try txn.tree("t")!.get(key(0))
                return txn.catalog.root.page
            }
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Damage the catalog's page (inside its ciphertext).
        bytes[Int(leaf) * 512 + 100] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path))
        let store = try Store(path: path, options: options(Self.keyA))
        XCTAssertThrowsError(try store.read { try $0.tree("t") }) {
            guard case let .corruptPage(page, reason)? = $0 as? StorageError else { return XCTFail("\($0)") }
            XCTAssertEqual(page, leaf)
            XCTAssertTrue(reason.contains("authentication"), reason)
        }
        let report = try store.verify()
        XCTAssertFalse(report.isValid)
        XCTAssertEqual(report.problems.first?.page, leaf)
        // A second handle in the same process must present the same key.
        XCTAssertThrowsError(try Store(path: path, options: options(Self.keyB))) {
            XCTAssertEqual($0 as? StorageError, .wrongEncryptionKey(path: path))
        }
        // Damage one meta page: the other serves; a wrong key is still a wrong key.
        var metaDamaged = bytes
        metaDamaged[200] ^= 0x10
        try metaDamaged.write(to: URL(fileURLWithPath: dir + "/meta.fief"))
        XCTAssertThrowsError(try Store(path: dir + "/meta.fief", options: options(Self.keyB))) {
            XCTAssertEqual($0 as? StorageError, .wrongEncryptionKey(path: dir + "/meta.fief"))
        }
    }

    /// A process that stops without closing leaves meta pages that list unsynced pages; recovery
    /// of an encrypted file must decrypt and accept them when they are intact (and open the
    /// newest commit), and reject the newest commit when one of them is damaged.
    func testRecoveryChecksEncryptedUnsyncedPages() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        var opts = options(Self.keyA, pageSize: 1024)
        opts.durability = .relaxed(interval: 1e9)
        let store = try Store(path: dir + "/live.fief", options: opts)
        for round in 0..<6 {
            try store.write { txn in
                let tree = try txn.createTree("t")
                for i in 0..<40 { try tree.put(key(round * 100 + i), [UInt8](repeating: UInt8(round), count: i == 0 ? 5000 : 50)) }
            }
        }
        let newest = store.latestVersion
        XCTAssertFalse(store.env.coordinator.state.latestIsSealed, "the newest meta page lists unsynced pages")
        let image = try Data(contentsOf: URL(fileURLWithPath: dir + "/live.fief"))
        try image.write(to: URL(fileURLWithPath: dir + "/image.fief"))
        do {
            let copy = try Store(path: dir + "/image.fief", options: options(Self.keyA))
            XCTAssertEqual(copy.latestVersion, newest)
            XCTAssertTrue(try copy.verify().isValid)
            XCTAssertEqual(try copy.read { try $0.tree("t")!.count }, 240)
        }
        // Damage the newest commit's overflow run: recovery falls back to an older version.
        let choice = try Recovery.chooseMeta(file: PosixFile(path: dir + "/live.fief", readOnly: true, create: false), key: Self.keyA)
        let listed = try XCTUnwrap(choice.meta.unsyncedRanges.last)
        var damaged = image
        damaged[Int(listed.first) * 1024 + 10] ^= 0x40
        try damaged.write(to: URL(fileURLWithPath: dir + "/damaged.fief"))
        let fallback = try Store(path: dir + "/damaged.fief", options: options(Self.keyA))
        XCTAssertLessThan(fallback.latestVersion, newest)
        XCTAssertTrue(try fallback.verify().isValid)
    }

    /// Readers on old snapshots keep seeing their version while the writer reuses pages (the
    /// decrypted-page cache must never serve a reused page's old or new content to the wrong
    /// reader), and a small cache evicts without disturbing readers in the middle of a scan.
    func testSnapshotsAndCacheUnderReuse() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        var opts = options(Self.keyA, pageSize: 512)
        opts.decryptedPageCacheSize = 8 * 512
        let store = try Store(path: dir + "/store.fief", options: opts)
        try store.write { txn in
            let tree = try txn.createTree("t")
            for i in 0..<400 { try tree.put(key(i), [UInt8](repeating: 0, count: 40)) }
        }
        for round in 1...30 {
            let reader = try store.beginRead()
            let expected = UInt8(round - 1)
            try store.write { txn in
                let tree = try txn.tree("t")!
                for i in stride(from: round % 7, to: 400, by: 5) { try tree.put(key(i), [UInt8](repeating: UInt8(round), count: 40)) }
            }
            var seen = 0
            try reader.tree("t")!.forEach { k, v in
                let i = Int(k[k.count - 1]) | Int(k[k.count - 2]) << 8
                let last = Self.lastRound(touching: i, before: round)
                XCTAssertEqual(v.first, UInt8(last), "round \(round) key \(i)")
                XCTAssertLessThanOrEqual(UInt8(last), expected)
                seen += 1
                return true
            }
            XCTAssertEqual(seen, 400)
            reader.abort()
        }
        XCTAssertTrue(try store.verify().isValid)
        XCTAssertLessThanOrEqual(store.env.encryption!.cache.bytes, 8 * 512 + 512)
    }

    /// The last round before `round` whose write touched key `i` (round r writes the keys
    /// `r % 7, r % 7 + 5, ...`); 0 for the initial load.
    private static func lastRound(touching i: Int, before round: Int) -> Int {
        var last = 0
        for r in 1..<round where i >= r % 7 && (i - r % 7) % 5 == 0 { last = r }
        return last
    }
}
