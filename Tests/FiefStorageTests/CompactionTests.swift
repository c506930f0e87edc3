import Foundation
import XCTest
@testable import FiefStorage

/// `Store.writeCopy(toPath:options:)` and `Store.compact(path:options:)`: compact copies with
/// the same content, every combination of keys, and crash safety at every step.
final class CompactionTests: XCTestCase {
    static let keyA: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 11 &+ 5) }
    static let keyB: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 7) }

    /// A simulated crash thrown from an interruption point.
    struct SimulatedCrash: Error {}

    typealias Content = [String: [[UInt8]: [UInt8]]]

    private func options(_ key: [UInt8]?) -> StorageOptions {
        var options = StorageOptions()
        options.pageSize = 1024
        options.encryptionKey = key
        return options
    }

    /// Fills a store with three trees (one left empty), then deletes most entries, so that the
    /// file holds many free pages. Returns the content.
    @discardableResult
    private func fill(_ path: String, key encryptionKey: [UInt8]?) throws -> Content {
        let store = try Store(path: path, options: options(encryptionKey))
        var content: Content = ["empty": [:]]
        var random = SeededRandom(seed: 77)
        try store.write { txn in
            try txn.createTree("empty")
            for name in ["small", "large"] {
                let tree = try txn.createTree(name)
                for i in 0..<(name == "small" ? 3000 : 60) {
                    let length = name == "small" ? Int.random(in: 0...80, using: &random) : Int.random(in: 2000...9000, using: &random)
                    let compressible = i % 2 == 0
                    let value = (0..<length).map { compressible ? UInt8($0 % 7) : UInt8.random(in: 0...255, using: &random) }
                    try tree.put(key(i), value)
                    content[name, default: [:]][key(i)] = value
                }
            }
        }
        try store.write { txn in
            for name in ["small", "large"] {
                let tree = try txn.tree(name)!
                for k in content[name]!.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) where k.last! % 10 != 0 {
                    try tree.delete(k)
                    content[name]![k] = nil
                }
            }
        }
        return content
    }

    private func read(_ path: String, key: [UInt8]?) throws -> (Content, VerificationReport, StoreInfo) {
        let store = try Store(path: path, options: options(key))
        let report = try store.verify()
        let info = try store.info()
        let content: Content = try store.read { txn in
            var content: Content = [:]
            for name in try txn.treeNames() {
                content[name] = [:]
                try txn.tree(name)!.forEach { k, v in content[name]![Array(k)] = Array(v); return true }
            }
            return content
        }
        return (content, report, info)
    }

    private func size(_ path: String) throws -> UInt64 {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)!.uint64Value
    }

    /// Plain to plain, plain to encrypted, encrypted to plain, and re-keying: the copy has the
    /// same content, passes verification, has no free pages and is smaller.
    func testWriteCopyEncryptsDecryptsAndRekeys() throws {
        let cases: [([UInt8]?, [UInt8]?)] = [(nil, nil), (nil, Self.keyA), (Self.keyA, nil), (Self.keyA, Self.keyB)]
        for (sourceKey, copyKey) in cases {
            let dir = makeTemporaryDirectory()
            defer { removeDirectory(dir) }
            let content = try fill(dir + "/source.fief", key: sourceKey)
            do {
                let store = try Store(path: dir + "/source.fief", options: options(sourceKey))
                try store.writeCopy(toPath: dir + "/copy.fief", options: options(copyKey))
                XCTAssertThrowsError(try store.writeCopy(toPath: dir + "/copy.fief", options: options(copyKey))) {
                    XCTAssertEqual($0 as? StorageError, .fileExists(path: dir + "/copy.fief"))
                }
            }
            let label = "\(sourceKey == nil ? "plain" : "encrypted") to \(copyKey == nil ? "plain" : "encrypted")"
            let (copied, report, info) = try read(dir + "/copy.fief", key: copyKey)
            XCTAssertTrue(report.isValid, "\(label): \(report)")
            XCTAssertEqual(copied, content, label)
            XCTAssertEqual(info.isEncrypted, copyKey != nil, label)
            // Only head pages (kept for the roots of trees, at most 14) can be free.
            XCTAssertLessThan(info.freePages, 14, label)
            XCTAssertLessThan(try size(dir + "/copy.fief"), try size(dir + "/source.fief") / 2, label)
            XCTAssertEqual(try storeFiles(in: dir).sorted(), ["copy.fief", "source.fief"])
            if let copyKey {
                let wrong = copyKey == Self.keyA ? Self.keyB : Self.keyA
                XCTAssertThrowsError(try Store(path: dir + "/copy.fief", options: options(wrong))) {
                    XCTAssertEqual($0 as? StorageError, .wrongEncryptionKey(path: dir + "/copy.fief"))
                }
            }
        }
    }

    func testCompactInPlace() throws {
        for key in [nil, Self.keyA] {
            let dir = makeTemporaryDirectory()
            defer { removeDirectory(dir) }
            let path = dir + "/store.fief"
            let content = try fill(path, key: key)
            let report = try Store.compact(path: path, options: options(key))
            XCTAssertLessThan(report.sizeAfter, report.sizeBefore / 2)
            XCTAssertEqual(report.sizeAfter, try size(path))
            let (compacted, verification, info) = try read(path, key: key)
            XCTAssertTrue(verification.isValid, "\(verification)")
            XCTAssertEqual(compacted, content)
            XCTAssertLessThan(info.freePages, 14, "only head pages can be free")
            XCTAssertEqual(try storeFiles(in: dir), ["store.fief"])
        }
    }

    func testCompactRefusesAnOpenStore() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let store = try Store(path: dir + "/store.fief")
        XCTAssertThrowsError(try Store.compact(path: dir + "/store.fief")) {
            guard case .invalidOption? = $0 as? StorageError else { return XCTFail("\($0)") }
        }
        withExtendedLifetime(store) {}
    }

    /// A crash at each step of an in-place compaction leaves a file at the path that opens,
    /// verifies and holds the same content (the old file before the rename, the new one after);
    /// the next compaction succeeds and removes the stale temporary file.
    func testCompactionCrashAtEveryStep() throws {
        for key in [nil, Self.keyA] {
            for step in CopyStep.allCases {
                let dir = makeTemporaryDirectory()
                defer { removeDirectory(dir) }
                let path = dir + "/store.fief"
                let content = try fill(path, key: key)
                let sizeBefore = try size(path)
                XCTAssertThrowsError(try Store.compact(path: path, options: options(key)) { current in
                    if current == step { throw SimulatedCrash() }
                }) { XCTAssertTrue($0 is SimulatedCrash) }
                let (found, report, _) = try read(path, key: key)
                XCTAssertTrue(report.isValid, "\(step): \(report)")
                XCTAssertEqual(found, content, "\(step)")
                let renamed = step == .renamed || step == .directorySynced
                XCTAssertEqual(try size(path) < sizeBefore, renamed, "\(step): the old file until the rename, the new one after")
                try Store.compact(path: path, options: options(key))
                XCTAssertEqual(try read(path, key: key).0, content, "\(step)")
                XCTAssertEqual(try storeFiles(in: dir), ["store.fief"], "\(step)")
            }
        }
    }

    /// A crash while writing a copy leaves nothing at the destination before the rename, and the
    /// complete copy after it.
    func testWriteCopyCrashAtEveryStep() throws {
        for step in CopyStep.allCases {
            let dir = makeTemporaryDirectory()
            defer { removeDirectory(dir) }
            let content = try fill(dir + "/source.fief", key: nil)
            let store = try Store(path: dir + "/source.fief", options: options(nil))
            XCTAssertThrowsError(try store.writeCopy(toPath: dir + "/copy.fief", options: options(Self.keyB), replacing: false) {
                if $0 == step { throw SimulatedCrash() }
            })
            let exists = FileManager.default.fileExists(atPath: dir + "/copy.fief")
            XCTAssertEqual(exists, step == .renamed || step == .directorySynced, "\(step)")
            if exists {
                XCTAssertEqual(try read(dir + "/copy.fief", key: Self.keyB).0, content, "\(step)")
            } else {
                try store.writeCopy(toPath: dir + "/copy.fief", options: options(Self.keyB))
                XCTAssertEqual(try read(dir + "/copy.fief", key: Self.keyB).0, content, "\(step)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/copy.fief.fief-writing"), "\(step)")
        }
    }
}

/// The files in `dir` other than lock files (which stay beside a store, FORMAT.md section 11).
private func storeFiles(in dir: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasSuffix(".lock") }
}
