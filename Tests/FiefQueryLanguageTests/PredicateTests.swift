import XCTest
@testable import FiefQueryLanguage

/// Comparisons, connectives and their precedence.
final class PredicateTests: XCTestCase {
    func testComparisonOperators() {
        let table: [(String, ComparisonOperator)] = [
            ("==", .equal), ("=", .equal), ("!=", .notEqual), ("<>", .notEqual), ("<", .less), ("<=", .lessOrEqual),
            ("=<", .lessOrEqual), (">", .greater), (">=", .greaterOrEqual), ("=>", .greaterOrEqual),
            ("CONTAINS", .contains), ("contains", .contains), ("BeginsWith", .beginsWith), ("ENDSWITH", .endsWith),
            ("like", .like), ("IN", .in),
        ]
        for (text, op) in table {
            XCTAssertEqual(predicate("age \(text) 3"), cmp(path("age"), op, int(3)), text)
        }
        XCTAssertEqual(predicate("age>3"), cmp(path("age"), .greater, int(3)))
    }

    func testModifiers() {
        XCTAssertEqual(predicate("name BEGINSWITH[c] 'a'"), cmp(path("name"), .beginsWith, str("a"), .caseInsensitive))
        XCTAssertEqual(predicate("name contains[d] 'a'"), cmp(path("name"), .contains, str("a"), .diacriticInsensitive))
        XCTAssertEqual(
            predicate("name ==[cd] 'a'"), cmp(path("name"), .equal, str("a"), [.caseInsensitive, .diacriticInsensitive]))
        XCTAssertEqual(predicate("name LIKE[c] 'a?b*'"), cmp(path("name"), .like, str("a?b*"), .caseInsensitive))
        XCTAssertEqual(predicate("name IN[c] {'a'}"), cmp(path("name"), .in, .list([str("a")]), .caseInsensitive))
    }

    func testInAndBetween() {
        XCTAssertEqual(predicate("age IN {1, 2}"), cmp(path("age"), .in, .list([int(1), int(2)])))
        XCTAssertEqual(predicate("age IN {}"), cmp(path("age"), .in, .list([])))
        XCTAssertEqual(predicate("age in $0"), cmp(path("age"), .in, .argument(0)))
        XCTAssertEqual(predicate("age BETWEEN {1, $1}"), cmp(path("age"), .between, .list([int(1), .argument(1)])))
        XCTAssertEqual(predicate("age between $2"), cmp(path("age"), .between, .argument(2)))
        XCTAssertEqual(
            predicate("x IN {true, NULL, -1.5}"),
            cmp(path("x"), .in, .list([.literal(.bool(true)), .literal(.null), .literal(.double(-1.5))])))
    }

    func testConnectivesAndPrecedence() {
        let a = cmp(path("a"), .equal, int(1))
        let b = cmp(path("b"), .equal, int(2))
        let c = cmp(path("c"), .equal, int(3))
        XCTAssertEqual(predicate("a == 1 AND b == 2 OR c == 3"), .or([.and([a, b]), c]))
        XCTAssertEqual(predicate("a == 1 || b == 2 && c == 3"), .or([a, .and([b, c])]))
        XCTAssertEqual(predicate("NOT a == 1 AND b == 2"), .and([.not(a), b]))
        XCTAssertEqual(predicate("!a == 1 or b == 2"), .or([.not(a), b]))
        XCTAssertEqual(predicate("not (a == 1 AND b == 2)"), .not(.and([a, b])))
        XCTAssertEqual(predicate("a == 1 AND (b == 2 OR c == 3)"), .and([a, .or([b, c])]))
        XCTAssertEqual(predicate("(a == 1 AND b == 2) AND c == 3"), .and([.and([a, b]), c]))
        XCTAssertEqual(predicate("a == 1 and b == 2 AND c == 3"), .and([a, b, c]))
        XCTAssertEqual(predicate("((a == 1))"), a)
        XCTAssertEqual(predicate("NOT NOT a == 1"), .not(.not(a)))
        XCTAssertEqual(predicate("TRUEPREDICATE"), .truePredicate)
        XCTAssertEqual(predicate("falsepredicate OR truePredicate"), .or([.falsePredicate, .truePredicate]))
    }

    func testKeyPaths() {
        XCTAssertEqual(predicate("dog.owner.name == 'x'"), cmp(path("dog.owner.name"), .equal, str("x")))
        XCTAssertEqual(predicate("_private_1 == 1"), cmp(path("_private_1"), .equal, int(1)))
        XCTAssertEqual(predicate("`first name` == 1"), cmp(path("first name"), .equal, int(1)))
        XCTAssertEqual(predicate("`and`.`a\\`b` == 1"), cmp(path("and.a`b"), .equal, int(1)))
        XCTAssertEqual(predicate("dog.and == 1"), cmp(path("dog.and"), .equal, int(1)))
        XCTAssertEqual(predicate("größe == 1"), cmp(path("größe"), .equal, int(1)))
        XCTAssertEqual(predicate("3 < age"), cmp(int(3), .less, path("age")))
        XCTAssertEqual(predicate("asc == 1"), cmp(path("asc"), .equal, int(1)))
    }

    func testCollectionOperatorsAndQuantifiers() {
        XCTAssertEqual(predicate("dogs.@count > 2"), cmp(path("dogs.@count"), .greater, int(2)))
        XCTAssertEqual(predicate("dogs.@size > 2"), cmp(path("dogs.@count"), .greater, int(2)))
        XCTAssertEqual(predicate("dogs.@avg.age < 5"), cmp(path("dogs.@avg.age"), .less, int(5)))
        for name in ["sum", "min", "max"] {
            XCTAssertEqual(predicate("scores.@\(name) >= 1"), cmp(path("scores.@\(name)"), .greaterOrEqual, int(1)))
        }
        XCTAssertEqual(predicate("map.@keys == 'a'"), cmp(path("map.@keys"), .equal, str("a")))
        XCTAssertEqual(predicate("map.@values > 1"), cmp(path("map.@values"), .greater, int(1)))
        XCTAssertEqual(predicate("ANY dogs.age > 3"), cmp(path("dogs.age", .any), .greater, int(3)))
        XCTAssertEqual(predicate("some dogs.age > 3"), cmp(path("dogs.age", .any), .greater, int(3)))
        XCTAssertEqual(predicate("ALL dogs.age > 3"), cmp(path("dogs.age", .all), .greater, int(3)))
        XCTAssertEqual(predicate("none dogs.age > 3"), cmp(path("dogs.age", .noneOf), .greater, int(3)))
    }

    func testBacklinks() {
        let links = KeyPathExpression([.backlink(objectType: "Person", property: "dogs"), .property("name")])
        XCTAssertEqual(predicate("@links.Person.dogs.name == 'a'"), cmp(.keyPath(links), .equal, str("a")))
        XCTAssertEqual(predicate("@links.@count == 0"), cmp(path("@links.@count"), .equal, int(0)))
        XCTAssertEqual(
            predicate("ANY @links.Person.dogs.age > 1"),
            cmp(.keyPath(KeyPathExpression(quantifier: .any, [.backlink(objectType: "Person", property: "dogs"), .property("age")])),
                .greater, int(1)))
        XCTAssertEqual(
            predicate("owner.@links.@count > 1"), cmp(path("owner.@links.@count"), .greater, int(1)))
    }

    func testSubquery() {
        let inner = cmp(path("$d.age"), .greater, int(3))
        let expected = cmp(
            .subquery(Subquery(collection: KeyPathExpression(properties: "dogs"), variable: "$d", predicate: inner)),
            .greater, int(1))
        XCTAssertEqual(predicate("SUBQUERY(dogs, $d, $d.age > 3).@count > 1"), expected)
        XCTAssertEqual(predicate("subquery(dogs, $d, $d.age > 3).@size > 1"), expected)
    }

    func testArgumentsAndHighestIndex() throws {
        let query = try QueryLanguage.parse("a == $0 AND b IN {$3, 1} AND SUBQUERY(c, $x, $x.v == $7).@count > $2")
        XCTAssertEqual(query.highestArgumentIndex, 7)
        XCTAssertNil(try QueryLanguage.parse("a == 1").highestArgumentIndex)
        XCTAssertEqual(predicate("$0 == name"), cmp(.argument(0), .equal, path("name")))
    }

    func testDescriptors() throws {
        let query = try QueryLanguage.parse(
            "TRUEPREDICATE SORT(name ASC, age DESCENDING) DISTINCT(name, dog.age) LIMIT(10) sort(x ascending) limit(0)")
        XCTAssertEqual(query.descriptors, [
            .sort([SortKey(KeyPathExpression(properties: "name"), ascending: true),
                   SortKey(KeyPathExpression(properties: "age"), ascending: false)]),
            .distinct([KeyPathExpression(properties: "name"), KeyPathExpression(properties: "dog", "age")]),
            .limit(10),
            .sort([SortKey(KeyPathExpression(properties: "x"), ascending: true)]),
            .limit(0),
        ])
        XCTAssertEqual(try QueryLanguage.parse("a == 1 LIMIT(5)").descriptors, [.limit(5)])
        XCTAssertEqual(try QueryLanguage.parse("a == 1 SORT(b desc)").descriptors,
                       [.sort([SortKey(KeyPathExpression(properties: "b"), ascending: false)])])
    }

    func testWhitespaceAndNewlines() {
        XCTAssertEqual(predicate("  a\n==\t1\r\n"), cmp(path("a"), .equal, int(1)))
    }
}
