import XCTest
@testable import FiefQueryLanguage

/// Shorthands for building expected ASTs.
func path(_ dotted: String, _ quantifier: Quantifier? = nil) -> QueryOperand {
    .keyPath(KeyPathExpression(quantifier: quantifier, dotted.split(separator: ".").map { part in
        switch part {
        case "@count": .aggregate(.count)
        case "@sum": .aggregate(.sum)
        case "@min": .aggregate(.min)
        case "@max": .aggregate(.max)
        case "@avg": .aggregate(.avg)
        case "@keys": .keys
        case "@values": .values
        case "@links": .allBacklinks
        default: .property(String(part))
        }
    }))
}

func int(_ value: Int64) -> QueryOperand { .literal(.integer(value)) }
func str(_ value: String) -> QueryOperand { .literal(.string(value)) }

func cmp(_ left: QueryOperand, _ op: ComparisonOperator, _ right: QueryOperand, _ options: StringOptions = []) -> QueryExpression {
    .comparison(Comparison(left, op, right, options: options))
}

/// The predicate of `text`, failing the test on a parse error.
func predicate(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> QueryExpression? {
    do {
        return try QueryLanguage.parse(text).predicate
    } catch {
        XCTFail("\(text): \(error)", file: file, line: line)
        return nil
    }
}

/// The error of `text`, failing the test when it parses.
func parseError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> QueryParseError? {
    do {
        let query = try QueryLanguage.parse(text)
        XCTFail("\(text) parsed as \(query)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// Parses, prints, re-parses; the two ASTs must be equal. Returns the printed text.
@discardableResult
func assertRoundTrip(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    do {
        let first = try QueryLanguage.parse(text)
        let printed = first.description
        let second = try QueryLanguage.parse(printed)
        XCTAssertEqual(first, second, "\(text) -> \(printed)", file: file, line: line)
        XCTAssertEqual(second.description, printed, "printing is not stable for \(text)", file: file, line: line)
        return printed
    } catch {
        XCTFail("\(text): \(error)", file: file, line: line)
        return nil
    }
}
