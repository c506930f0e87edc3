import XCTest
@testable import FiefQueryLanguage

/// Key path subscripts into lists and dictionaries: `[2]`, `['key']`, `[*]`, `[FIRST]`,
/// `[LAST]`, `[SIZE]`.
final class SubscriptParseTests: XCTestCase {
    private func keyPath(_ components: KeyPathComponent..., quantifier: Quantifier? = nil) -> QueryOperand {
        .keyPath(KeyPathExpression(quantifier: quantifier, components))
    }

    func testEverySubscriptParses() {
        XCTAssertEqual(predicate("value[0] == 1"), cmp(keyPath(.property("value"), .subscript(.index(0))), .equal, int(1)))
        XCTAssertEqual(predicate("value['key'] == 'x'"), cmp(keyPath(.property("value"), .subscript(.key("key"))), .equal, str("x")))
        XCTAssertEqual(predicate("value[\"k y\"][ 2 ] == 1"),
                       cmp(keyPath(.property("value"), .subscript(.key("k y")), .subscript(.index(2))), .equal, int(1)))
        XCTAssertEqual(predicate("ANY value[*] == 3"), cmp(keyPath(.property("value"), .subscript(.all), quantifier: .any), .equal, int(3)))
        XCTAssertEqual(predicate("value[first] == 1 AND value[LAST] == 2 AND value[Size] == 3"), .and([
            cmp(keyPath(.property("value"), .subscript(.first)), .equal, int(1)),
            cmp(keyPath(.property("value"), .subscript(.last)), .equal, int(2)),
            cmp(keyPath(.property("value"), .subscript(.size)), .equal, int(3)),
        ]))
        XCTAssertEqual(predicate("owner.value[0].name == 'a'"),
                       cmp(keyPath(.property("owner"), .property("value"), .subscript(.index(0)), .property("name")), .equal, str("a")))
        XCTAssertEqual(predicate("`a b`[1] == 1"), cmp(keyPath(.property("a b"), .subscript(.index(1))), .equal, int(1)))
        XCTAssertEqual(predicate("value.@size == 2"), cmp(path("value.@count"), .equal, int(2)))
    }

    func testModifiersAreStillModifiers() {
        XCTAssertEqual(predicate("name CONTAINS[c] 'a'"), cmp(path("name"), .contains, str("a"), .caseInsensitive))
        XCTAssertEqual(predicate("name ==[cd] 'a'"), cmp(path("name"), .equal, str("a"), [.caseInsensitive, .diacriticInsensitive]))
    }

    func testSubscriptsRoundTrip() {
        XCTAssertEqual(assertRoundTrip("value[ 0 ]  == 1 AND value[ 'k' ] == 2"), "value[0] == 1 AND value['k'] == 2")
        for text in ["value[0][*]['a\\'b'][FIRST] == 1", "ANY value[*] == 3", "value[LAST] == 1 AND value[SIZE] > 2", "`and`[0] == 1"] {
            assertRoundTrip(text)
        }
        XCTAssertEqual(assertRoundTrip("value[first] == 1"), "value[FIRST] == 1")
    }

    func testMalformedSubscripts() {
        XCTAssertEqual(parseError("value[0 == 1")?.message, "expected ']' to close the subscript opened at 5")
        XCTAssertEqual(parseError("value[99999999999] == 1")?.kind, .numberOutOfRange)
        XCTAssertEqual(parseError("value['a' == 1")?.kind, .unexpectedToken)
        XCTAssertEqual(parseError("value[FIRSTS] == 1")?.kind, .unknownModifier, "not a subscript word: a modifier")
    }
}
