import Foundation
import XCTest
@testable import FiefStorage

/// Space given back: after most keys are deleted, the next commits reuse the lowest free pages
/// and truncate the free tail, so the file shrinks without compaction.
final class FreeSpaceTests: XCTestCase {
    func testDeletingNinetyPercentShrinksTheFile() throws {
        for encrypted in [false, true] {
            let dir = makeTemporaryDirectory()
            defer { removeDirectory(dir) }
            let path = dir + "/store.fief"
            var options = StorageOptions()
            if encrypted { options.encryptionKey = (0..<64).map { UInt8($0 ^ 0x5C) } }
            let store = try Store(path: path, options: options)
            let total = 50_000
            for batch in 0..<5 {
                try store.write { txn in
                    let tree = try txn.createTree("t")
                    for i in stride(from: batch, to: total, by: 5) { try tree.put(key(i), [UInt8](repeating: UInt8(i % 256), count: 100)) }
                }
            }
            let full = try size(path)
            // Delete 90% of the keys, spread over the whole key range (every key not divisible by 10).
            try store.write { txn in
                let tree = try txn.tree("t")!
                for i in 0..<total where i % 10 != 0 { try tree.delete(key(i)) }
            }
            let afterDelete = try size(path)
            // A few more small transactions: each copies pages to the lowest free ones and cuts
            // the free tail.
            var afterCommits: [UInt64] = []
            for round in 0..<8 {
                try store.write { txn in
                    let tree = try txn.tree("t")!
                    for i in stride(from: round * 10, to: total, by: 2_000) { try tree.put(key(i), [UInt8](repeating: 1, count: 100)) }
                }
                afterCommits.append(try size(path))
            }
            let report = try store.verify()
            XCTAssertTrue(report.isValid, "\(report)")
            XCTAssertEqual(try store.read { try $0.tree("t")!.count }, total / 10)
            try store.writeCopy(toPath: dir + "/compacted.fief", options: options)
            let compacted = try size(dir + "/compacted.fief")
            print("free space (encrypted: \(encrypted)): \(total) keys of 100 B: \(full / 1024) KiB; after deleting 90%: "
                  + "\(afterDelete / 1024) KiB; after each of 8 small commits: \(afterCommits.map { $0 / 1024 }) KiB; "
                  + "compacted copy: \(compacted / 1024) KiB; free pages left \(report.freePages) of \(report.pageCount)")
            XCTAssertLessThan(afterCommits.last!, full, "the file gave space back")
            XCTAssertLessThan(afterCommits.last!, full / 2, "most of the space came back")
        }
    }

    private func size(_ path: String) throws -> UInt64 {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)!.uint64Value
    }
}
