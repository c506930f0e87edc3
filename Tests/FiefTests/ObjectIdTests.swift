import Fief
import Foundation
import XCTest

final class ObjectIdTests: XCTestCase {
    func testTimestampMachineAndProcessLayout() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let id = ObjectId(timestamp: date, machineId: 0x0A0B0C, processId: 0x0102)
        XCTAssertEqual(id.timestamp, date)
        XCTAssertEqual(Array(id.bytes[0..<4]), [0x65, 0x53, 0xF1, 0x00], "seconds, big-endian")
        XCTAssertEqual(Array(id.bytes[4..<9]), [0x0C, 0x0B, 0x0A, 0x02, 0x01], "machine and process ids, little-endian, as Realm lays them")
        let next = ObjectId(timestamp: date, machineId: 0x0A0B0C, processId: 0x0102)
        XCTAssertNotEqual(id, next, "the counter differs")
        XCTAssertLessThan(id, next, "ids of one second sort in creation order")
    }

    func testStaticStringInitializer() throws {
        let id = ObjectId("6554a3b2c1d0e9f8a7b6c5d4")
        XCTAssertEqual(id, try ObjectId(string: "6554a3b2c1d0e9f8a7b6c5d4"))
        XCTAssertEqual(id.stringValue, "6554a3b2c1d0e9f8a7b6c5d4")
    }

    func testCodableUsesHexText() throws {
        struct Box: Codable, Equatable { var id: ObjectId }
        let id = ObjectId("6554a3b2c1d0e9f8a7b6c5d4")
        let data = try JSONEncoder().encode(Box(id: id))
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"id":"6554a3b2c1d0e9f8a7b6c5d4"}"#)
        XCTAssertEqual(try JSONDecoder().decode(Box.self, from: data), Box(id: id))
        XCTAssertThrowsError(try JSONDecoder().decode(Box.self, from: Data(#"{"id":"xyz"}"#.utf8)))
    }
}
