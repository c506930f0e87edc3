import XCTest
@testable import FiefQueryLanguage

/// Every literal form, checked as the right operand of `x == ...`.
final class LiteralTests: XCTestCase {
    private func literal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> QueryLiteral? {
        guard case .comparison(let c)? = predicate("x == \(text)", file: file, line: line),
            case .literal(let value) = c.right
        else {
            XCTFail("not a literal: \(text)", file: file, line: line)
            return nil
        }
        return value
    }

    func testIntegers() {
        XCTAssertEqual(literal("0"), .integer(0))
        XCTAssertEqual(literal("42"), .integer(42))
        XCTAssertEqual(literal("-42"), .integer(-42))
        XCTAssertEqual(literal("+7"), .integer(7))
        XCTAssertEqual(literal("0x1F"), .integer(31))
        XCTAssertEqual(literal("0XfF"), .integer(255))
        XCTAssertEqual(literal("9223372036854775807"), .integer(.max))
        XCTAssertEqual(literal("-9223372036854775808"), .integer(.min))
        XCTAssertEqual(literal("0x7fffffffffffffff"), .integer(.max))
    }

    func testFloatingPoint() {
        XCTAssertEqual(literal("1.5"), .double(1.5))
        XCTAssertEqual(literal("-0.25"), .double(-0.25))
        XCTAssertEqual(literal("1e-3"), .double(0.001))
        XCTAssertEqual(literal("2E+2"), .double(200))
        XCTAssertEqual(literal(".5"), .double(0.5))
        XCTAssertEqual(literal("5."), .double(5))
        XCTAssertEqual(literal("1e999"), .double(.infinity))
        XCTAssertEqual(literal("inf"), .double(.infinity))
        XCTAssertEqual(literal("INFINITY"), .double(.infinity))
        XCTAssertEqual(literal("-inf"), .double(-.infinity))
        XCTAssertEqual(literal("+Infinity"), .double(.infinity))
        XCTAssertEqual(literal("nan"), .double(.nan))
        XCTAssertEqual(literal("-NaN"), .double(.nan))
        XCTAssertNotEqual(QueryLiteral.double(.nan), .double(1))
    }

    func testStrings() {
        XCTAssertEqual(literal("'abc'"), .string("abc"))
        XCTAssertEqual(literal("\"abc\""), .string("abc"))
        XCTAssertEqual(literal("''"), .string(""))
        XCTAssertEqual(literal(#"'a\nb\tc\\d\'e\"f\/g\r\b\f\0'"#), .string("a\nb\tc\\d'e\"f/g\r\u{8}\u{C}\u{0}"))
        XCTAssertEqual(literal(#""it's""#), .string("it's"))
        XCTAssertEqual(literal(#"'\u00e9\u20AC'"#), .string("é€"))
        XCTAssertEqual(literal(#"'\ud83d\ude00'"#), .string("😀"))
        XCTAssertEqual(literal("'😀 raw\nnewline'"), .string("😀 raw\nnewline"))
    }

    func testBoolsAndNull() {
        for text in ["true", "TRUE", "True"] { XCTAssertEqual(literal(text), .bool(true)) }
        for text in ["false", "FALSE", "fAlSe"] { XCTAssertEqual(literal(text), .bool(false)) }
        for text in ["null", "NULL", "nil", "Nil"] { XCTAssertEqual(literal(text), .null) }
    }

    func testObjectIdAndUUID() {
        XCTAssertEqual(
            literal("oid(507f1f77bcf86cd799439011)"),
            .objectId([0x50, 0x7f, 0x1f, 0x77, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x43, 0x90, 0x11]))
        XCTAssertEqual(literal("OID(507F1F77BCF86CD799439011)"), literal("oid(507f1f77bcf86cd799439011)"))
        XCTAssertEqual(
            literal("uuid(123e4567-e89b-12d3-a456-426614174000)"),
            .uuid([0x12, 0x3e, 0x45, 0x67, 0xe8, 0x9b, 0x12, 0xd3, 0xa4, 0x56, 0x42, 0x66, 0x14, 0x17, 0x40, 0x00]))
    }

    func testTimestamps() {
        XCTAssertEqual(literal("T1609459200:0"), .timestamp(seconds: 1_609_459_200, nanoseconds: 0))
        XCTAssertEqual(literal("T-5:-20"), .timestamp(seconds: -5, nanoseconds: -20))
        XCTAssertEqual(literal("T0:-3"), .timestamp(seconds: 0, nanoseconds: -3))
        XCTAssertEqual(literal("2021-01-01@17:30:15:0"), .timestamp(seconds: 1_609_522_215, nanoseconds: 0))
        XCTAssertEqual(literal("2021-01-01T17:30:15"), .timestamp(seconds: 1_609_522_215, nanoseconds: 0))
        XCTAssertEqual(literal("1970-01-01@00:00:00:5"), .timestamp(seconds: 0, nanoseconds: 5))
        XCTAssertEqual(literal("2000-02-29@00:00:00"), .timestamp(seconds: 951_782_400, nanoseconds: 0))
        // Before the epoch with nanoseconds: one sign for both parts.
        XCTAssertEqual(literal("1969-12-31@23:59:59:500000000"), .timestamp(seconds: 0, nanoseconds: -500_000_000))
        XCTAssertEqual(literal("1969-12-31@23:59:58:250000000"), .timestamp(seconds: -1, nanoseconds: -750_000_000))
    }

    func testBinary() {
        XCTAssertEqual(literal(#"B64"aGVsbG8=""#), .binary(Array("hello".utf8)))
        XCTAssertEqual(literal(#"B64"""#), .binary([]))
        XCTAssertEqual(literal(#"B64"AAEC/w==""#), .binary([0, 1, 2, 255]))
    }

    func testArguments() {
        guard case .comparison(let c)? = predicate("x == $12") else { return XCTFail() }
        XCTAssertEqual(c.right, .argument(12))
    }
}
