import XCTest
@testable import FiefQueryLanguage

/// Every error: its kind, message, byte offset, line and column.
final class ErrorTests: XCTestCase {
    private func check(
        _ text: String, _ kind: QueryParseError.Kind, offset: Int, message: String? = nil,
        line: Int = 1, column: Int? = nil, found: String? = nil,
        file: StaticString = #filePath, lineNumber: UInt = #line
    ) {
        guard let error = parseError(text, file: file, line: lineNumber) else { return }
        XCTAssertEqual(error.kind, kind, "\(text): \(error)", file: file, line: lineNumber)
        XCTAssertEqual(error.offset, offset, "\(text): \(error)", file: file, line: lineNumber)
        XCTAssertEqual(error.line, line, "\(text): \(error)", file: file, line: lineNumber)
        XCTAssertEqual(error.column, column ?? offset + 1, "\(text): \(error)", file: file, line: lineNumber)
        if let message { XCTAssertEqual(error.message, message, file: file, line: lineNumber) }
        if let found { XCTAssertEqual(error.found, found, file: file, line: lineNumber) }
        XCTAssertTrue(error.description.contains("offset \(offset)"), file: file, line: lineNumber)
    }

    func testUnexpectedTokens() {
        check("age 3", .unexpectedToken, offset: 4, message: "expected a comparison operator after 'age'", found: "'3'")
        check("age", .unexpectedToken, offset: 3, found: "end of input")
        check("age >", .unexpectedToken, offset: 5, message: "expected a key path, a literal or an argument")
        check("", .unexpectedToken, offset: 0)
        check("(a == 1", .unexpectedToken, offset: 7, message: "expected ')' to close the group")
        check("a == 1 b == 2", .unexpectedToken, offset: 7,
              message: "expected AND, OR, SORT, DISTINCT, LIMIT or the end of the query")
        check("a == 1 AND", .unexpectedToken, offset: 10)
        check("AND == 1", .unexpectedToken, offset: 0, message: "expected a key path")
        check("a == {1, b}", .unexpectedToken, offset: 9, message: "expected a literal or an argument in the list")
        check("a == {1 2}", .unexpectedToken, offset: 8)
        check("a. == 1", .unexpectedToken, offset: 3)
        check("a == 1 SORT(b)", .unexpectedToken, offset: 13, message: "expected ASC or DESC after 'b'")
        check("a == 1 SORT b ASC", .unexpectedToken, offset: 12, message: "expected '(' after SORT")
        check("a == 1 DISTINCT(b", .unexpectedToken, offset: 17)
        check("a == ``", .unexpectedToken, offset: 5, message: "a property name cannot be empty")
        check("a == [1]", .unknownModifier, offset: 5, message: "unknown modifier [1]")
        check("a == [", .unexpectedToken, offset: 5, message: "'[' must start a modifier such as [c]")
    }

    func testPositionsOnLaterLines() {
        check("a == 1 AND\n  é == 2 AND\n    b ?", .invalidCharacter, offset: 31, line: 3, column: 7)
        check("a == 1 AND\n  é 2", .unexpectedToken, offset: 16, line: 2, column: 5)
    }

    func testLexicalErrors() {
        check("a == 'abc", .unterminatedString, offset: 5, message: "unterminated string starting at 5")
        check("a == \"abc", .unterminatedString, offset: 5)
        check("`abc == 1", .unterminatedString, offset: 0, message: "unterminated name starting at 0")
        check(#"a == 'x\q'"#, .invalidEscape, offset: 7)
        check(#"a == '\u12'"#, .invalidEscape, offset: 6, message: "invalid \\u escape")
        check(#"a == '\ud800'"#, .invalidEscape, offset: 6)
        check(#"a == '\udc00'"#, .invalidEscape, offset: 6)
        check("a ==[x] 'b'", .unknownModifier, offset: 4, message: "unknown modifier [x]", found: "'[x]'")
        check("a CONTAINS[cx] 'b'", .unknownModifier, offset: 10, message: "unknown modifier [cx]")
        check("a <[c] 1", .modifierNotAllowed, offset: 3)
        check("a.@foo == 1", .unknownCollectionOperator, offset: 2, message: "unknown collection operator @foo")
        check("a.@type == 1", .unknownCollectionOperator, offset: 2)
        check("a == 1 # b", .invalidCharacter, offset: 7)
        check("a == 1 & b", .invalidCharacter, offset: 7)
        check("a - 1 == 2", .invalidCharacter, offset: 2)
    }

    func testLiteralErrors() {
        check("a == oid(123)", .invalidObjectId, offset: 5, message: "oid() needs 24 hexadecimal digits")
        check("a == oid(507f1f77bcf86cd79943901g)", .invalidObjectId, offset: 5)
        check("a == oid(507f1f77bcf86cd7994390112)", .invalidObjectId, offset: 5)
        check("a == uuid(123e4567e89b12d3a456426614174000)", .invalidUUID, offset: 5)
        check("a == uuid(123e4567-e89b-12d3-a456-42661417400)", .invalidUUID, offset: 5)
        check("a == T1:1000000000", .invalidTimestamp, offset: 5)
        check("a == T1:-1", .invalidTimestamp, offset: 5)
        check("a == T99999999999999999999:0", .invalidTimestamp, offset: 5)
        check("a == 2021-13-01@00:00:00", .invalidTimestamp, offset: 5, message: "invalid date or time")
        check("a == 2021-02-29@00:00:00", .invalidTimestamp, offset: 5)
        check("a == 2021-01-01@24:00:00", .invalidTimestamp, offset: 5)
        check("a == 2021-01-01@00:00:00:1000000000", .invalidTimestamp, offset: 5)
        check("a == 2021-01-01@12222222222222222222:1:0", .invalidTimestamp, offset: 5)  // fuzz-query finding
        check(#"a == B64"abc""#, .invalidBase64, offset: 5)
        check(#"a == B64"a=bc""#, .invalidBase64, offset: 5)
        check(#"a == B64"abc"#, .unterminatedString, offset: 5)
        check("a == 9223372036854775808", .numberOutOfRange, offset: 5, message: "integer literal out of range")
        check("a == -9223372036854775809", .numberOutOfRange, offset: 5)
        check("a == 0x8000000000000000", .numberOutOfRange, offset: 5)
        check("a == $99999999999", .numberOutOfRange, offset: 5)
    }

    func testStructuralErrors() {
        check("a BETWEEN {1}", .invalidBetween, offset: 10, message: "BETWEEN needs {low, high} or an argument")
        check("a BETWEEN 1", .invalidBetween, offset: 10)
        check("SUBQUERY(d, x, x.a > 1).@count > 0", .invalidSubquery, offset: 12, message: "SUBQUERY needs a $variable")
        check("SUBQUERY(d, $x, $x.a > 1) > 0", .invalidSubquery, offset: 0,
              message: "SUBQUERY(...) must be followed by .@count")
        check("@links == 1", .invalidBacklink, offset: 0, message: "@links must be followed by .@count or .Type.property")
        check("@links.Person == 1", .invalidBacklink, offset: 0)
        check("a == 1 LIMIT(-1)", .invalidLimit, offset: 13, message: "LIMIT needs a non-negative integer")
        check("a == 1 LIMIT(x)", .invalidLimit, offset: 13)
        check("a == 1 LIMIT(1.5)", .invalidLimit, offset: 13)
    }

    func testNestingLimit() {
        let deep = String(repeating: "(", count: 300) + "a == 1" + String(repeating: ")", count: 300)
        check(deep, .nestingTooDeep, offset: 256, message: "nesting deeper than 256 levels")
        let nots = String(repeating: "NOT ", count: 300) + "a == 1"
        check(nots, .nestingTooDeep, offset: 1024)
        let ok = String(repeating: "(", count: 256) + "a == 1" + String(repeating: ")", count: 256)
        XCTAssertNotNil(predicate(ok))
        let subqueries = String(repeating: "SUBQUERY(d, $x, ", count: 300)
        XCTAssertEqual(parseError(subqueries)?.kind, .nestingTooDeep)
        // Long flat chains are fine: they do not nest.
        let chain = (0..<20_000).map { "a == \($0)" }.joined(separator: " AND ")
        XCTAssertNotNil(predicate(chain))
    }

    func testInputLimits() {
        let long = "a == '" + String(repeating: "x", count: QueryLanguage.maximumInputLength) + "'"
        check(long, .inputTooLong, offset: QueryLanguage.maximumInputLength, column: QueryLanguage.maximumInputLength + 1)
        XCTAssertThrowsError(try QueryLanguage.parse(utf8: Array("a == 'x".utf8) + [0xFF, 0x27])) { error in
            let error = error as? QueryParseError
            XCTAssertEqual(error?.kind, .invalidUTF8)
            XCTAssertEqual(error?.offset, 7)
            XCTAssertEqual(error?.found, "byte 0xff")
        }
        for bad: [UInt8] in [[0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            XCTAssertThrowsError(try QueryLanguage.parse(utf8: bad)) { error in
                XCTAssertEqual((error as? QueryParseError)?.kind, .invalidUTF8, "\(bad)")
            }
        }
        XCTAssertEqual(SourceText.firstInvalidUTF8(Array("é€😀".utf8)), nil)
    }
}
