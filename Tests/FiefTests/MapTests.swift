import Fief
import Foundation
import XCTest

final class MapTests: XCTestCase {
    let holderTypes: [ObjectBase.Type] = [Holder.self, Address.self, QPet.self, QOwner.self]

    private func ownerWithScores() throws -> (Realm, QOwner) {
        let realm = try Realm(configuration: memoryConfiguration(holderTypes))
        let owner = QOwner()
        owner.id = 1
        owner.scores["b"] = 2
        owner.scores["a"] = 1
        try realm.write { realm.add(owner) }
        return (realm, owner)
    }

    func testEditing() throws {
        let (realm, owner) = try ownerWithScores()
        try realm.write {
            owner.scores.updateValue(5, forKey: "c")
            owner.scores.merge([(key: "a", value: 10), (key: "d", value: 4)]) { $0 + $1 }
            owner.scores.merge(["b": 7]) { old, _ in old }
        }
        XCTAssertEqual(owner.scores.keys, ["a", "b", "c", "d"])
        XCTAssertEqual(owner.scores.values, [11, 2, 5, 4])
        let other = Map<String, Int>()
        other["c"] = 100
        other["e"] = 3
        try realm.write {
            owner.scores.merge(other) { _, new in new }
            owner.scores.removeObject(for: "a")
        }
        XCTAssertEqual(realm.objects(QOwner.self).first!.scores.values, [2, 100, 4, 3])
        XCTAssertTrue(owner.scores.contains { key, value in key == "e" && value == 3 })
        XCTAssertFalse(owner.scores.contains { _, value in value > 1000 })
        try realm.write { owner.scores.removeAll() }
        XCTAssertEqual(owner.scores.count, 0)
        XCTAssertEqual(realm.objects(QOwner.self).first!.scores.keys, [])
        other.removeAll()
        XCTAssertEqual(other.count, 0, "unmanaged maps too")
    }

    func testKeyValueCodingAndIteration() throws {
        let realm = try Realm(configuration: memoryConfiguration(holderTypes))
        let holder = Holder()
        let rex = QPet()
        rex.name = "Rex"
        try realm.write {
            holder.petsByName["rex"] = rex
            holder.petsByName["none"] = .some(nil)
            realm.add(holder)
        }
        XCTAssertEqual((holder.petsByName.value(forKey: "rex") ?? nil)?.name, "Rex")
        XCTAssertEqual(holder.petsByName.value(forKeyPath: "rex.name") as? String, "Rex")
        XCTAssertNil(holder.petsByName.value(forKeyPath: "none.name"))
        XCTAssertTrue(holder.petsByName.value(forKey: "missing") == nil)
        try realm.write { holder.petsByName.setValue(nil, forKey: "none") }
        XCTAssertEqual(holder.petsByName.keys, ["rex"])

        let (_, owner) = try ownerWithScores()
        XCTAssertEqual(owner.scores.map(\.key), ["a", "b"])
        XCTAssertEqual(owner.scores.map(\.value), [1, 2])
        var pairs: [String] = []
        for (key, value) in owner.scores.asKeyValueSequence() { pairs.append("\(key)=\(value)") }
        XCTAssertEqual(pairs, ["a=1", "b=2"])
        XCTAssertEqual(SingleMapEntry(key: "a", value: 1), SingleMapEntry(key: "a", value: 9), "entries compare by key")
        XCTAssertEqual(Set(owner.scores).count, 2)
    }

    func testAggregates() throws {
        let (realm, owner) = try ownerWithScores()
        try realm.write { owner.scores["c"] = 6 }
        XCTAssertEqual(owner.scores.min(), 1)
        XCTAssertEqual(owner.scores.max(), 6)
        XCTAssertEqual(owner.scores.sum(), 9)
        XCTAssertEqual(owner.scores.average() as Double?, 3)
        XCTAssertEqual(owner.scores.sorted(ascending: false), [6, 2, 1])
        XCTAssertNil(Map<String, Int>().max())

        let holder = Holder()
        let a = QPet(), b = QPet()
        a.age = 3
        b.age = 7
        try realm.write {
            holder.petsByName["a"] = a
            holder.petsByName["b"] = b
            holder.petsByName["none"] = .some(nil)
            realm.add(holder)
        }
        XCTAssertEqual(holder.petsByName.sum(ofProperty: "age") as Int, 10, "nil values are skipped")
        XCTAssertEqual(holder.petsByName.max(ofProperty: "age") as Int?, 7)
        XCTAssertEqual(holder.petsByName.min(of: \QPet.age), 3)
        XCTAssertEqual(holder.petsByName.average(of: \QPet.age), 5)
    }

    func testFreezeAndThaw() throws {
        let (realm, owner) = try ownerWithScores()
        let frozen = owner.scores.freeze()
        XCTAssertTrue(frozen.isFrozen)
        try realm.write { owner.scores["z"] = 26 }
        XCTAssertEqual(frozen.keys, ["a", "b"])
        XCTAssertEqual(frozen.thaw()?.keys, ["a", "b", "z"])
        try realm.write { realm.delete(owner) }
        XCTAssertNil(frozen.thaw())
    }

    func testCodable() throws {
        let (_, owner) = try ownerWithScores()
        let data = try JSONEncoder().encode(owner.scores)
        let decoded = try JSONDecoder().decode([String: Int].self, from: data)
        XCTAssertEqual(decoded, ["a": 1, "b": 2])
        let map = try JSONDecoder().decode(Map<String, Int>.self, from: Data(#"{"x": 5, "y": 6}"#.utf8))
        XCTAssertEqual(map.keys, ["x", "y"])
        XCTAssertEqual(map["y"], 6)
        XCTAssertNil(map.realm)
    }

    func testGenericKeyedCode() throws {
        func total<M: RealmKeyedCollection>(_ counts: M) -> Int where M.Value == Int { counts.sum() }
        let (_, owner) = try ownerWithScores()
        XCTAssertEqual(total(owner.scores), 3)
    }

    func testQueriesOverObjectValues() throws {
        let realm = try Realm(configuration: memoryConfiguration(holderTypes))
        let holder = Holder()
        let names = ["rex": 5, "ace": 1, "bo": 3]
        try realm.write {
            for (name, age) in names {
                let pet = QPet()
                pet.name = name
                pet.age = age
                holder.petsByName[name] = pet
            }
            holder.petsByName["nobody"] = .some(nil)
            realm.add(holder)
            let stray = QPet()
            stray.age = 9
            realm.add(stray)
        }
        XCTAssertEqual(holder.petsByName.filter("age > %@", 2).map(\.name), ["bo", "rex"], "key order, nil values left out, other pets not")
        let young = holder.petsByName.where { $0.age < 4 }
        XCTAssertEqual(young.map(\.name), ["ace", "bo"])
        XCTAssertEqual(holder.petsByName.sorted(byKeyPath: "age", ascending: false).map(\.name), ["rex", "bo", "ace"])
        XCTAssertEqual(holder.petsByName.sorted(by: \QPet.name).map(\.age), [1, 3, 5])
        XCTAssertEqual(holder.petsByName.sorted(by: [Fief.SortDescriptor(keyPath: "age")]).map(\.name), ["ace", "bo", "rex"])
        try realm.write { holder.petsByName.removeObject(for: "ace") }
        XCTAssertEqual(young.map(\.name), ["bo"], "live")
    }

    func testObserving() throws {
        let (realm, owner) = try ownerWithScores()
        var changes: [String] = []
        let token = owner.scores.observe { change in
            switch change {
            case .initial(let map): changes.append("initial \(map.keys)")
            case .update(_, let deletions, let insertions, let modifications): changes.append("\(deletions) \(insertions) \(modifications)")
            case .error(let error): changes.append("error \(error)")
            }
        }
        try realm.write { owner.scores["c"] = 3 }
        try realm.write {
            owner.scores["a"] = 10
            owner.scores.removeObject(for: "b")
        }
        try realm.write { owner.age = 5 }
        try realm.write { owner.scores["a"] = 10 }
        XCTAssertEqual(changes, [#"initial ["a", "b"]"#, #"[] ["c"] []"#, #"["b"] [] ["a"]"#], "unrelated and no-op writes are not reported")
        token.invalidate()
        try realm.write { owner.scores["z"] = 1 }
        XCTAssertEqual(changes.count, 3, "nothing after invalidate()")
    }

    func testObservingObjectValues() throws {
        let realm = try Realm(configuration: memoryConfiguration(holderTypes))
        let holder = Holder()
        let rex = QPet(), ace = QPet()
        try realm.write {
            holder.petsByName["rex"] = rex
            holder.petsByName["ace"] = ace
            realm.add(holder)
        }
        var modified: [[String]] = []
        let token = holder.petsByName.observe(keyPaths: ["age"]) { change in
            if case .update(_, _, _, let modifications) = change { modified.append(modifications) }
        }
        defer { token.invalidate() }
        try realm.write { rex.age = 4 }
        try realm.write { ace.name = "Ace" }
        try realm.write { realm.delete(ace) }
        XCTAssertEqual(modified, [["rex"], ["ace"]], "an age change, then ace's value becoming nil; a name change is not watched")
        try realm.write { realm.delete(holder) }
        try realm.write { rex.age = 9 }
        XCTAssertEqual(modified.count, 2, "deliveries end with the map's object")
    }
}
