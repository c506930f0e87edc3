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
}
