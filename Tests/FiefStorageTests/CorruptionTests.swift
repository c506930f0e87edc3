import Foundation
import XCTest
@testable import FiefStorage

/// Flipping any byte of any page that holds data must be noticed: reading or verifying the file
/// reports a typed error naming the page, never wrong data and never a crash.
final class CorruptionTests: XCTestCase {
    func testEveryByteFlipIsDetected() throws {
        try everyByteFlipIsDetected(encryptionKey: nil, stride: 1)
    }

    /// The same for an encrypted store: every page byte, cipher trailers included (every third
    /// byte, to keep the time reasonable). A damaged meta page must never pass for a wrong key.
    func testEveryByteFlipIsDetectedEncrypted() throws {
        try everyByteFlipIsDetected(encryptionKey: (0..<64).map { UInt8(255 - $0) }, stride: 3)
    }

    private func everyByteFlipIsDetected(encryptionKey: [UInt8]?, stride: Int) throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/original.fief"
        var options = StorageOptions()
        options.pageSize = 512
        options.encryptionKey = encryptionKey
        var expected: [[UInt8]: [UInt8]] = [:]
        let version: UInt64
        do {
            let store = try Store(path: path, options: options)
            try store.write { txn in
                let t = try txn.createTree("t")
                for i in 0..<60 {
                    let v = [UInt8](repeating: UInt8(i), count: i == 7 ? 1500 : 20) // one overflow value
                    try t.put(key(i), v)
                    expected[key(i)] = v
                }
            }
            try store.write { txn in
                let t = try txn.tree("t")!
                for i in 0..<5 { try t.delete(key(i)); expected[key(i)] = nil }
            }
            version = store.latestVersion
        }
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let pageSize = 512
        let pages = original.count / pageSize
        let freePages = try freePageSet(path: path, key: encryptionKey)
        let damaged = dir + "/damaged.fief"
        var checked = 0
        for page in 0..<pages where !freePages.contains(UInt64(page)) {
            for offset in Swift.stride(from: page % stride, to: pageSize, by: stride) {
                var bytes = original
                bytes[page * pageSize + offset] ^= 0x5A
                try bytes.write(to: URL(fileURLWithPath: damaged))
                let outcome = openAndReadEverything(damaged, expected: expected, version: version, key: encryptionKey)
                switch outcome {
                case .detected:
                    break
                case .fellBackToOlderVersion, .undetected:
                    // A damaged meta page is ignored: its twin (the sealed copy of the same
                    // version, or the previous version) serves, with correct data.
                    XCTAssertLessThan(page, 2, "flip at page \(page) offset \(offset) went unnoticed")
                case let .wrongData(message):
                    XCTFail("page \(page) offset \(offset): \(message)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1000 / stride)
    }

    enum Outcome: Equatable {
        case detected, fellBackToOlderVersion, undetected
        case wrongData(String)
    }

    private func openAndReadEverything(_ path: String, expected: [[UInt8]: [UInt8]], version: UInt64,
                                       key: [UInt8]? = nil) -> Outcome {
        do {
            var options = StorageOptions()
            options.readOnly = true
            options.encryptionKey = key
            let store = try Store(path: path, options: options)
            let report = try store.verify()
            if !report.isValid {
                XCTAssertTrue(report.problems.allSatisfy { $0.page != 0 || !$0.reason.isEmpty })
                return .detected
            }
            var found: [[UInt8]: [UInt8]] = [:]
            try store.read { txn in
                try txn.tree("t")?.forEach { k, v in found[Array(k)] = Array(v); return true }
            }
            if found == expected { return store.latestVersion == version ? .undetected : .fellBackToOlderVersion }
            if store.latestVersion < version { return .fellBackToOlderVersion }
            return .wrongData("read \(found.count) entries, expected \(expected.count)")
        } catch StorageError.wrongEncryptionKey {
            return .wrongData("damage reported as a wrong key")
        } catch is StorageError {
            return .detected
        } catch {
            return .wrongData("unexpected error \(error)")
        }
    }

    private func freePageSet(path: String, key: [UInt8]?) throws -> Set<UInt64> {
        var options = StorageOptions()
        options.readOnly = true
        options.encryptionKey = key
        let store = try Store(path: path, options: options)
        return try store.read { txn in
            let allocator = try PageAllocator.load(txn.snapshot.meta, from: txn.mapped).allocator
            return Set(allocator.reusable + allocator.pending.flatMap(\.pages))
        }
    }

    func testDamagedPageIsNamedInTheError() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/named.fief"
        do {
            let store = try Store(path: path)
            try store.write { txn in
                let t = try txn.createTree("t")
                for i in 0..<2000 { try t.put(key(i), [UInt8](repeating: 1, count: 50)) }
            }
        }
        // Page 3 is a leaf in a fresh file (pages are handed out from the front).
        let handle = FileHandle(forUpdatingAtPath: path)!
        try handle.seek(toOffset: 3 * 4096 + 200)
        handle.write(Data([0xFF, 0xFF]))
        try handle.close()
        let store = try Store(path: path)
        let report = try store.verify()
        XCTAssertFalse(report.isValid)
        XCTAssertTrue(report.problems.contains { $0.page == 3 && $0.reason.contains("checksum") }, "\(report)")
        XCTAssertThrowsError(try store.read { txn in
            try txn.tree("t")!.forEach { _, _ in true }
        }) { error in
            XCTAssertEqual(error as? StorageError, .corruptPage(page: 3, reason: "checksum mismatch"))
        }
    }

    func testNotAStoreFileIsATypedError() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/text.fief"
        try Data(repeating: 0x41, count: 10_000).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Store(path: path)) { error in
            guard case .corruptFile(let p, _)? = error as? StorageError else { return XCTFail("\(error)") }
            XCTAssertEqual(p, path)
        }
    }

    func testNewerFormatVersionIsRefused() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/future.fief"
        _ = try Store(path: path)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for slot in 0..<2 {
            let base = slot * 4096
            bytes[base + Layout.metaVersionOffset] = 9
            let checksum = bytes.withUnsafeBytes { PageChecksum.compute($0.baseAddress! + base, length: 4096, pageNumber: UInt64(slot)) }
            withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(base..<base + 4, with: $0) }
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Store(path: path)) { error in
            XCTAssertEqual(error as? StorageError, .unsupportedFormatVersion(found: 9, supported: 2))
        }
    }
}
