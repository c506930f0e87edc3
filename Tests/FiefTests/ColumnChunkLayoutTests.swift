@testable import Fief
import Foundation
import XCTest

/// Int and key chunks are written as sequences (evenly stepping values) or packed (1, 2 or 4
/// bytes a row from a base) when either is smaller than 8 bytes a row, and read back exactly,
/// through every reader: the decoder, single values, keys, the binary search and `Layout`.
final class ColumnChunkLayoutTests: XCTestCase {
    private func roundTrip(_ ints: [Int64], expectLayout: UInt8, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = ColumnChunk.encode(ints.map { .int($0) }, type: .int, collection: .none)
        XCTAssertEqual(bytes.first, expectLayout, "layout of \(ints.prefix(4))…", file: file, line: line)
        bytes.withUnsafeBytes { chunk in
            XCTAssertEqual(ColumnChunk.decodeAll(chunk, type: .int, collection: .none), ints.map { .int($0) }, file: file, line: line)
            guard let layout = ColumnChunk.Layout(chunk) else { return XCTFail("no layout", file: file, line: line) }
            for (row, value) in ints.enumerated() {
                XCTAssertEqual(ColumnChunk.value(chunk, layout, row: row, type: .int, collection: .none), .int(value), file: file, line: line)
                XCTAssertEqual(layout.int64(chunk, row), value, file: file, line: line)
                XCTAssertEqual(PinnedCell(chunk: chunk, layout: layout, row: row)?.fixed64, UInt64(bitPattern: value), file: file, line: line)
            }
        }
    }

    func testIntsTakeTheSmallestLayoutThatHoldsThem() {
        roundTrip(Array(0..<504), expectLayout: ColumnChunk.sequenceLayout)
        roundTrip(Array(stride(from: 1_000, through: -1_000, by: -7)), expectLayout: ColumnChunk.sequenceLayout)
        roundTrip([42], expectLayout: ColumnChunk.sequenceLayout)
        roundTrip([7, 7, 7, 7], expectLayout: ColumnChunk.sequenceLayout)
        roundTrip([Int64.max, Int64.min], expectLayout: ColumnChunk.sequenceLayout) // steps by wrapping
        roundTrip((0..<100).map { Int64(($0 * 37) % 100) }, expectLayout: ColumnChunk.packedLayout)
        roundTrip([-128, 127, 0, 5], expectLayout: ColumnChunk.packedLayout)
        roundTrip([0, 255, 3], expectLayout: ColumnChunk.packedLayout)
        roundTrip([0, 256, 3], expectLayout: ColumnChunk.packedLayout)
        roundTrip([0, 65_535, 1], expectLayout: ColumnChunk.packedLayout)
        roundTrip([0, 65_536, 1], expectLayout: ColumnChunk.packedLayout)
        roundTrip([-5, 4_294_967_290, 9], expectLayout: ColumnChunk.packedLayout)
        roundTrip([0, 4_294_967_296, 1], expectLayout: ColumnChunk.fixedLayout)
        roundTrip([Int64.min, 0, Int64.max, 3], expectLayout: ColumnChunk.fixedLayout)
    }

    func testKeysCompareUnsignedAndIntsSigned() {
        // Keys around 2^63 lie close together as unsigned numbers (packed), far apart as signed.
        let aroundHalf: [UInt64] = [(1 << 63) - 1, (1 << 63) + 5, 1 << 63, (1 << 63) + 200]
        // Keys at the top of the range, out of order.
        let top: [UInt64] = [UInt64.max - 2, UInt64.max, UInt64.max - 100, UInt64.max - 70_000]
        for keys in [aroundHalf, top] {
            let bytes = ColumnChunk.encodeKeys(keys)
            XCTAssertEqual(bytes.first, ColumnChunk.packedLayout, "\(keys)")
            bytes.withUnsafeBytes { XCTAssertEqual(ColumnChunk.keys($0), keys) }
        }
        // The same bits as ints: -1 and 0 are neighbours, 2^63 - 1 and -2^63 are not.
        roundTrip([-1, 0, -3, 2], expectLayout: ColumnChunk.packedLayout)
        roundTrip([Int64.max, Int64.min, Int64.max - 1], expectLayout: ColumnChunk.fixedLayout)
        roundTrip([Int64.min + 9, Int64.min, Int64.min + 70_000], expectLayout: ColumnChunk.packedLayout)
        roundTrip([Int64.max - 9, Int64.max, Int64.max - 70_000], expectLayout: ColumnChunk.packedLayout)
        // A sequence broken at its last value is packed.
        roundTrip(Array(0..<503) + [7], expectLayout: ColumnChunk.packedLayout)
    }

    func testRandomIntChunksRoundTrip() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let base = Int64.random(in: Int64.min / 2...Int64.max / 2, using: &generator)
            let spread: Int64 = [1, 200, 60_000, 3_000_000_000, Int64.max / 4][round % 5]
            let ints = (0..<Int.random(in: 1...600, using: &generator)).map { _ in base &+ Int64.random(in: 0...spread, using: &generator) }
            let bytes = ColumnChunk.encode(ints.map { .int($0) }, type: .int, collection: .none)
            bytes.withUnsafeBytes { XCTAssertEqual(ColumnChunk.decodeAll($0, type: .int, collection: .none), ints.map { .int($0) }) }
            let keys = ints.map { UInt64(bitPattern: $0) }
            ColumnChunk.encodeKeys(keys).withUnsafeBytes { XCTAssertEqual(ColumnChunk.keys($0), keys) }
        }
    }

    func testPackedWidthFollowsTheRange() {
        func width(_ ints: [Int64]) -> Int {
            let bytes = ColumnChunk.encode(ints.map { .int($0) }, type: .int, collection: .none)
            return (bytes.count - ColumnChunk.packedDataStart) / ints.count
        }
        XCTAssertEqual(width([0, 255, 3]), 1)
        XCTAssertEqual(width([0, 256, 3]), 2)
        XCTAssertEqual(width([0, 65_536, 1]), 4)
    }

    func testNullsAndOtherTypesKeepTheirLayouts() {
        let withNull = ColumnChunk.encode([.int(1), .null, .int(3)], type: .int, collection: .none)
        XCTAssertEqual(withNull.first, ColumnChunk.fixedLayout)
        withNull.withUnsafeBytes { XCTAssertEqual(ColumnChunk.decodeAll($0, type: .int, collection: .none), [.int(1), .null, .int(3)]) }
        XCTAssertEqual(ColumnChunk.encode([.double(1), .double(2)], type: .double, collection: .none).first, ColumnChunk.fixedLayout)
        XCTAssertEqual(ColumnChunk.encode([.bool(true), .bool(false)], type: .bool, collection: .none).first, ColumnChunk.fixedLayout)
        XCTAssertEqual(ColumnChunk.encode([.collection([.int(1)])], type: .int, collection: .list).first, ColumnChunk.variableLayout)
        XCTAssertEqual(ColumnChunk.encode([], type: .int, collection: .none).first, ColumnChunk.fixedLayout)
    }

    func testVariableChunksKeepEachValueAfterTheOffsets() {
        let values: [StoredValue] = [.string("a"), .null, .string(""), .string("grüße, 世界"),
                                     .string(String(repeating: "long string ", count: 40)), .string("z")]
        let bytes = ColumnChunk.encode(values, type: .string, collection: .none)
        XCTAssertEqual(bytes.first, ColumnChunk.variableLayout)
        bytes.withUnsafeBytes { chunk in
            XCTAssertEqual(ColumnChunk.decodeAll(chunk, type: .string, collection: .none), values)
            // Header, one bitmap byte (row 1 is null), n + 1 offsets, then the bytes end to end.
            let utf8 = values.map { value -> [UInt8] in if case .string(let s) = value { Array(s.utf8) } else { [] } }
            let dataStart = ColumnChunk.headerSize + 1
            var end = 0
            for row in 0...values.count {
                XCTAssertEqual(chunk.loadUnaligned(fromByteOffset: dataStart + row * 4, as: UInt32.self).littleEndian, UInt32(end))
                if row < values.count { end += utf8[row].count }
            }
            XCTAssertEqual(Array(chunk[(dataStart + (values.count + 1) * 4)...]), utf8.flatMap { $0 })
        }
        let lists = ColumnChunk.encode([.collection([.int(1), .string("x")]), .collection([])], type: .int, collection: .list)
        lists.withUnsafeBytes {
            XCTAssertEqual(ColumnChunk.decodeAll($0, type: .int, collection: .list), [.collection([.int(1), .string("x")]), .collection([])])
        }
    }

    func testKeyChunksAreSearchedInEveryLayout() {
        // Sequences (steps of 1 and 7, a lone key, keys up to UInt64.max) are found by
        // arithmetic; the others by binary search.
        let sequences: [[UInt64]] = [Array(1_000..<1_504), Array(stride(from: 10, to: 3_000, by: 7)), [42],
                                     Array(stride(from: UInt64.max - 70, through: UInt64.max, by: 7))]
        for keys in sequences { XCTAssertEqual(ColumnChunk.encodeKeys(keys).first, ColumnChunk.sequenceLayout, "\(keys.prefix(3))") }
        for keys in sequences + [[3, 9, 200, 201, 77_000], [5, 1 << 40, UInt64.max]] {
            let bytes = ColumnChunk.encodeKeys(keys)
            bytes.withUnsafeBytes { chunk in
                XCTAssertEqual(ColumnChunk.keys(chunk), keys)
                for (row, key) in keys.enumerated() { XCTAssertEqual(ColumnChunk.row(of: key, inKeys: chunk), row) }
                XCTAssertNil(ColumnChunk.row(of: 4, inKeys: chunk))
                XCTAssertNil(ColumnChunk.row(of: 1_504, inKeys: chunk))
                // Between keys, before the first and past the last.
                for key in keys where !keys.contains(key &+ 1) { XCTAssertNil(ColumnChunk.row(of: key &+ 1, inKeys: chunk)) }
                XCTAssertNil(ColumnChunk.row(of: keys[0] &- 1, inKeys: chunk))
                XCTAssertNil(ColumnChunk.row(of: 0, inKeys: chunk))
            }
        }
        XCTAssertEqual(ColumnChunk.encodeKeys(Array(1_000..<1_504)).count, ColumnChunk.headerSize + 16)
    }

    func testDamagedIntChunksAreRefusedNotRead() {
        var packed = ColumnChunk.encode((0..<50).map { .int(Int64($0 % 9)) }, type: .int, collection: .none)
        XCTAssertEqual(packed.first, ColumnChunk.packedLayout)
        packed.removeLast() // one offset short
        packed.withUnsafeBytes { XCTAssertNil(ColumnChunk.Layout($0)) }
        var wide = ColumnChunk.encode((0..<50).map { .int(Int64($0 % 9)) }, type: .int, collection: .none)
        wide[ColumnChunk.headerSize + 8] = 3 // not a width
        wide.withUnsafeBytes { XCTAssertNil(ColumnChunk.Layout($0)) }
        var sequence = ColumnChunk.encodeKeys(Array(0..<10))
        sequence.removeLast()
        sequence.withUnsafeBytes { chunk in
            XCTAssertNil(ColumnChunk.Layout(chunk))
            XCTAssertEqual(ColumnChunk.keys(chunk), [])
            XCTAssertNil(ColumnChunk.row(of: 3, inKeys: chunk))
        }
        var unknown = ColumnChunk.encode([.int(1), .int(5), .int(2)], type: .int, collection: .none)
        unknown[0] = 9 // not a layout: never read as integers
        unknown.withUnsafeBytes { chunk in
            XCTAssertEqual(ColumnChunk.Layout(chunk)?.holdsIntegers, false)
            XCTAssertEqual(ColumnChunk.Layout(chunk).flatMap { PinnedCell(chunk: chunk, layout: $0, row: 0)?.fixed64 }, nil)
        }
        var nullFlagged = ColumnChunk.encodeKeys(Array(0..<10))
        nullFlagged[2] = 1 // these layouts never hold nulls
        nullFlagged.withUnsafeBytes { XCTAssertNil(ColumnChunk.Layout($0)) }
    }

    func testARealmStoresOrderedIdsAsSequencesAndReadsEveryPath() throws {
        let config = Realm.Configuration(inMemoryIdentifier: "chunks-\(UUID().uuidString)", objectTypes: [PackedRow.self])
        let realm = try Realm(configuration: config)
        try realm.write {
            for id in 0..<1_200 { realm.add(PackedRow(value: ["id": id, "small": id % 90 - 45, "big": id * 1_000_003])) }
        }
        XCTAssertEqual(realm.object(ofType: PackedRow.self, forPrimaryKey: 777)?.small, 777 % 90 - 45)
        XCTAssertEqual(realm.objects(PackedRow.self).filter("small >= 0 AND small < 10").count, (0..<1_200).filter { (0..<10).contains($0 % 90 - 45) }.count)
        XCTAssertEqual(realm.objects(PackedRow.self).sum(ofProperty: "big") as Int, (0..<1_200).reduce(0) { $0 + $1 * 1_000_003 })
        var sum = 0
        for row in realm.objects(PackedRow.self) { sum += row.small + row.id }
        XCTAssertEqual(sum, (0..<1_200).reduce(0) { $0 + $1 % 90 - 45 + $1 })
        try realm.write {
            realm.object(ofType: PackedRow.self, forPrimaryKey: 5)!.small = Int.min
            realm.delete(realm.object(ofType: PackedRow.self, forPrimaryKey: 6)!)
        }
        XCTAssertEqual(realm.object(ofType: PackedRow.self, forPrimaryKey: 5)?.small, Int.min)
        XCTAssertNil(realm.object(ofType: PackedRow.self, forPrimaryKey: 6))
        XCTAssertEqual(realm.object(ofType: PackedRow.self, forPrimaryKey: 7)?.big, 7 * 1_000_003)
        XCTAssertEqual(realm.objects(PackedRow.self).count, 1_199)
    }
}

final class PackedRow: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var small = 0
    @Persisted var big = 0
}
