import Foundation
import XCTest
@testable import FiefStorage

/// FORMAT.md, appendix B: the worked example is what the writer produces, page for page.
final class WorkedExampleTests: XCTestCase {
    /// The stored checksum of every page of the file that is not all zeros, by page number.
    private func checksums(_ path: String) throws -> [Int: UInt32] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(bytes.count % 4096, 0)
        var result: [Int: UInt32] = [:]
        for page in 0..<bytes.count / 4096 {
            let start = page * 4096
            guard bytes[start..<start + 4096].contains(where: { $0 != 0 }) else { continue }
            result[page] = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[start + $1]) << (8 * UInt32($1)) }
        }
        return result
    }

    func testAppendixB() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/example.fief"
        let greeting = Array("greeting".utf8)
        do {
            let store = try Store(path: path)
            XCTAssertEqual(try checksums(path), [0: 0xF642_43E0, 1: 0xB627_6D07])

            try store.write { txn in try txn.createTree("kv").put(greeting, Array("hello".utf8)) }
            XCTAssertEqual(try checksums(path), [0: 0xF642_43E0, 1: 0x7851_55EA, 2: 0x60A6_F972, 3: 0x0CB5_15A9,
                                                 16: 0xD882_7FAB])
            let meta = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))[4096..<4096 + 80]
            XCTAssertEqual(Array(meta), [
                0xea, 0x55, 0x51, 0x78, 0x01, 0, 0, 0, 0x02, 0, 0, 0, 0, 0, 0, 0,
                0x46, 0x49, 0x45, 0x46, 0x0d, 0x0a, 0x1a, 0x0a, 0x01, 0, 0, 0, 0, 0x10, 0, 0,
                0x11, 0, 0, 0, 0, 0, 0, 0, 0x03, 0, 0, 0, 0, 0, 0, 0,
                0x01, 0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0x02, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            ])

            try store.write { txn in try txn.tree("kv")!.put(greeting, Array("hi".utf8)) }
            XCTAssertEqual(try checksums(path), [0: 0x1775_D8A1, 1: 0x7851_55EA, 2: 0x60A6_F972, 3: 0x0CB5_15A9,
                                                 4: 0x2E8A_F630, 5: 0x996B_0D4A, 16: 0xD882_7FAB, 17: 0x7BAE_B9E7,
                                                 18: 0xA90B_F10B])

            try store.write { txn in try txn.tree("kv")!.put(greeting, Array("hey".utf8)) }
            XCTAssertEqual(try checksums(path), [0: 0x1775_D8A1, 1: 0xF624_E1EF, 2: 0x72EF_0BBD, 3: 0x0C92_C788,
                                                 4: 0x2E8A_F630, 5: 0x996B_0D4A, 16: 0xE5D8_63FA, 17: 0x7BAE_B9E7,
                                                 18: 0xA90B_F10B, 19: 0x80FE_EDE6])
        }
        // Closing writes the sealed twin of version 4 to slot 0.
        XCTAssertEqual(try checksums(path)[0], 0x57C0_4B8E)
        XCTAssertTrue(try Store(path: path).verify().isValid)
    }
}
