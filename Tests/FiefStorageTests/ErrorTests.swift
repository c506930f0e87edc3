import XCTest
@testable import FiefStorage

final class ErrorTests: XCTestCase {
    func testReadOnlyRefusesWrites() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/ro.fief"
        do { try Store(path: path).write { try $0.createTree("t").put([1], [1]) } }
        var options = StorageOptions()
        options.readOnly = true
        let store = try Store(path: path, options: options)
        XCTAssertThrowsError(try store.beginWrite()) { XCTAssertEqual($0 as? StorageError, .readOnly) }
        try store.read { txn in
            XCTAssertThrowsError(try txn.tree("t")!.put([2], [2])) { XCTAssertEqual($0 as? StorageError, .readOnly) }
        }
    }

    func testReadOnlyOpenOfMissingFileFails() {
        var options = StorageOptions()
        options.readOnly = true
        XCTAssertThrowsError(try Store(path: "/nonexistent-dir/none.fief", options: options)) { error in
            guard case .io(let operation, _, let code)? = error as? StorageError else { return XCTFail("\(error)") }
            XCTAssertEqual(operation, "open")
            XCTAssertEqual(code, ENOENT)
        }
    }

    func testKeyTooLargeAndBadOptions() throws {
        let store = try Store(inMemoryIdentifier: "limits")
        try store.write { txn in
            let t = try txn.createTree("t")
            XCTAssertEqual(t.maximumKeySize, 997)
            XCTAssertThrowsError(try t.put([UInt8](repeating: 1, count: 998), [])) { error in
                XCTAssertEqual(error as? StorageError, .keyTooLarge(length: 998, maximum: 997))
            }
            try t.put([UInt8](repeating: 1, count: 997), [UInt8](repeating: 2, count: 100_000))
            XCTAssertEqual(try t.get([UInt8](repeating: 1, count: 997))?.count, 100_000)
        }
        var options = StorageOptions()
        options.pageSize = 3000
        XCTAssertThrowsError(try Store(inMemoryIdentifier: "bad", options: options)) { error in
            guard case .invalidOption? = error as? StorageError else { return XCTFail("\(error)") }
        }
    }

    func testClosedTransactionIsAnError() throws {
        let store = try Store(inMemoryIdentifier: "closed")
        let txn = try store.beginWrite()
        let t = try txn.createTree("t")
        try txn.commit()
        XCTAssertThrowsError(try t.put([1], [1])) { XCTAssertEqual($0 as? StorageError, .transactionClosed) }
        XCTAssertThrowsError(try txn.commit()) { XCTAssertEqual($0 as? StorageError, .transactionClosed) }
    }

    func testAbortLeavesNoTrace() throws {
        let store = try Store(inMemoryIdentifier: "abort")
        try store.write { try $0.createTree("t").put([1], [1]) }
        let before = store.latestVersion
        let txn = try store.beginWrite()
        try txn.tree("t")!.put([2], [2])
        try txn.createTree("u").put([3], [3])
        txn.abort()
        XCTAssertEqual(store.latestVersion, before)
        try store.read { txn in
            XCTAssertEqual(try txn.treeNames(), ["t"])
            XCTAssertNil(try txn.tree("t")!.get([2]))
        }
        struct Oops: Error {}
        XCTAssertThrowsError(try store.write { txn in
            try txn.tree("t")!.put([9], [9])
            throw Oops()
        })
        XCTAssertNil(try store.read { try $0.tree("t")!.get([9]) })
        XCTAssertTrue(try store.verify().isValid)
    }

    func testLargeValuesCompressAndRoundTrip() throws {
        let store = try Store(inMemoryIdentifier: "large")
        let compressible = [UInt8](repeating: 0x61, count: 1_000_000)
        var rng = SeededRandom(seed: 5)
        let random = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        try store.write { txn in
            let t = try txn.createTree("blobs")
            try t.put([1], compressible)
            try t.put([2], random)
        }
        try store.read { txn in
            let t = try txn.tree("blobs")!
            XCTAssertEqual(try t.get([1]), compressible)
            XCTAssertEqual(try t.get([2]), random)
        }
        let info = try store.info()
        // One megabyte of 'a' compresses to a few pages; the random value cannot shrink. (The
        // file's first 16 pages are the meta pages and the head pages kept for roots.)
        XCTAssertLessThan(info.pageCount, 16 + 10 + UInt64(300_000 / 4096 + 2) + 5)
        XCTAssertTrue(try store.verify().isValid)
    }
}
