import Foundation
import XCTest
import FiefStorage

/// Replays the fuzzing inputs kept in `Fuzz/` without libFuzzer.
///
/// - `Fuzz/corpus/file/`: the `fuzz-file` seeds, real stores; each must open, read and verify
///   as valid, take a write, and stay valid.
/// - `Fuzz/regressions/fuzz-file/`: inputs that once crashed `fuzz-file`; each must now end in
///   success or a `StorageError`, and a store that verifies as valid must read consistently.
///
/// This is a compact copy of `Fuzz/Sources/FuzzSupport/FileHarness.swift` (the root package
/// cannot depend on the fuzz package); `Fuzz/.build/debug/fuzz-replay` runs the full harness.
final class FuzzRegressionTests: XCTestCase {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    func testFileSeedCorpusIsValid() throws {
        let files = inputs("corpus/file")
        XCTAssertFalse(files.isEmpty, "no seeds in Fuzz/corpus/file")
        for file in files { try replayStoreFile(file, mustBeValid: true) }
    }

    func testFileRegressions() throws {
        for file in inputs("regressions/fuzz-file") { try replayStoreFile(file, mustBeValid: false) }
    }

    /// The key `make-seeds` encrypts seeds with (the same bytes as FileHarness.fuzzKey).
    static let fuzzKey: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }

    /// Whether opening without a key says the file is encrypted.
    static func isEncrypted(_ path: String) -> Bool {
        var options = StorageOptions()
        options.readOnly = true
        do {
            _ = try Store(path: path, options: options)
            return false
        } catch StorageError.encryptionKeyRequired {
            return true
        } catch {
            return false
        }
    }

    /// The `.bin` files under `Fuzz/<directory>`, sorted.
    private func inputs(_ directory: String) -> [URL] {
        let url = Self.fuzzDirectory.appendingPathComponent(directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".bin") }.sorted().map { url.appendingPathComponent($0) }
    }

    /// Opens the file read-only (checksums on), then writable (checksums off) and writes.
    private func replayStoreFile(_ file: URL, mustBeValid: Bool) throws {
        let dir = makeTemporaryDirectory("fuzz-\(file.lastPathComponent)")
        defer { removeDirectory(dir) }
        let path = dir + "/input.fief"
        try Data(contentsOf: file).write(to: URL(fileURLWithPath: path))
        let name = file.lastPathComponent
        var options = StorageOptions()
        options.readOnly = true
        // Encrypted inputs are opened with the key of the encrypted seeds, as fuzz-file does
        // (FileHarness.fuzzKey in Fuzz/Sources/FuzzSupport).
        if Self.isEncrypted(path) { options.encryptionKey = Self.fuzzKey }
        var valid = false
        expectOnlyStorageErrors(name, mustSucceed: mustBeValid) {
            valid = try inspect(Store(path: path, options: options), name)
            if mustBeValid { XCTAssertTrue(valid, "\(name): seed does not verify") }
        }
        options.readOnly = false
        options.verifyChecksums = false
        expectOnlyStorageErrors(name, mustSucceed: valid) {
            let store = try Store(path: path, options: options)
            let validBefore = try inspect(store, name)
            try store.write { txn in
                let tree = try txn.createTree("fuzz-write")
                try tree.put(Array("small".utf8), [1, 2, 3])
                try tree.put(Array("large".utf8), (0..<3000).map { UInt8(truncatingIfNeeded: $0 * 7 / 100) })
            }
            let validAfter = try inspect(store, name)
            if validBefore { XCTAssertTrue(validAfter, "\(name): a valid store is invalid after a write") }
        }
    }

    /// Reads every tree every way, verifies; when the store is valid, the reads must agree.
    private func inspect(_ store: Store, _ name: String) throws -> Bool {
        var forward: [String: [[UInt8]]] = [:]
        var consistent = true
        var readError: Error?
        do {
            try store.read { txn in
                var budget = 200_000
                for treeName in try txn.treeNames() {
                    guard let tree = try txn.tree(treeName) else { consistent = false; continue }
                    var keys: [[UInt8]] = []
                    try tree.forEach { key, _ in keys.append(Array(key)); budget -= 1; return budget > 0 }
                    var reverse: [[UInt8]] = []
                    try tree.forEach(reverse: true) { key, _ in reverse.append(Array(key)); budget -= 1; return budget > 0 }
                    var cursor = tree.makeCursor()
                    var cursorKeys: [[UInt8]] = []
                    var more = try cursor.last()
                    while more && budget > 0 { cursorKeys.append(cursor.key); budget -= 1; more = try cursor.previous() }
                    for key in keys.prefix(max(budget, 0)) where try tree.get(key) == nil { consistent = false }
                    if budget <= 0 { return }
                    consistent = consistent && reverse == keys.reversed() && cursorKeys == reverse && keys.count == tree.count
                    forward[treeName] = keys
                }
            }
        } catch {
            readError = error
        }
        let report = try store.verify()
        guard report.isValid else { return false }
        XCTAssertNil(readError, "\(name): verify() says valid but reading threw \(String(describing: readError))")
        XCTAssertTrue(consistent, "\(name): a valid store reads inconsistently")
        let verified = Dictionary(uniqueKeysWithValues: report.trees.map { ($0.name, Int($0.entries)) })
        XCTAssertEqual(verified, forward.mapValues(\.count), "\(name): verify() and the reads disagree")
        return true
    }

    private func expectOnlyStorageErrors(_ name: String, mustSucceed: Bool, _ body: () throws -> Void) {
        do {
            try body()
        } catch let error as StorageError {
            if mustSucceed { XCTFail("\(name): \(error)") }
        } catch {
            XCTFail("\(name): threw an error that is not a StorageError: \(error)")
        }
    }
}
