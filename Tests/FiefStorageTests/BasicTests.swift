import XCTest
@testable import FiefStorage

final class BasicTests: XCTestCase {
    func testPutGetDeleteAcrossReopen() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/a.fief"
        do {
            let store = try Store(path: path)
            try store.write { txn in
                let t = try txn.createTree("t")
                for i in 0..<5000 { try t.put(key(i), Array("value-\(i)".utf8)) }
            }
            try store.write { txn in
                let t = try txn.tree("t")!
                for i in stride(from: 0, to: 5000, by: 2) { XCTAssertTrue(try t.delete(key(i))) }
            }
            try store.read { txn in
                let t = try txn.tree("t")!
                XCTAssertEqual(t.count, 2500)
                XCTAssertNil(try t.get(key(10)))
                XCTAssertEqual(try t.get(key(11)), Array("value-11".utf8))
            }
        }
        let store = try Store(path: path)
        try store.read { txn in
            let t = try txn.tree("t")!
            XCTAssertEqual(t.count, 2500)
            var seen = 0
            try t.forEach { k, v in
                XCTAssertEqual(Array(v), Array("value-\(seen * 2 + 1)".utf8))
                XCTAssertEqual(Array(k), key(seen * 2 + 1))
                seen += 1
                return true
            }
            XCTAssertEqual(seen, 2500)
        }
    }

    /// A transaction finds the trees it opened by name, whether it opened a few (searched in
    /// order) or many (past the count where it builds a dictionary of them), dropped and
    /// re-created ones included, and reads each tree's own values.
    func testATransactionFindsEachOfManyTreesByName() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let store = try Store(path: dir + "/trees.fief")
        let names = (0..<20).map { "tree-\($0)" } + ["a tree name longer than fifteen bytes"]
        try store.write { txn in
            for (i, name) in names.enumerated() {
                try txn.createTree(name).put(key(0), Array(name.utf8))
                // Every tree opened so far is still found, before and after the dictionary.
                for earlier in names[...i] { XCTAssertEqual(try txn.tree(earlier)?.get(key(0)), Array(earlier.utf8)) }
            }
            XCTAssertTrue(try txn.dropTree("tree-3"))
            XCTAssertTrue(try txn.dropTree("tree-12"))
            XCTAssertNil(try txn.tree("tree-3"))
            XCTAssertNil(try txn.tree("tree-12"))
            try txn.createTree("tree-12").put(key(1), Array("again".utf8))
            XCTAssertNil(try txn.tree("tree-12")?.get(key(0)))
        }
        try store.read { txn in
            for name in names where name != "tree-3" && name != "tree-12" {
                XCTAssertEqual(try txn.tree(name)?.get(key(0)), Array(name.utf8), name)
            }
            XCTAssertNil(try txn.tree("tree-3"))
            XCTAssertEqual(try txn.tree("tree-12")?.get(key(1)), Array("again".utf8))
            XCTAssertNil(try txn.tree("tree-20 "))
        }
    }
}
