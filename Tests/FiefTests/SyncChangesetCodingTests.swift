@_spi(Sync) @testable import Fief
import Foundation
import XCTest

/// The sync changeset encoding of FORMAT.md II.15: the example's bytes, round trips of every
/// instruction and value, and a typed error for every malformed input.
final class SyncChangesetCodingTests: XCTestCase {
    private let dog = SyncObjectID.global(GlobalKey(fileIdent: 3, sequence: 0))

    func testTheFormatExampleBytes() throws {
        let changeset = SyncChangeset([.createObject(className: "Dog", object: dog),
                                       .set(SyncTarget(className: "Dog", object: dog, property: "name"), .string("Rex"), isDefault: false)])
        let bytes = SyncChangesetCoding.encode(changeset)
        XCTAssertEqual(bytes, [0x01, 0x02, 0x03, 0x44, 0x6f, 0x67, 0x04, 0x6e, 0x61, 0x6d, 0x65, 0x02,
                               0x03, 0x00, 0x01, 0x03, 0x00,
                               0x05, 0x00, 0x01, 0x03, 0x00, 0x01, 0x00, 0x01, 0x06, 0x03, 0x52, 0x65, 0x78, 0x00])
        XCTAssertEqual(try SyncChangesetCoding.decode(bytes), changeset)
    }

    /// One of every instruction, with every value kind and path element.
    static func everything() -> SyncChangeset {
        let pk = SyncObjectID.primaryKey(.string("p1"))
        let t = SyncTarget(className: "P", object: pk, property: "x")
        let deep = SyncTarget(className: "P", object: pk, path: [.property("stops"), .index(3), .property("byName"), .key("k"), .property("n")])
        var uuid = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
        uuid = UUID(uuid: uuid.uuid)
        let values: [SyncValue] = [
            .null, .bool(true), .bool(false), .int(0), .int(-1), .int(.max), .int(.min), .float(1.5), .double(-2.25),
            .string(""), .string("héllo ✓"), .data([]), .data([0, 255]), .date(Date(timeIntervalSinceReferenceDate: 12.5)),
            .decimal(Decimal128(string: "123.456")!), .objectId(ObjectId(bytes: Array(0..<12))!), .uuid(uuid),
            .link(className: "Q", object: .global(GlobalKey(fileIdent: .max, sequence: 7))), .link(className: "P", object: pk), .embeddedObject,
        ]
        var instructions: [SyncInstruction] = [
            .addClass(name: "P", primaryKey: SyncPropertySchema(name: "id", type: .string, isPrimaryKey: true, isIndexed: true), isEmbedded: false),
            .addClass(name: "E", primaryKey: nil, isEmbedded: true),
            .addProperty(className: "P", property: SyncPropertySchema(name: "l", type: .object, collection: .list, isOptional: false, objectClassName: "Q")),
            .addProperty(className: "Q", property: SyncPropertySchema(name: "back", type: .linkingObjects, collection: .list, objectClassName: "P", linkOriginProperty: "l")),
            .createObject(className: "P", object: pk), .createObject(className: "Q", object: .primaryKey(.null)),
            .createObject(className: "R", object: .primaryKey(.int(-5))), .eraseObject(className: "P", object: pk),
            .addInteger(deep, -42), .listMove(t, from: 1, to: 0), .listErase(t, index: 9), .dictionaryErase(t, key: "gone"), .clear(deep),
        ]
        for v in values {
            instructions += [.set(t, v, isDefault: true), .set(deep, v, isDefault: false), .listInsert(t, index: 2, v), .listSet(t, index: 0, v),
                             .setInsert(t, v), .setErase(t, v), .dictionaryInsert(t, key: "k", v)]
        }
        return SyncChangeset(instructions)
    }

    func testEveryInstructionAndValueRoundTrips() throws {
        let changeset = Self.everything()
        XCTAssertEqual(try SyncChangesetCoding.decode(SyncChangesetCoding.encode(changeset)), changeset)
        XCTAssertEqual(try SyncChangesetCoding.decode(SyncChangesetCoding.encode(SyncChangeset())), SyncChangeset())
    }

    func testEveryTruncationIsATypedError() {
        let bytes = SyncChangesetCoding.encode(Self.everything())
        for n in 0..<bytes.count {
            XCTAssertThrowsError(try SyncChangesetCoding.decode(Array(bytes[..<n]))) { error in
                guard let e = error as? SyncChangesetError else { return XCTFail("untyped error \(error)") }
                XCTAssertLessThanOrEqual(e.offset, n)
            }
        }
    }

    func testMalformedInputsNameTheFieldAndTheOffset() {
        func failure(_ bytes: [UInt8]) -> SyncChangesetError? {
            do { _ = try SyncChangesetCoding.decode(bytes); return nil } catch { return error }
        }
        XCTAssertEqual(failure([2])?.reason, "unknown changeset version 2")
        XCTAssertEqual(failure([1, 0, 0, 7])?.reason, "1 trailing bytes")
        XCTAssertEqual(failure([1, 0, 1, 99])?.reason, "unknown opcode 99")
        XCTAssertEqual(failure([1, 0, 1, 99])?.field, "instruction 0")
        XCTAssertEqual(failure([1, 0, 1, 3, 5])?.reason, "string index 5 past the table of 0")
        XCTAssertEqual(failure([1, 0x7f])?.reason, "127 strings cannot fit in 0 bytes")
        XCTAssertEqual(failure([1, 1, 2, 0xff, 0xfe, 0])?.reason, "string is not UTF-8")
        // createObject "A" with a primary key of kind double: not an identity.
        XCTAssertEqual(failure([1, 1, 1, 0x41, 1, 3, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0])?.reason, "a primary key cannot be 0.0")
        // set with a path of depth 0.
        XCTAssertEqual(failure([1, 1, 1, 0x41, 1, 5, 0, 1, 1, 1, 0])?.reason, "path depth 0 outside 1...64")
        // set with a path that ends at an index.
        XCTAssertEqual(failure([1, 1, 1, 0x41, 1, 5, 0, 1, 1, 1, 1, 1, 4, 0, 0])?.reason, "a path must end at a property")
    }

    func testRandomBytesNeverTrap() {
        var state: UInt64 = 12345
        let valid = SyncChangesetCoding.encode(Self.everything())
        for _ in 0..<3000 {
            var bytes = valid
            for _ in 0..<4 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes[Int(state >> 33) % bytes.count] = UInt8(truncatingIfNeeded: state >> 17)
            }
            _ = try? SyncChangesetCoding.decode(bytes)
        }
    }
}
