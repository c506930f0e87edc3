import CrashWorkload
import Foundation
import XCTest
@testable import FiefStorage

/// Group commit on encrypted stores, and what an encrypted store does not offer (values read in
/// place for a whole transaction).
final class EncryptedGroupCommitTests: XCTestCase {
    private static let encryptionKey: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }

    private func options(pageSize: Int, cacheSize: Int? = nil) -> StorageOptions {
        var options = PowerLossHarness.options(pageSize: pageSize, relaxed: false)
        options.encryptionKey = Self.encryptionKey
        if let cacheSize { options.decryptedPageCacheSize = cacheSize }
        return options
    }

    /// Deferred commits on an encrypted store of 512-byte pages until the unsynced list no longer
    /// fits an encrypted meta page (fewer ranges than an unencrypted one): the group sync syncs
    /// first and writes a sealed, encrypted meta page, and what it acknowledged survives a power
    /// loss that keeps nothing unsynced.
    func testGroupSyncWritesEncryptedMetaPagesAndOverflowsAtTheEncryptedCapacity() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let file = try FaultInjectingFile(path: directory + "/group.fief")
        let store = try Store(file: file, options: options(pageSize: 512))
        XCTAssertLessThan(store.env.metaRangeCapacity, Layout.metaRangeCapacity(pageSize: 512))
        XCTAssertEqual(store.env.metaRangeCapacity, MetaPage.rangeCapacity(pageSize: 512, encrypted: true))
        try store.write { txn in
            let tree = try txn.createTree("t")
            for i in 0..<2000 { try tree.put(key(i), [UInt8](repeating: 1, count: 20)) }
        }
        var random = SeededRandom(seed: 21)
        try store.write { txn in
            for _ in 0..<300 { try txn.tree("t")!.put(key(Int(random.next() % 2000)), [UInt8](repeating: 1, count: 20)) }
        }
        for _ in 0..<2 { try store.write { try $0.tree("t")!.put(key(0), [UInt8](repeating: 1, count: 20)) } }

        // A first group: a few commits, a list that fits; the leader writes an encrypted meta page.
        var model: [Int: UInt8] = [:]
        var last: CommitTicket?
        for round in 0..<3 {
            let txn = try store.beginWrite()
            try txn.tree("t")!.put(key(round), [UInt8](repeating: UInt8(100 + round), count: 20))
            model[round] = UInt8(100 + round)
            last = try txn.commitDeferringSync()
        }
        XCTAssertLessThanOrEqual(store.env.coordinator.state.unsyncedRanges.count, store.env.metaRangeCapacity)
        try store.waitUntilDurable(last!)
        let slot = store.env.coordinator.state.durableSlot
        let raw = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/group.fief")))
        let version = raw.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: slot * 512 + Layout.metaVersionOffset, as: UInt32.self) }
        XCTAssertEqual(UInt32(littleEndian: version), Layout.encryptedFormatVersion, "the group sync's meta page is encrypted")

        // A second group whose list overflows the encrypted meta page.
        var round = 0
        while store.env.coordinator.state.unsyncedRanges.count <= store.env.metaRangeCapacity {
            let txn = try store.beginWrite()
            let i = Int(random.next() % 2000)
            try txn.tree("t")!.put(key(i), [UInt8](repeating: UInt8(round % 90), count: 20))
            model[i] = UInt8(round % 90)
            last = try txn.commitDeferringSync()
            round += 1
            XCTAssertLessThan(round, 500, "the unsynced list never overflowed")
            if round >= 500 { return }
        }
        let syncsBefore = file.completedSyncs
        try store.waitUntilDurable(last!)
        XCTAssertEqual(file.completedSyncs, syncsBefore + 2, "pages first, then the sealed meta page")
        XCTAssertTrue(store.env.coordinator.state.latestIsSealed)

        var images = SeededRandom(seed: 22)
        let image = file.powerLossImage(.nothing, random: &images)
        let imagePath = directory + "/image.fief"
        XCTAssertTrue(FileManager.default.createFile(atPath: imagePath, contents: Data(image)))
        XCTAssertThrowsError(try Store(path: imagePath), "an encrypted image needs the key")
        let recovered = try Store(path: imagePath, options: options(pageSize: 512))
        XCTAssertTrue(recovered.isEncrypted)
        XCTAssertTrue(try recovered.verify().isValid)
        try recovered.read { txn in
            let tree = try XCTUnwrap(txn.tree("t"))
            XCTAssertEqual(tree.count, 2000)
            for (i, byte) in model { XCTAssertEqual(try tree.get(key(i)), [UInt8](repeating: byte, count: 20), "key \(i)") }
        }
        withExtendedLifetime(store) {}
    }

    /// Deferred commits rewrite pages that earlier versions used (once a group sync made their
    /// freeing durable) while readers fill the shared decrypted-page cache, large enough to
    /// keep every page: every reader must see exactly its version, so the writer must drop each
    /// page it rewrites from the cache on the deferred path too.
    func testDeferredCommitsInvalidateTheDecryptedPageCache() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let store = try Store(path: directory + "/cache.fief", options: options(pageSize: 1024, cacheSize: 64 << 20))
        var model: [Int: [UInt8]] = [:]
        try store.write { txn in
            let tree = try txn.createTree("t")
            for i in 0..<400 {
                let value = [UInt8](repeating: 0, count: 40 + i % 300)
                try tree.put(key(i), value)
                model[i] = value
            }
        }
        var random = SeededRandom(seed: 23)
        for round in 1...60 {
            // Readers warm the cache with the pages of the current version.
            try store.read { txn in
                let tree = try XCTUnwrap(txn.tree("t"))
                for _ in 0..<50 {
                    let i = Int(random.next() % 400)
                    XCTAssertEqual(try tree.get(key(i)), model[i], "round \(round), key \(i)")
                }
            }
            let txn = try store.beginWrite()
            for _ in 0..<8 {
                let i = Int(random.next() % 400)
                let value = [UInt8](repeating: UInt8(round), count: 40 + Int(random.next() % 1500))
                try txn.tree("t")!.put(key(i), value)
                model[i] = value
            }
            let ticket = try txn.commitDeferringSync()
            if round % 3 == 0 { try store.waitUntilDurable(ticket) }
        }
        try store.read { txn in
            let tree = try XCTUnwrap(txn.tree("t"))
            for (i, value) in model { XCTAssertEqual(try tree.get(key(i)), value, "key \(i)") }
        }
        XCTAssertTrue(try store.verify().isValid)
    }

    /// `Tree.stableValue(forKey:)` hands out pointers that must stay valid for the whole read
    /// transaction: an encrypted store's values live in decrypted buffers the cache may evict,
    /// so it offers none. An unencrypted store does.
    func testEncryptedStoresOfferNoStableValues() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        for encrypted in [false, true] {
            var options = StorageOptions()
            if encrypted { options.encryptionKey = Self.encryptionKey }
            let store = try Store(path: directory + "/stable-\(encrypted).fief", options: options)
            let big = [UInt8]((0..<9000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            try store.write { txn in
                let tree = try txn.createTree("t")
                try tree.put(Array("small".utf8), [1, 2, 3])
                try tree.put(Array("big".utf8), big, compressible: false)
                XCTAssertFalse(tree.supportsStableValues, "never in a write transaction")
            }
            try store.read { txn in
                let tree = try XCTUnwrap(txn.tree("t"))
                XCTAssertEqual(tree.supportsStableValues, !encrypted)
                for (name, value) in [("small", [UInt8]([1, 2, 3])), ("big", big)] {
                    let stable = try Array(name.utf8).withUnsafeBytes { try tree.stableValue(forKey: $0) }
                    if encrypted {
                        XCTAssertNil(stable, "an encrypted store returns no stable value for \(name)")
                    } else {
                        XCTAssertEqual(stable.map { Array($0) }, value, name)
                    }
                    XCTAssertEqual(try tree.get(Array(name.utf8)), value)
                }
            }
        }
    }
}
