import XCTest
@testable import FiefStorage

final class CursorTests: XCTestCase {
    func testCursorSurvivesDeletesInWriteTransaction() throws {
        let store = try Store(inMemoryIdentifier: "cursor-delete")
        try store.write { txn in
            let t = try txn.createTree("t")
            for i in 0..<3000 { try t.put(key(i), key(i)) }
            // Delete every other entry while walking forward.
            var cursor = t.makeCursor()
            var more = try cursor.first()
            var visited = 0
            while more {
                let k = cursor.key
                visited += 1
                if k.last! % 2 == 0 { try t.delete(k) }
                more = try cursor.next()
            }
            XCTAssertEqual(visited, 3000)
            XCTAssertEqual(t.count, 1500)
        }
        try store.read { txn in
            let t = try txn.tree("t")!
            var cursor = t.makeCursor()
            XCTAssertTrue(try cursor.last())
            XCTAssertEqual(cursor.key, key(2999))
            XCTAssertTrue(try cursor.seek(key(11)))
            XCTAssertFalse(try cursor.seek(key(12)))
            XCTAssertEqual(cursor.key, key(13))
            XCTAssertTrue(try cursor.previous())
            XCTAssertEqual(cursor.key, key(11))
            XCTAssertTrue(try cursor.seek(atOrBefore: key(12)))
            XCTAssertEqual(cursor.key, key(11))
        }
        XCTAssertTrue(try store.verify().isValid)
    }

    /// `withFloorEntry` finds the entry a cursor's `seek(atOrBefore:)` does, for probes that
    /// fall on keys, between keys, before a leaf's first key (the entry is then in an earlier
    /// leaf) and before every key, in write and read transactions.
    func testFloorEntryAgreesWithTheCursor() throws {
        let store = try Store(inMemoryIdentifier: "floor-entry")
        func check(_ t: Tree) throws {
            var cursor = t.makeCursor()
            for probe in 0..<6_010 {
                let k = key(probe)
                let floor = try k.withUnsafeBytes { try t.withFloorEntry($0) { key, value in (Array(key), Array(value)) } }
                if try cursor.seek(atOrBefore: k) {
                    XCTAssertEqual(floor?.0, cursor.key, "probe \(probe)")
                    XCTAssertEqual(floor?.1, try cursor.value(), "probe \(probe)")
                } else {
                    XCTAssertNil(floor, "probe \(probe)")
                }
            }
        }
        try store.write { txn in
            let t = try txn.createTree("t")
            for i in stride(from: 5, to: 6_000, by: 3) { try t.put(key(i), key(i * 7)) }
            try check(t)
        }
        try store.read { txn in try check(try XCTUnwrap(try txn.tree("t"))) }
    }

    func testDeletingEverythingEmptiesTheFile() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/shrink.fief"
        let store = try Store(path: path)
        let value = [UInt8](repeating: 1, count: 100)
        try store.write { txn in
            let t = try txn.createTree("t")
            for i in 0..<50_000 { try t.put(key(i), value) }
        }
        let full = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        try store.write { txn in
            let t = try txn.tree("t")!
            for i in 0..<50_000 { try t.delete(key(i)) }
        }
        // Freed pages become reusable once a later version is durable; a few commits later the
        // tail is given back.
        for _ in 0..<3 { try store.write { try $0.createTree("t").put([1], [1]) } }
        let after = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        XCTAssertLessThan(after, full / 20, "file did not shrink: \(full) -> \(after)")
        XCTAssertTrue(try store.verify().isValid)
    }
}
