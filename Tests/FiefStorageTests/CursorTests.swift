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

    /// `updateFloorEntry` against a model: random probes whose decision (keep, replace the
    /// floor's value, insert at the probe) depends on the floor it was shown, over an empty tree,
    /// many leaves and values inline and in overflow runs; then the file verifies and holds
    /// exactly the model's entries, in the transaction and after the commit.
    func testUpdateFloorEntryAgreesWithAModel() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let store = try Store(path: dir + "/floor.fief")
        var model: [[UInt8]: [UInt8]] = [:]
        var random = SeededRandom(seed: 0xF100)
        func value(_ n: UInt64) -> [UInt8] {
            let length = n % 10 == 0 ? 1_500 + Int(n % 3_000) : Int(n % 40)
            return (0..<length).map { UInt8(truncatingIfNeeded: Int(truncatingIfNeeded: n) &+ $0) }
        }
        try store.write { txn in
            let t = try txn.createTree("t")
            for step in 0..<6_000 {
                let probe = key(Int(random.next() % 20_000))
                let expected = model.keys.filter { !probe.lexicographicallyPrecedes($0) }.max { $0.lexicographicallyPrecedes($1) }
                let choice = random.next()
                var shown: [UInt8]?
                try probe.withUnsafeBytes { p in
                    try t.updateFloorEntry(p) { floorKey, floorValue -> FloorUpdate in
                        shown = floorKey.map(Array.init)
                        XCTAssertEqual(floorValue.map(Array.init), expected.flatMap { model[$0] }, "step \(step)")
                        switch choice % 3 {
                        case 0: return .keep
                        case 1 where floorKey != nil: return .replaceValue(value(choice))
                        default: return .insert(value(choice))
                        }
                    }
                }
                XCTAssertEqual(shown, expected, "step \(step)")
                switch choice % 3 {
                case 0: break
                case 1 where expected != nil: model[expected!] = value(choice)
                default: model[probe] = value(choice)
                }
                if step % 7 == 0, let victim = model.keys.randomElement(using: &random) {
                    try t.delete(victim)
                    model[victim] = nil
                }
            }
            XCTAssertEqual(t.count, model.count)
        }
        XCTAssertTrue(try store.verify().isValid)
        try store.read { txn in
            var entries: [[UInt8]: [UInt8]] = [:]
            try XCTUnwrap(try txn.tree("t")).forEach { k, v in entries[Array(k)] = Array(v); return true }
            XCTAssertEqual(entries, model)
        }
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
