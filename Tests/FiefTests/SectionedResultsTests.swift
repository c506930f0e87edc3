import Fief
import Foundation
import XCTest

final class SecItem: Object {
    @Persisted var name = ""
    @Persisted var score = 0
    @Persisted var tags: List<String>

    /// The first letter of the name (the section key in most tests).
    var firstLetter: String { name.first.map(String.init) ?? "" }
}

final class SecItemCard: Projection<SecItem> {
    @Projected(\SecItem.name) var title
    @Projected(\SecItem.score) var points
}

final class SectionedResultsTests: XCTestCase {
    func makeRealm() throws -> Realm {
        try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "sectioned-\(UUID())", objectTypes: [SecItem.self]))
    }

    /// apple, banana, box and cat: sections a [apple], b [banana, box], c [cat].
    func populate(_ realm: Realm) throws {
        try realm.write {
            for (name, score) in [("box", 3), ("apple", 1), ("cat", 4), ("banana", 2)] {
                realm.add(SecItem(value: ["name": name, "score": score]))
            }
        }
    }

    func layout<K, E>(_ sections: SectionedResults<K, E>, _ name: (E) -> String) -> String {
        sections.map { "\($0.key): \($0.map(name).joined(separator: " "))" }.joined(separator: " | ")
    }

    func describe<C>(_ change: SectionedResultsChange<C>) -> String {
        switch change {
        case .initial: return "initial"
        case .update(_, let d, let i, let m, let si, let sd):
            let paths = { (p: [IndexPath]) in p.map { "\($0.section).\($0.item)" }.joined(separator: ",") }
            return "del[\(paths(d))] ins[\(paths(i))] mod[\(paths(m))] secIns\(Array(si)) secDel\(Array(sd))"
        }
    }

    func testSectionedByKeyPathAscendingAndDescending() throws {
        let realm = try makeRealm()
        try populate(realm)
        let results = realm.objects(SecItem.self)
        let up = results.sectioned(by: \.firstLetter, sortDescriptors: [SortDescriptor(keyPath: "name")])
        XCTAssertEqual(layout(up, \.name), "a: apple | b: banana box | c: cat")
        XCTAssertEqual(up.allKeys, ["a", "b", "c"])
        XCTAssertEqual(up.count, 3)
        XCTAssertEqual(up[1].key, "b")
        XCTAssertEqual(up[1].id, "b")
        XCTAssertEqual(up[1].count, 2)
        XCTAssertEqual(up[1][1].name, "box")
        XCTAssertEqual(up[IndexPath(item: 0, section: 2)].name, "cat")
        XCTAssertTrue(up.realm === realm)
        XCTAssertFalse(up.isFrozen)
        XCTAssertFalse(up.isInvalidated)

        let byScore = results.sectioned(by: \.score, ascending: false)
        XCTAssertEqual(byScore.allKeys, [4, 3, 2, 1])
        XCTAssertEqual(byScore[0].first?.name, "cat")
    }

    func testSectionedByClosure() throws {
        let realm = try makeRealm()
        try populate(realm)
        let results = realm.objects(SecItem.self)
        let parity = results.sectioned(by: { $0.score % 2 == 0 ? "even" : "odd" }, sortDescriptors: [SortDescriptor(keyPath: "score")])
        XCTAssertEqual(layout(parity, \.name), "odd: apple box | even: banana cat")
        let byLength = results.sectioned(sortDescriptors: [SortDescriptor(keyPath: "name", ascending: false)]) { $0.name.count }
        XCTAssertEqual(layout(byLength, \.name), "3: cat box | 6: banana | 5: apple")
        // Filtered results section too.
        try realm.write { realm.add(SecItem(value: ["name": "owner"])) }
        XCTAssertEqual(results.filter("name != 'owner'").sectioned(by: \.firstLetter, ascending: true).count, 3)
    }

    func testSectionsFollowWrites() throws {
        let realm = try makeRealm()
        try populate(realm)
        let sections = realm.objects(SecItem.self).sectioned(by: \.firstLetter, sortDescriptors: [SortDescriptor(keyPath: "name")])
        let b = sections[1]
        try realm.write {
            realm.add(SecItem(value: ["name": "dog"]))
            realm.add(SecItem(value: ["name": "bee"]))
            realm.delete(realm.objects(SecItem.self).filter("name == 'apple'"))
        }
        XCTAssertEqual(layout(sections, \.name), "b: banana bee box | c: cat | d: dog")
        XCTAssertEqual(b.map(\.name), ["banana", "bee", "box"])
        try realm.write { realm.delete(realm.objects(SecItem.self).filter("name BEGINSWITH 'b'")) }
        XCTAssertEqual(b.count, 0)
        XCTAssertEqual(sections.allKeys, ["c", "d"])
    }

    func testObserveReportsSectionAndItemChanges() throws {
        let realm = try makeRealm()
        try populate(realm)
        let results = realm.objects(SecItem.self)
        let sections = results.sectioned(by: \.firstLetter, sortDescriptors: [SortDescriptor(keyPath: "name")])
        var seen: [String] = []
        let token = sections.observe(keyPaths: [\SecItem.name]) { change in
            if case .initial(let s) = change { XCTAssertEqual(s.count, 3) }
            seen.append(self.describe(change))
        }
        defer { token.invalidate() }
        try realm.write {
            realm.delete(results.filter("name IN {'banana', 'apple'}"))
            results.filter("name == 'box'").first!.name = "bog"
            realm.add(SecItem(value: ["name": "zebra"]))
        }
        XCTAssertEqual(layout(sections, \.name), "b: bog | c: cat | z: zebra")
        try realm.write {
            results.filter("name == 'bog'").first!.name = "bogg"
            results.filter("name == 'cat'").first!.score = 40       // not an observed key path
        }
        try realm.write { results.filter("name == 'cat'").first!.score = 41 }
        XCTAssertEqual(seen, ["initial",
                              "del[1.0,1.1] ins[0.0,2.0] mod[] secIns[2] secDel[0]",
                              "del[] ins[] mod[0.0] secIns[] secDel[]"])
    }

    func testObserveSection() throws {
        let realm = try makeRealm()
        try populate(realm)
        let results = realm.objects(SecItem.self)
        let sections = results.sectioned(by: \.firstLetter, sortDescriptors: [SortDescriptor(keyPath: "name")])
        var a: [String] = [], b: [String] = []
        let tokenA = sections[0].observe(keyPaths: ["name"]) { a.append(self.describe($0)) }
        let tokenB = sections[1].observe(keyPaths: ["name"]) { change in
            if case .update(let section, _, _, _, _, _) = change { XCTAssertEqual(section.key, "b") }
            b.append(self.describe(change))
        }
        defer { tokenA.invalidate(); tokenB.invalidate() }
        try realm.write { realm.delete(results.filter("name IN {'banana', 'apple'}")) }
        try realm.write {
            results.filter("name == 'box'").first!.name = "bog"
            realm.add(SecItem(value: ["name": "bag"]))
        }
        try realm.write { realm.add(SecItem(value: ["name": "app"])) }
        XCTAssertEqual(a, ["initial",
                           "del[] ins[] mod[] secIns[] secDel[0]",
                           "del[] ins[0.0] mod[] secIns[0] secDel[]"])
        XCTAssertEqual(b, ["initial",
                           "del[1.0] ins[] mod[] secIns[] secDel[]",
                           "del[0.0] ins[0.0,0.1] mod[] secIns[] secDel[]"])
    }

    func testFreezeAndThaw() throws {
        let realm = try makeRealm()
        try populate(realm)
        let sections = realm.objects(SecItem.self).sectioned(by: \.firstLetter, sortDescriptors: [SortDescriptor(keyPath: "name")])
        let frozen = sections.freeze()
        let frozenSection = sections[0].freeze()
        XCTAssertTrue(frozen.isFrozen)
        XCTAssertTrue(frozenSection.isFrozen)
        try realm.write { realm.add(SecItem(value: ["name": "zebra"])); realm.add(SecItem(value: ["name": "ant"])) }
        XCTAssertEqual(frozen.allKeys, ["a", "b", "c"])
        XCTAssertEqual(frozenSection.count, 1)
        XCTAssertEqual(sections.allKeys, ["a", "b", "c", "z"])
        let thawed = try XCTUnwrap(frozen.thaw())
        XCTAssertFalse(thawed.isFrozen)
        XCTAssertEqual(thawed.allKeys, ["a", "b", "c", "z"])
        XCTAssertEqual(frozenSection.thaw()?.count, 2)
        // Sectioning frozen results gives frozen sections.
        XCTAssertTrue(realm.objects(SecItem.self).freeze().sectioned(by: \.score, ascending: true).isFrozen)
    }

    func testEquality() throws {
        let realm = try makeRealm()
        try populate(realm)
        let results = realm.objects(SecItem.self)
        let one = results.sectioned(by: \.score, ascending: true)
        let two = results.sectioned(by: \.score, ascending: true)
        XCTAssertEqual(one, one)
        XCTAssertNotEqual(one, two)
        XCTAssertEqual(one[0], one[0])
        XCTAssertNotEqual(one[0], one[1])
    }

    func testSectioningValues() throws {
        let realm = try makeRealm()
        let item = SecItem(value: ["name": "holder"])
        item.tags.append(objectsIn: ["pear", "apple", "plum", "avocado"])
        try realm.write { realm.add(item) }
        let sections = item.tags.sectioned(by: { String($0.prefix(1)) }, ascending: true)
        XCTAssertEqual(layout(sections) { $0 }, "a: apple avocado | p: pear plum")
        let down = item.tags.sectioned(by: { String($0.prefix(1)) }, ascending: false)
        XCTAssertEqual(layout(down) { $0 }, "p: plum pear | a: avocado apple")
        var seen: [String] = []
        let token = sections.observe { seen.append(self.describe($0)) }
        defer { token.invalidate() }
        try realm.write { item.tags.append("banana") }
        XCTAssertEqual(layout(sections) { $0 }, "a: apple avocado | b: banana | p: pear plum")
        XCTAssertEqual(seen, ["initial", "del[] ins[1.0] mod[] secIns[1] secDel[]"])
    }

    func testSectioningProjections() throws {
        let realm = try makeRealm()
        try populate(realm)
        let cards = realm.objects(SecItemCard.self)
        let byPoints = cards.sectioned(by: \.points, ascending: false)
        XCTAssertEqual(byPoints.allKeys, [4, 3, 2, 1])
        XCTAssertEqual(byPoints[0][0].title, "cat")
        let byInitial = cards.sectioned(by: { String($0.title.prefix(1)) }, sortDescriptors: [SortDescriptor(keyPath: "name")])
        XCTAssertEqual(layout(byInitial, \.title), "a: apple | b: banana box | c: cat")
        var seen: [String] = []
        let token = byInitial.observe { seen.append(self.describe($0)) }
        defer { token.invalidate() }
        try realm.write { realm.add(SecItem(value: ["name": "bee"])) }
        XCTAssertEqual(seen, ["initial", "del[] ins[1.1] mod[] secIns[] secDel[]"])
    }
}
