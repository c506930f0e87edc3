import Fief
import Foundation
import XCTest

final class Decimal128Tests: XCTestCase {
    func testInitializers() {
        XCTAssertEqual(Decimal128(), 0)
        XCTAssertEqual(Decimal128(number: NSNumber(value: 42)), 42)
        XCTAssertEqual(Decimal128(number: NSNumber(value: 0.1)).description, "0.1", "a double is taken as written, not 0.1000000000000000055...")
        XCTAssertEqual(Decimal128(number: NSNumber(value: UInt64.max)).description, "18446744073709551615")
        XCTAssertEqual(Decimal128(value: 7), 7)
        XCTAssertEqual(Decimal128(value: Int8(-3)), -3)
        XCTAssertEqual(Decimal128(value: Float(0.5)), Decimal128(string: "0.5"))
        XCTAssertEqual(Decimal128(value: 2.25), Decimal128(string: "2.25"))
        XCTAssertEqual(Decimal128(value: "19.99"), Decimal128(string: "19.99"))
        XCTAssertEqual(Decimal128(value: Decimal(string: "1.5")!), Decimal128(string: "1.5"))
        XCTAssertEqual(Decimal128(value: NSNumber(value: 9)), 9)
        let literal: Decimal128 = "123.456"
        XCTAssertEqual(literal.description, "123.456")
        XCTAssertNil(Decimal128(string: "abc"))
        XCTAssertEqual(Decimal128(exactly: 12), 12)
    }

    func testArithmeticIsDecimal() {
        let a: Decimal128 = "0.1", b: Decimal128 = "0.2"
        XCTAssertEqual(a + b, Decimal128(string: "0.3"), "no binary rounding")
        XCTAssertEqual(b - a, a)
        XCTAssertEqual(Decimal128(string: "19.99")! * 3, Decimal128(string: "59.97"))
        XCTAssertEqual(Decimal128(1) / 4, Decimal128(string: "0.25"))
        var x: Decimal128 = 2
        x *= 5
        x += 1
        x -= 3
        XCTAssertEqual(x, 8)
        XCTAssertEqual((-x).magnitude, 8)
        XCTAssertEqual(Decimal128(-2).magnitude, 2)
        XCTAssertEqual(Decimal128(2).distance(to: 5), 3)
        XCTAssertEqual(Decimal128(2).advanced(by: "0.5"), Decimal128(string: "2.5"))
        XCTAssertEqual(Array(stride(from: Decimal128(0), to: 1, by: "0.25")).map(\.description), ["0", "0.25", "0.5", "0.75"])
        XCTAssertTrue((Decimal128(1) / 0).isNaN, "division by zero is NaN")
        XCTAssertTrue((Decimal128(1) / 0).isSignalingNaN)
        XCTAssertFalse(Decimal128(1).isSignaling)
    }

    func testComparisonAndBounds() {
        XCTAssertEqual(Decimal128(string: "1.0"), Decimal128(string: "1.00"))
        XCTAssertEqual(Set([Decimal128(string: "1.0")!, Decimal128(string: "1.00")!]).count, 1)
        XCTAssertLessThan(Decimal128(string: "-0.5")!, 0)
        XCTAssertLessThan(Decimal128.min, Decimal128(string: "-1e100")!)
        XCTAssertGreaterThan(Decimal128.max, Decimal128(string: "1e100")!)
        XCTAssertEqual(Decimal128.min, -Decimal128.max)
    }

    func testCodableUsesText() throws {
        struct Box: Codable, Equatable { var amount: Decimal128 }
        let data = try JSONEncoder().encode(Box(amount: "19.99"))
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"amount":"19.99"}"#)
        XCTAssertEqual(try JSONDecoder().decode(Box.self, from: data), Box(amount: "19.99"))
        XCTAssertEqual(try JSONDecoder().decode(Box.self, from: Data(#"{"amount":12}"#.utf8)).amount, 12)
        XCTAssertEqual(try JSONDecoder().decode(Box.self, from: Data(#"{"amount":1.5}"#.utf8)).amount, Decimal128(string: "1.5"))
        XCTAssertThrowsError(try JSONDecoder().decode(Box.self, from: Data(#"{"amount":"x"}"#.utf8)))
        XCTAssertThrowsError(try JSONDecoder().decode(Box.self, from: Data(#"{"amount":true}"#.utf8)))
    }
}
