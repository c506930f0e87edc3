import XCTest
@testable import FiefQueryLanguage

/// `parse(print(ast)) == ast` for a table of queries, and the canonical text of some of them.
final class RoundTripTests: XCTestCase {
    static let queries: [String] = [
        "age > 3 AND name BEGINSWITH[c] 'a'",
        "a == 1 OR b == 2 AND c == 3",
        "(a == 1 OR b == 2) AND c == 3",
        "(a == 1 AND b == 2) AND c == 3",
        "a == 1 AND (b == 2 AND c == 3)",
        "(a == 1 OR b == 2) OR c == 3",
        "NOT (a == 1 OR b == 2)",
        "NOT NOT a == 1",
        "!(a == 1) && !b == 2 || c == 3",
        "name CONTAINS[cd] 'x' AND name ENDSWITH[d] 'y' AND name LIKE '*a?'",
        "name ==[c] 'a' AND name !=[c] 'b' AND name IN[c] {'a', 'b'}",
        "age BETWEEN {1, 2} AND age BETWEEN $0 AND x IN $1 AND x IN {}",
        "ANY dogs.age > 3 AND ALL dogs.age < 9 AND NONE dogs.name == 'x' AND SOME tags == 't'",
        "dogs.@count > 2 AND dogs.@size == 1 AND dogs.@avg.age < 5 AND s.@sum > 1 AND s.@min < 0 AND s.@max > 0",
        "m.@keys == 'a' AND m.@values > 0",
        "@links.Person.dogs.@count == 0 AND @links.@count > 1 AND o.@links.@count > 0",
        "ANY @links.`Person Type`.`and`.name == 'x'",
        "SUBQUERY(dogs, $d, $d.age > 3 AND SUBQUERY($d.toys, $t, $t.n == $0).@count > 0).@count > 1",
        "`and` == 1 AND `first name` == 2 AND `a\\`b` == 3 AND `1x` == 4 AND `T1` == 5 AND `$1` == 6",
        "a.and.or.not == 1 AND größe > 2",
        "x == 0x10 AND x == -9223372036854775808 AND x == 9223372036854775807",
        "x == 1.5 AND x == -0.0 AND x == 1e-300 AND x == 5e-324 AND x == 1e308 AND x == inf AND x == -inf AND x == nan",
        "x == 'a\\nb\\tc\\\\d\\'e\"f' AND x == \"\\u0001\\u007f\" AND x == '😀' AND x == ''",
        "x == true AND x == FALSE AND x == nil AND x == NULL",
        "x == oid(507f1f77bcf86cd799439011) AND x == uuid(123E4567-e89b-12d3-a456-426614174000)",
        "x == T1609459200:0 AND x == T-5:-20 AND x == 2021-01-01@17:30:15:0 AND x == 1969-12-31T23:59:59:1",
        "x == B64\"aGVsbG8=\" AND x == B64\"\"",
        "x == $0 AND $1 == y AND {1, $2} CONTAINS z",
        "TRUEPREDICATE",
        "FALSEPREDICATE OR TRUEPREDICATE",
        "TRUEPREDICATE SORT(name ASC, age DESC) DISTINCT(name, dog.age) LIMIT(10) SORT(`and` ASC) LIMIT(0)",
        "a == 1 sort(a ascending) distinct(b) limit(3)",
    ]

    func testTable() {
        for query in Self.queries { assertRoundTrip(query) }
    }

    func testCanonicalText() throws {
        let cases: [(String, String)] = [
            ("age>3 and name beginswith[c] \"a\"", "age > 3 AND name BEGINSWITH[c] 'a'"),
            ("a = 1 || b <> 2 && !c =< 3", "a == 1 OR b != 2 AND NOT c <= 3"),
            ("(a == 1 OR b == 2) AND c == 3", "(a == 1 OR b == 2) AND c == 3"),
            ("((a == 1)) OR (b == 2 OR c == 3)", "a == 1 OR (b == 2 OR c == 3)"),
            ("NOT (a == 1 AND b == 2)", "NOT (a == 1 AND b == 2)"),
            ("some x.@size == 0x10", "ANY x.@count == 16"),
            ("subquery(d, $x, $x.a == 1).@size > 0", "SUBQUERY(d, $x, $x.a == 1).@count > 0"),
            ("x == 2021-01-01@00:00:00 sort(a asc) limit(2)", "x == T1609459200:0 SORT(a ASC) LIMIT(2)"),
            ("x == 1e-3 AND y == INFINITY AND z == -NaN", "x == 0.001 AND y == inf AND z == nan"),
            ("x == OID(507F1F77BCF86CD799439011)", "x == oid(507f1f77bcf86cd799439011)"),
            ("x ==[dc] 'a'", "x ==[cd] 'a'"),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(try QueryLanguage.parse(input).description, expected, input)
        }
    }
}
