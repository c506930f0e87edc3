import Fief
import Foundation
import XCTest

final class ListEditingTests: XCTestCase {
    /// A managed pet whose tags are "a" through "f".
    private func managedTags() throws -> (Realm, QPet) {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let p = QPet()
        p.tags.append(objectsIn: ["a", "b", "c", "d", "e", "f"])
        try realm.write { realm.add(p) }
        return (realm, p)
    }

    func testRangeEditsOnAManagedList() throws {
        let (realm, p) = try managedTags()
        try realm.write {
            p.tags.replace(index: 0, object: "A")            // A b c d e f
            p.tags.removeFirst()                             // b c d e f
            p.tags.removeLast(2)                             // b c d
            p.tags.insert(contentsOf: ["x", "y"], at: 1)     // b x y c d
            p.tags.removeSubrange(0..<1)                     // x y c d
            p.tags.replaceSubrange(1...2, with: ["1", "2", "3"]) // x 1 2 3 d
            p.tags.remove(atOffsets: [0, 4])                 // 1 2 3
        }
        XCTAssertEqual(Array(realm.objects(QPet.self).first!.tags), ["1", "2", "3"])
        try realm.write { p.tags.removeFirst(3) }
        XCTAssertTrue(p.tags.isEmpty)
    }

    func testRangeEditsOnAnUnmanagedList() {
        let tags = List<String>()
        tags.append(objectsIn: ["a", "b", "c", "d"])
        tags.replaceSubrange(1..<3, with: ["X"])
        XCTAssertEqual(Array(tags), ["a", "X", "d"])
        tags.removeLast()
        tags.insert(contentsOf: ["p", "q"], at: 0)
        XCTAssertEqual(Array(tags), ["p", "q", "a", "X"])
        XCTAssertEqual(Array(tags[1..<3]), ["q", "a"], "slices")
    }

    /// `move(fromOffsets:toOffset:)` against a reference model of SwiftUI's semantics, on
    /// managed lists, for random offsets and destinations.
    func testMoveFromOffsetsMatchesTheReferenceModel() throws {
        let (realm, p) = try managedTags()
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let n = p.tags.count
            var offsets = IndexSet()
            for i in 0..<n where Bool.random(using: &rng) { offsets.insert(i) }
            let destination = Int.random(in: 0...n, using: &rng)
            var model = Array(p.tags)
            let moving = offsets.map { model[$0] }
            let before = offsets.filter { $0 < destination }.count
            for i in offsets.reversed() { model.remove(at: i) }
            model.insert(contentsOf: moving, at: destination - before)
            try realm.write { p.tags.move(fromOffsets: offsets, toOffset: destination) }
            XCTAssertEqual(Array(p.tags), model, "offsets \(Array(offsets)) to \(destination)")
        }
        XCTAssertEqual(Set(p.tags), ["a", "b", "c", "d", "e", "f"])
    }

    func testObservingAListOfValues() throws {
        let (realm, p) = try managedTags()   // a b c d e f
        var changes: [String] = []
        let token = p.tags.observe { change in
            switch change {
            case .initial(let tags): changes.append("initial \(tags.count)")
            case .update(let tags, let deletions, let insertions, let modifications):
                changes.append("\(tags.count) -\(deletions) +\(insertions) ~\(modifications)")
            case .error(let error): changes.append("error \(error)")
            }
        }
        defer { token.invalidate() }
        try realm.write { p.tags.append("g") }                  // a b c d e f g
        try realm.write { p.tags[1] = "B" }                     // a B c d e f g
        try realm.write {
            p.tags.remove(at: 0)                                // B c d e f g
            p.tags.insert("z", at: 2)                           // B c z d e f g
            p.tags[0] = "b"                                     // b c z d e f g
        }
        try realm.write { p.name = "unrelated" }
        try realm.write { p.tags.move(from: 0, to: 6) }          // c z d e f g b
        try realm.write { p.tags.removeAll() }
        XCTAssertEqual(changes, ["initial 6", "7 -[] +[6] ~[]", "7 -[] +[] ~[1]", "7 -[0] +[2] ~[0]",
                                 "7 -[0] +[6] ~[]", "0 -[0, 1, 2, 3, 4, 5, 6] +[] ~[]"])
    }

    func testObservingASetOfValues() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let owner = QOwner()
        owner.nicknames.insert(objectsIn: ["x", "y"])
        try realm.write { realm.add(owner) }
        var changes: [String] = []
        let token = owner.nicknames.observe { change in
            if case .update(let set, let deletions, let insertions, _) = change { changes.append("\(set.count) -\(deletions) +\(insertions)") }
        }
        defer { token.invalidate() }
        try realm.write { owner.nicknames.insert("z") }
        try realm.write { owner.nicknames.insert("z") }
        try realm.write { owner.nicknames.remove("x") }
        XCTAssertEqual(changes, ["3 -[] +[2]", "2 -[0] +[]"], "inserting a member again changes nothing")
    }
}

final class MutableSetAlgebraTests: XCTestCase {
    func testSetOperationsOnManagedSets() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        let a = QOwner(), b = QOwner()
        a.id = 1
        b.id = 2
        a.nicknames.insert(objectsIn: ["x", "y", "z", "x"])
        b.nicknames.insert(objectsIn: ["y", "w"])
        try realm.write { realm.add([a, b]) }
        XCTAssertEqual(a.nicknames.count, 3, "insert(objectsIn:) skips members")
        XCTAssertTrue(a.nicknames.intersects(b.nicknames))
        XCTAssertFalse(a.nicknames.isSubset(of: b.nicknames))
        try realm.write { a.nicknames.formUnion(b.nicknames) }
        XCTAssertEqual(Set(a.nicknames), ["x", "y", "z", "w"])
        XCTAssertTrue(b.nicknames.isSubset(of: a.nicknames))
        try realm.write { a.nicknames.subtract(b.nicknames) }
        XCTAssertEqual(Set(a.nicknames), ["x", "z"])
        XCTAssertFalse(a.nicknames.intersects(b.nicknames))
        try realm.write {
            a.nicknames.insert("w")
            a.nicknames.formIntersection(b.nicknames)
        }
        XCTAssertEqual(Array(a.nicknames), ["w"])
        XCTAssertEqual(a.nicknames.index(of: "w"), 0)
        XCTAssertNil(a.nicknames.index(of: "x"))
        XCTAssertEqual(a.nicknames[0], "w")
        XCTAssertEqual(b.nicknames.map { $0 }, ["y", "w"], "positions follow insertion order")
    }

    func testSetOperationsOnObjectsCompareManagedObjects() throws {
        let realm = try Realm(configuration: memoryConfiguration(holderTypes))
        let x = QPet(), y = QPet()
        x.name = "x"
        y.name = "y"
        let h1 = Holder(), h2 = Holder()
        h1.id = 1
        h2.id = 2
        try realm.write {
            h1.petSet.insert(objectsIn: [x, y])
            h2.petSet.insert(y)
            realm.add([h1, h2])
        }
        let again = realm.objects(Holder.self).filter("id == 2").first!
        XCTAssertTrue(again.petSet.isSubset(of: h1.petSet), "the same managed object read twice is one member")
        try realm.write { h1.petSet.subtract(again.petSet) }
        XCTAssertEqual(h1.petSet.map(\.name), ["x"])
    }

    let holderTypes: [ObjectBase.Type] = [Holder.self, Address.self, QPet.self, QOwner.self]
}
