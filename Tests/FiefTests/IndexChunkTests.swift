@testable import Fief
import FiefStorage
import Foundation
import XCTest

/// Index entries that list several objects each (FORMAT.md II.10, "Chunks"): the encoding,
/// lookups that agree with a scan through random edits, chunk sizes, files written one entry
/// per object (schema record versions 1 to 4), and damaged entries.
final class IndexChunkTests: XCTestCase {
    // MARK: The encoding

    func testKeysRoundTripAndOneKeyAtItsStartIsAnEmptyValue() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let start = UInt64.random(in: 0...(1 << 40), using: &random)
            var keys = Set<UInt64>()
            for _ in 0..<Int.random(in: 1...60, using: &random) {
                keys.insert(start + UInt64.random(in: 0...(Bool.random() ? 300 : 1 << 35), using: &random))
            }
            let sorted = keys.sorted()
            let value = IndexChunk.encode(sorted[...], start: start)
            XCTAssertEqual(value.count, IndexChunk.size(sorted[...], start: start))
            var decoded: [UInt64] = []
            XCTAssertTrue(value.withUnsafeBytes { IndexChunk.decode($0, start: start, into: &decoded) })
            XCTAssertEqual(decoded, sorted)
            // Extending a value in place agrees with encoding the longer list, within the limit.
            let next = sorted.last! + UInt64.random(in: 1...(1 << 20), using: &random)
            let extended = value.withUnsafeBytes { IndexChunk.append(next, to: $0, start: start) }
            let whole = IndexChunk.encode((sorted + [next])[...], start: start)
            if whole.count <= IndexChunk.maximumBytes {
                guard case .extended(let bytes) = extended else { return XCTFail("\(extended)") }
                XCTAssertEqual(bytes, whole)
            } else {
                guard case .startsNext = extended else { return XCTFail("\(extended)") }
            }
            guard case .inside = value.withUnsafeBytes({ IndexChunk.append(sorted.last!, to: $0, start: start) }) else {
                return XCTFail("not after the last key")
            }
        }
        XCTAssertEqual(IndexChunk.encode([7], start: 7), [])
        XCTAssertEqual(IndexChunk.encode([7], start: 5), [2])
        XCTAssertEqual(IndexChunk.encode([5, 6, 300], start: 5), [0, 1, 0xA6, 0x02])
        var one: [UInt64] = []
        XCTAssertTrue([UInt8]().withUnsafeBytes { IndexChunk.decode($0, start: 42, into: &one) })
        XCTAssertEqual(one, [42], "an empty value is the chunk's start alone: an entry of the one-object layout")
    }

    func testAnEntryBuiltOnTheStackMatchesTheEncoding() {
        let strings = ["", "a", "plain ascii name", "zero\u{0}inside\u{0}", "\u{0}", "ünïcødé ✓",
                       String(repeating: "x", count: 200), String(repeating: "\u{0}", count: 200),
                       String(repeating: "y", count: 201), String(repeating: "long ", count: 100)]
        let values = strings.map(StoredValue.string) + [.int(-7), .null, .bool(true)]
        for value in values {
            for limit in [4, 30, 200, 402, 1_000] {
                let key: UInt64 = 0x0102_0304_0506_0708
                var expected = IndexStore.encode(value, limit: limit)
                let expectedPrefix = expected.count
                withUnsafeBytes(of: key.bigEndian) { expected.append(contentsOf: $0) }
                IndexStore.withEntry(value, key: key, limit: limit) { entry, prefixCount in
                    XCTAssertEqual(Array(entry), expected, "\(value), limit \(limit)")
                    XCTAssertEqual(prefixCount, expectedPrefix, "\(value), limit \(limit)")
                }
            }
        }
    }

    func testMalformedValuesAreRefused() {
        let cases: [(bytes: [UInt8], start: UInt64, why: String)] = [
            ([0x80], 0, "truncated varint"),
            ([3, 0x85], 0, "truncated second varint"),
            ([1, 0], 0, "a difference of 0 repeats a key"),
            ([5], UInt64.max - 2, "key past 2^64 − 1"),
            ([0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01], 1, "difference past 2^64 − 1"),
            (Array(repeating: 0x80, count: 11) + [0], 0, "varint longer than 10 bytes"),
        ]
        for c in cases {
            var keys: [UInt64] = []
            XCTAssertFalse(c.bytes.withUnsafeBytes { IndexChunk.decode($0, start: c.start, into: &keys) }, c.why)
        }
    }

    // MARK: Lookups through the index

    /// Random inserts, updates (which move objects between values whose chunks start above
    /// or below them) and deletes over values held by one object, a few, or a thousand:
    /// every lookup agrees with a scan, and every chunk stays within its size.
    func testRandomEditsAgreeWithAScan() throws {
        let realm = try Realm(configuration: memoryConfiguration([IndexedThing.self]))
        var random = SplitMix64(state: 0x1DE5)
        var next = 0
        func create() {
            let n = next
            next += 1
            realm.create(IndexedThing.self, value: ["code": "c\(n)", "group": "g\(random.pick(600))", "rank": random.pick(3),
                                                    "label": random.pick(4) == 0 ? nil : "l\(random.pick(40))", "value": n])
        }
        for round in 0..<8 {
            try realm.write {
                for _ in 0..<(round == 0 ? 2_500 : 300) { create() }
                let all = Array(realm.objects(IndexedThing.self))
                for thing in all where random.pick(6) == 0 {
                    switch random.pick(3) {
                    case 0: thing.group = "g\(random.pick(600))"
                    case 1: thing.rank = random.pick(3)
                    default: thing.label = random.pick(2) == 0 ? nil : "l\(random.pick(40))"
                    }
                }
                realm.delete(all.filter { _ in random.pick(10) == 0 })
            }
            let all = Array(realm.objects(IndexedThing.self))
            let results = realm.objects(IndexedThing.self)
            for rank in 0..<3 {
                XCTAssertEqual(results.filter("rank == %@", rank).map(\.value), all.filter { $0.rank == rank }.map(\.value), "round \(round)")
            }
            for g in stride(from: 0, to: 600, by: 37) {
                XCTAssertEqual(results.filter("group == %@", "g\(g)").map(\.value), all.filter { $0.group == "g\(g)" }.map(\.value))
            }
            XCTAssertEqual(results.filter("label == nil").map(\.value), all.filter { $0.label == nil }.map(\.value))
            XCTAssertEqual(results.filter("label == 'l7'").map(\.value), all.filter { $0.label == "l7" }.map(\.value))
            for thing in all.prefix(50) {
                XCTAssertEqual(realm.object(ofType: IndexedThing.self, forPrimaryKey: thing.code)?.value, thing.value)
            }
        }
        // Three values for thousands of objects: a run of chunks each, none over the limit.
        let entries = try indexEntries(realm, property: "rank")
        XCTAssertGreaterThan(entries.count, 3)
        XCTAssertLessThan(entries.count, 200)
        XCTAssertTrue(entries.allSatisfy { $0.value.count <= IndexChunk.maximumBytes })
        XCTAssertEqual(entries.map(\.keys.count).reduce(0, +), realm.objects(IndexedThing.self).count)
    }

    /// Objects added in key order fill each chunk of their value before starting the next one.
    func testChunksFilledInKeyOrderStayFull() throws {
        let realm = try Realm(configuration: memoryConfiguration([IndexedThing.self]))
        try realm.write {
            for i in 0..<3_000 { realm.create(IndexedThing.self, value: ["code": "c\(i)", "group": "same", "value": i]) }
        }
        let entries = try indexEntries(realm, property: "group")
        XCTAssertEqual(entries.flatMap(\.keys), (0..<3_000).map(UInt64.init))
        XCTAssertGreaterThan(entries.count, 1)
        for entry in entries.dropLast() {
            XCTAssertGreaterThan(entry.value.count, IndexChunk.maximumBytes - 2, "a chunk left part empty")
        }
    }

    // MARK: Files written one entry per object

    func testAFileWrittenOneEntryPerObjectIsReadThenUpgradedAtTheFirstOpenForWriting() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("index-chunk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("old.realm"), objectTypes: [IndexedThing.self])
        func expectLookups(_ realm: Realm, _ count: Int, _ note: String) {
            let results = realm.objects(IndexedThing.self)
            for g in 0..<4 {
                XCTAssertEqual(results.filter("group == %@", "g\(g)").map(\.value), (0..<count).filter { $0 % 4 == g }, note)
            }
            XCTAssertEqual(realm.object(ofType: IndexedThing.self, forPrimaryKey: "c\(count - 1)")?.value, count - 1, note)
        }
        do {
            let realm = try Realm(configuration: configuration)
            try realm.write {
                for i in 0..<400 { realm.create(IndexedThing.self, value: ["code": "c\(i)", "group": "g\(i % 4)", "value": i]) }
            }
            try rewriteAsOneEntryPerObject(realm)
        }
        configuration.readOnly = true
        do {
            let realm = try Realm(configuration: configuration)
            expectLookups(realm, 400, "read-only, as written")
            XCTAssertEqual(try schemaRecordVersion(realm), 1, "a read-only open changes nothing")
        }
        configuration.readOnly = false
        do {
            let realm = try Realm(configuration: configuration)
            XCTAssertEqual(try schemaRecordVersion(realm), SchemaCoding.version, "upgraded before any chunk is written")
            expectLookups(realm, 400, "opened for writing")
            try realm.write {
                for i in 400..<800 { realm.create(IndexedThing.self, value: ["code": "c\(i)", "group": "g\(i % 4)", "value": i]) }
                realm.delete(realm.objects(IndexedThing.self).filter("value >= 780"))
            }
            expectLookups(realm, 780, "after edits mixing both kinds of entry")
            XCTAssertTrue(try indexEntries(realm, property: "group").contains { $0.keys.count > 1 })
        }
    }

    func testADamagedEntryIsReportedWithItsTree() throws {
        let realm = try Realm(configuration: memoryConfiguration([IndexedThing.self]))
        try realm.write {
            for i in 0..<10 { realm.create(IndexedThing.self, value: ["code": "c\(i)", "group": "g", "value": i]) }
        }
        let column = try XCTUnwrap(realm.binding(named: "IndexedThing")?.column(persisted: "group"))
        let name = try XCTUnwrap(column.indexTree)
        try realm.coordinator.store.write { txn in
            let tree = try XCTUnwrap(try txn.tree(name))
            var first: [UInt8] = []
            try tree.forEach { k, _ in first = Array(k); return false }
            try tree.put(first, [0x80])
        }
        try realm.coordinator.store.read { txn in
            XCTAssertThrowsError(try IndexStore(txn: txn, column: column).keys(equalTo: .string("g"))) { error in
                XCTAssertTrue("\(error)".contains("corrupt index entry in tree \(name)"), "\(error)")
            }
        }
    }

    // MARK: Helpers

    /// The entries of a property's index tree, with the keys each lists.
    private func indexEntries(_ realm: Realm, property: String) throws -> [(value: [UInt8], keys: [UInt64])] {
        let name = try XCTUnwrap(realm.binding(named: "IndexedThing")?.column(persisted: property)?.indexTree)
        return try realm.coordinator.store.read { txn in
            var entries: [(value: [UInt8], keys: [UInt64])] = []
            try txn.tree(name)?.forEach { k, v in
                var keys: [UInt64] = []
                XCTAssertTrue(IndexChunk.decode(v, start: Self.start(k), into: &keys))
                entries.append((Array(v), keys))
                return true
            }
            return entries
        }
    }

    private static func start(_ key: UnsafeRawBufferPointer) -> UInt64 {
        key.suffix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Rewrites the realm's index trees the way files with schema record version 1 hold them
    /// (one entry per object, empty values), and its record as version 1.
    private func rewriteAsOneEntryPerObject(_ realm: Realm) throws {
        let binding = try XCTUnwrap(realm.binding(named: "IndexedThing"))
        try realm.coordinator.store.write { txn in
            for name in binding.columns.compactMap(\.indexTree) {
                guard let tree = try txn.tree(name) else { continue }
                var entries: [(key: [UInt8], keys: [UInt64])] = []
                try tree.forEach { k, v in
                    var keys: [UInt64] = []
                    XCTAssertTrue(IndexChunk.decode(v, start: Self.start(k), into: &keys))
                    entries.append((Array(k), keys))
                    return true
                }
                for entry in entries {
                    try tree.delete(entry.key)
                    for key in entry.keys { try tree.put(entry.key.dropLast(8) + ClusterKey.bigEndian(key), []) }
                }
            }
            let meta = try XCTUnwrap(try txn.tree(SchemaManager.metaTreeName))
            var record = try XCTUnwrap(try meta.get(Array("schema".utf8)))
            record[0] = 1
            try meta.put(Array("schema".utf8), record)
        }
    }

    private func schemaRecordVersion(_ realm: Realm) throws -> UInt8? {
        try realm.coordinator.store.read { txn in try txn.tree(SchemaManager.metaTreeName)?.get(Array("schema".utf8))?.first }
    }
}
