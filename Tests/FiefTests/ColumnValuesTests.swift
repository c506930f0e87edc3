@testable import Fief
import XCTest

/// The write cache keeps int and double columns without nulls unboxed (`ColumnValues`): it must
/// hold, change and encode exactly what a column of `StoredValue`s would.
final class ColumnValuesTests: XCTestCase {
    /// Applies the same random edits to a `ColumnValues` and to a plain array, checking the
    /// values and the encoded chunk after each round. `make` gives a value (a null only when
    /// its second argument is true): the column is typed for the first 250 rounds, then nulls
    /// may arrive and make it a column of `StoredValue`s.
    private func checkAgainstModel(type: PropertyType, _ make: (inout SplitMix64, Bool) -> StoredValue,
                                   file: StaticString = #filePath, line: UInt = #line) {
        var rng = SplitMix64(state: 0xC01_0000 + UInt64(type.rawValue))
        var model = (0..<40).map { _ in make(&rng, false) }
        var column = ColumnValues(model, type: type, collection: .none)
        XCTAssertNotEqual(column.kind, .values, file: file, line: line)
        for round in 0..<300 {
            if round == 250 { XCTAssertNotEqual(column.kind, .values, "still typed before any null", file: file, line: line) }
            let value = make(&rng, round >= 250)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0:
                model.append(value)
                column.insert(value, at: nil)
            case 1:
                let row = Int.random(in: 0...model.count, using: &rng)
                model.insert(value, at: row)
                column.insert(value, at: row)
            case 2 where !model.isEmpty:
                let row = Int.random(in: 0..<model.count, using: &rng)
                let old = model[row]
                model[row] = value
                XCTAssertEqual(column.replace(at: row, with: value), old, file: file, line: line)
            case 3 where !model.isEmpty:
                let row = Int.random(in: 0..<model.count, using: &rng)
                model.remove(at: row)
                column.remove(at: row)
            default:
                let row = Int.random(in: 0...model.count, using: &rng)
                let upper = column.split(at: row)
                XCTAssertEqual((0..<upper.count).map { upper[$0] }, Array(model[row...]), file: file, line: line)
                model.removeSubrange(row...)
                column.insert(value, at: nil)
                model.append(value)
            }
            XCTAssertEqual((0..<column.count).map { column[$0] }, model, "round \(round)", file: file, line: line)
            XCTAssertEqual(ColumnChunk.encode(column, type: type, collection: .none),
                           ColumnChunk.encode(model, type: type, collection: .none), "round \(round)", file: file, line: line)
        }
    }

    func testIntColumnsStayUnboxedUntilANullArrives() {
        var column = ColumnValues([.int(1), .int(2)], type: .int, collection: .none)
        XCTAssertEqual(column.kind, .ints)
        column.insert(.int(3), at: nil)
        XCTAssertEqual(column.kind, .ints)
        column.insert(.null, at: 1)
        XCTAssertEqual(column.kind, .values)
        XCTAssertEqual((0..<column.count).map { column[$0] }, [.int(1), .null, .int(2), .int(3)])
        XCTAssertEqual(ColumnValues([.double(1), .null], type: .double, collection: .none).kind, .values)
        XCTAssertEqual(ColumnValues([.int(1)], type: .int, collection: .list).kind, .values)
    }

    func testIntsMatchAColumnOfStoredValues() {
        // Small steps (sequence and packed chunks), wide values (fixed chunks) and a few nulls.
        checkAgainstModel(type: .int) { rng, nulls in
            switch Int.random(in: 0..<20, using: &rng) {
            case 0 where nulls: .null
            case 1..<10: .int(Int64.random(in: -100...100, using: &rng))
            default: .int(Int64(bitPattern: rng.next()))
            }
        }
    }

    func testDoublesMatchAColumnOfStoredValues() {
        checkAgainstModel(type: .double) { rng, nulls in
            nulls && Int.random(in: 0..<10, using: &rng) == 0 ? .null : .double(Double(Int64.random(in: -1_000...1_000, using: &rng)) / 8)
        }
    }

    func testEncodedNumbersDecodeToTheSameColumn() throws {
        let wide: [StoredValue] = (0..<600).map { .int(Int64($0) * 1_000_000_007 * ($0 % 2 == 0 ? 1 : -1)) }
        let sequence: [StoredValue] = (0..<600).map { .int(Int64($0) * 3 + 7) }
        let doubles: [StoredValue] = (0..<600).map { .double(Double($0) / 3) }
        // Packed chunks of each width: offsets of 1, 2 and 4 bytes from a negative base.
        let packed: [[StoredValue]] = [200, 60_000, 4_000_000_000].map { range in
            (0..<600).map { .int(-1_000 + Int64(($0 * 7_919) % 600) * range / 600) }
        }
        var layouts: [UInt8] = []
        for (values, type) in [(wide, PropertyType.int), (sequence, .int), (doubles, .double)] + packed.map({ ($0, .int) }) {
            let bytes = ColumnChunk.encode(ColumnValues(values, type: type, collection: .none), type: type, collection: .none)
            layouts.append(bytes[0])
            let decoded = bytes.withUnsafeBytes { ColumnChunk.decodeColumn($0, type: type, collection: .none) }
            XCTAssertEqual(decoded.kind, type == .int ? .ints : .doubles)
            XCTAssertEqual((0..<decoded.count).map { decoded[$0] }, values)
        }
        XCTAssertEqual(layouts, [ColumnChunk.fixedLayout, ColumnChunk.sequenceLayout, ColumnChunk.fixedLayout,
                                 ColumnChunk.packedLayout, ColumnChunk.packedLayout, ColumnChunk.packedLayout])
        // With a null, or cut short (damaged), a chunk decodes value by value into a column of
        // `StoredValue`s: the short one reads its missing rows as nulls, never past its end.
        for type in [PropertyType.int, .double] {
            let values: [StoredValue] = [type == .int ? .int(1) : .double(1), .null, type == .int ? .int(3) : .double(3)]
            let withNull = ColumnChunk.encode(values, type: type, collection: .none)
            let decoded = withNull.withUnsafeBytes { ColumnChunk.decodeColumn($0, type: type, collection: .none) }
            XCTAssertEqual(decoded.kind, .values)
            XCTAssertEqual((0..<decoded.count).map { decoded[$0] }, values)
            let whole: [StoredValue] = type == .int ? [.int(.min), .int(5), .int(.max)] : [.double(1), .double(2), .double(3)]
            var short = ColumnChunk.encode(whole, type: type, collection: .none)
            XCTAssertEqual(short.first, ColumnChunk.fixedLayout)
            short.removeLast(4)
            let cut = short.withUnsafeBytes { ColumnChunk.decodeColumn($0, type: type, collection: .none) }
            XCTAssertEqual(cut.kind, .values)
            XCTAssertEqual((0..<cut.count).map { cut[$0] }, whole.prefix(2) + [.null])
        }
    }
}
