import Fief
import Foundation
import XCTest

final class RealmCollectionTests: XCTestCase {
    private func pet(_ name: String, _ age: Int, weight: Double = 1) -> QPet {
        let p = QPet()
        p.name = name
        p.age = age
        p.weight = weight
        return p
    }

    /// An owner whose pets list is [c(3), a(1), b(2), a(1) again] plus an unlisted pet.
    private func ownerWithPets() throws -> (Realm, QOwner, [QPet]) {
        let realm = try Realm(configuration: memoryConfiguration(holderTypes))
        let a = pet("a", 1, weight: 4), b = pet("b", 2, weight: 6), c = pet("c", 3, weight: 8), d = pet("d", 9)
        let owner = QOwner()
        owner.id = 1
        owner.age = 40
        try realm.write {
            realm.add(d)
            owner.pets.append(objectsIn: [c, a, b, a])
            realm.add(owner)
        }
        return (realm, owner, [a, b, c, d])
    }

    let holderTypes: [ObjectBase.Type] = [Holder.self, Address.self, QPet.self, QOwner.self]

    private func stats<C: RealmCollection>(_ pets: C) -> (Int, Int?, Int?, Int, Double?) where C.Element == QPet {
        (pets.count, pets.min(ofProperty: "age"), pets.max(ofProperty: "age"), pets.sum(ofProperty: "age"), pets.average(ofProperty: "age"))
    }

    func testGenericCodeTakesEveryCollection() throws {
        let (realm, owner, pets) = try ownerWithPets()
        let holder = Holder()
        try realm.write {
            holder.petSet.insert(objectsIn: [pets[1], pets[3]])
            realm.add(holder)
        }
        let all = stats(realm.objects(QPet.self))
        XCTAssertEqual(all.0, 4); XCTAssertEqual(all.1, 1); XCTAssertEqual(all.2, 9); XCTAssertEqual(all.3, 15); XCTAssertEqual(all.4, 3.75)
        let listed = stats(owner.pets)
        XCTAssertEqual(listed.0, 4); XCTAssertEqual(listed.1, 1); XCTAssertEqual(listed.2, 3); XCTAssertEqual(listed.3, 7); XCTAssertEqual(listed.4, 1.75)
        let inSet = stats(holder.petSet)
        XCTAssertEqual(inSet.0, 2); XCTAssertEqual(inSet.1, 2); XCTAssertEqual(inSet.2, 9); XCTAssertEqual(inSet.3, 11); XCTAssertEqual(inSet.4, 5.5)
        let erased = stats(AnyRealmCollection(owner.pets))
        XCTAssertEqual(erased.3, 7)
        // Unmanaged lists aggregate too.
        let loose = List<QPet>()
        loose.append(objectsIn: [pet("x", 5), pet("y", 7)])
        XCTAssertEqual(stats(loose).3, 12)
        XCTAssertEqual(stats(loose).2, 7)
        XCTAssertEqual(owner.pets.sum(ofProperty: "weight") as Double, 22)
        XCTAssertEqual(owner.pets.max(of: \.weight), 8)
        XCTAssertEqual(owner.pets.min(of: \.name), "a")
        XCTAssertEqual(owner.pets.sum(of: \.age), 7)
        XCTAssertEqual(owner.pets.average(of: \.weight), 5.5)
        XCTAssertNil(owner.pets.average(ofProperty: "age") as Int?, "1.75 is not an Int")
        XCTAssertEqual(realm.objects(QPet.self).filter("age < 3").average(ofProperty: "age") as Int?, nil)
        XCTAssertEqual(realm.objects(QPet.self).filter("age == 1 OR age == 3").average(ofProperty: "age") as Int?, 2)
        // Backlinks.
        let owners = pets[0].owners
        XCTAssertEqual(owners.count, 1)
        XCTAssertEqual(owners.sum(ofProperty: "age") as Int, 40)
    }

    func testListQueriesKeepListOrderAndFollowChanges() throws {
        let (realm, owner, pets) = try ownerWithPets()
        let older = owner.pets.filter("age >= %@", 1)
        XCTAssertEqual(older.map(\.name), ["c", "a", "b", "a"], "list order and duplicates, not class order")
        XCTAssertEqual(owner.pets.filter("age > 1").map(\.name), ["c", "b"])
        XCTAssertEqual(owner.pets.where { $0.age < 3 }.map(\.name), ["a", "b", "a"])
        XCTAssertEqual(owner.pets.sorted(byKeyPath: "name").map(\.name), ["a", "a", "b", "c"])
        XCTAssertEqual(owner.pets.sorted(byKeyPath: "age", ascending: false).map(\.name), ["c", "b", "a", "a"])
        XCTAssertEqual(owner.pets.sorted(by: \.weight, ascending: false).map(\.name), ["c", "b", "a", "a"])
        XCTAssertEqual(owner.pets.sorted(by: [SortDescriptor(keyPath: "name", ascending: false)]).map(\.name), ["c", "b", "a", "a"])
        XCTAssertEqual(owner.pets.distinct(by: ["name"]).map(\.name), ["c", "a", "b"])
        XCTAssertEqual(owner.pets.index(matching: "name == %@", "b"), 2)
        XCTAssertEqual(owner.pets.index(matching: { $0.name == "a" }), 1)
        XCTAssertNil(owner.pets.index(matching: "name == 'd'"), "d is in the realm but not in the list")
        XCTAssertEqual(owner.pets.filter("age > 1").sum(ofProperty: "age") as Int, 5)

        // Live: the results follow the list.
        try realm.write {
            owner.pets.append(pets[3])
            owner.pets.remove(at: 0)
        }
        XCTAssertEqual(older.map(\.name), ["a", "b", "a", "d"])
        try realm.write { realm.delete(owner) }
        XCTAssertEqual(older.count, 0, "the list's owner is gone")
    }

    func testSetAndBacklinkQueries() throws {
        let (realm, owner, pets) = try ownerWithPets()
        let second = QOwner()
        second.id = 2
        second.age = 20
        let holder = Holder()
        try realm.write {
            second.pets.append(pets[0])
            realm.add(second)
            holder.petSet.insert(objectsIn: [pets[2], pets[0], pets[3]])
            realm.add(holder)
        }
        XCTAssertEqual(holder.petSet.filter("age < 5").map(\.name), ["c", "a"])
        XCTAssertEqual(holder.petSet.sorted(byKeyPath: "age").map(\.name), ["a", "c", "d"])
        let owners = pets[0].owners
        XCTAssertEqual(Set(owners.map(\.id)), [1, 2])
        XCTAssertEqual(owners.filter("age > 30").map(\.id), [1])
        XCTAssertEqual(owners.sorted(byKeyPath: "age").map(\.id), [2, 1])
        XCTAssertEqual(owners.index(of: owner), owners.firstIndex { $0.id == 1 })
        try realm.write { second.pets.removeAll() }
        XCTAssertEqual(owners.filter("age > 0").map(\.id), [1], "backlink results follow the links")
    }

    func testObjectsAtAndKeyValueCoding() throws {
        let (realm, owner, _) = try ownerWithPets()
        XCTAssertEqual(owner.pets.objects(at: [0, 2]).map(\.name), ["c", "b"])
        XCTAssertEqual(owner.pets.value(forKey: "name") as? [String], ["c", "a", "b", "a"])
        XCTAssertEqual(realm.objects(QPet.self).sorted(byKeyPath: "name").value(forKey: "age") as? [Int], [1, 2, 3, 9])
        XCTAssertEqual(owner.pets.value(forKey: "breed").count, 4)
        XCTAssertTrue(owner.pets.value(forKey: "breed").allSatisfy { $0 == nil })
        try realm.write { owner.pets.setValue(true, forKey: "vaccinated") }
        XCTAssertEqual(realm.objects(QPet.self).filter("vaccinated == true").count, 3)
        let tags = List<String>()
        tags.append(objectsIn: ["x", "y"])
        XCTAssertEqual(tags.value(forKey: "self") as? [String], ["x", "y"])
    }

    func testValueAggregatesSortAndDistinct() throws {
        let realm = try Realm(configuration: memoryConfiguration(holderTypes))
        let p = QPet()
        p.tags.append(objectsIn: ["b", "c", "a", "b"])
        let scores = List<Int>()
        scores.append(objectsIn: [3, 1, 4, 1, 5])
        XCTAssertEqual(scores.min(), 1)
        XCTAssertEqual(scores.max(), 5)
        XCTAssertEqual(scores.sum(), 14)
        XCTAssertEqual(scores.average() as Double?, 2.8)
        XCTAssertEqual(scores.sorted(ascending: false), [5, 4, 3, 1, 1])
        XCTAssertEqual(scores.distinct(), [3, 1, 4, 5])
        XCTAssertNil(List<Int>().min())
        XCTAssertEqual(List<Double>().sum(), 0)
        try realm.write { realm.add(p) }
        XCTAssertEqual(p.tags.sorted(), ["a", "b", "b", "c"])
        XCTAssertEqual(p.tags.distinct(), ["b", "c", "a"])
        XCTAssertEqual(p.tags.index(of: "c"), 1)
        let optionals = List<Int?>()
        optionals.append(objectsIn: [nil, 2, 8])
        XCTAssertEqual(optionals.min(), 2, "nil values are skipped")
        XCTAssertEqual(optionals.average() as Double?, 5)
    }

    func testFreezeAndThaw() throws {
        let (realm, owner, pets) = try ownerWithPets()
        let holder = Holder()
        try realm.write {
            holder.petSet.insert(pets[1])
            realm.add(holder)
        }
        let frozenPets = realm.freeze(owner.pets)
        let frozenSet = holder.petSet.freeze()
        let frozenOwners = pets[0].owners.freeze()
        XCTAssertTrue(frozenPets.isFrozen && frozenSet.isFrozen && frozenOwners.isFrozen)
        XCTAssertFalse(owner.pets.isFrozen)
        try realm.write {
            owner.pets.removeAll()
            holder.petSet.removeAll()
        }
        XCTAssertEqual(frozenPets.map(\.name), ["c", "a", "b", "a"], "the snapshot does not move")
        XCTAssertEqual(frozenPets.filter("age > 1").count, 2, "frozen lists are queried in their snapshot")
        XCTAssertEqual(frozenSet.count, 1)
        XCTAssertEqual(frozenOwners.count, 1)
        XCTAssertEqual(frozenPets.thaw()?.count, 0, "thawed, it is the live list")
        XCTAssertEqual(frozenSet.thaw()?.count, 0)
        XCTAssertEqual(frozenOwners.thaw()?.count, 0)
        let live = owner.pets
        XCTAssertTrue(live.thaw() === live, "a live list thaws to itself")
        XCTAssertEqual(live, owner.pets, "the same property of the same object")
        XCTAssertNotEqual(live, frozenPets)

        let frozenResults = realm.objects(QPet.self).filter("age > 1").freeze()
        try realm.write { realm.add(pet("e", 5)) }
        XCTAssertEqual(frozenResults.count, 3)
        let thawed = try XCTUnwrap(frozenResults.thaw())
        XCTAssertFalse(thawed.isFrozen)
        XCTAssertEqual(thawed.count, 4)

        let liveList = owner.pets
        let frozenList = owner.pets.freeze()
        try realm.write { realm.delete(owner) }
        XCTAssertNil(frozenList.thaw(), "its owner was deleted")
        XCTAssertTrue(liveList.isInvalidated)
    }

    func testAnyRealmCollection() throws {
        let (realm, owner, _) = try ownerWithPets()
        let fromResults = AnyRealmCollection(realm.objects(QPet.self).sorted(byKeyPath: "name"))
        let fromList = AnyRealmCollection(owner.pets)
        XCTAssertEqual(fromResults.count, 4)
        XCTAssertEqual(fromResults.map(\.name), ["a", "b", "c", "d"])
        XCTAssertEqual(fromList[0].name, "c")
        XCTAssertEqual(Array(fromList).count, 4)
        XCTAssertEqual(fromList.filter("name == 'a'").count, 2)
        XCTAssertEqual(fromList.max(ofProperty: "age") as Int?, 3)
        XCTAssertTrue(fromList.realm === realm)
        XCTAssertFalse(fromList.isInvalidated)
        XCTAssertEqual(fromList.index(of: owner.pets[2]), 2)
        XCTAssertEqual(fromList.description, owner.pets.description)
        XCTAssertTrue(fromList.freeze().isFrozen)
        XCTAssertEqual(fromList.freeze().thaw()?.count, 4)
        XCTAssertEqual(fromList, AnyRealmCollection(owner.pets), "the same list")
        XCTAssertEqual(AnyRealmCollection(AnyRealmCollection(owner.pets)), fromList, "wrapping twice wraps the collection")
        XCTAssertNotEqual(fromList, fromResults)
        XCTAssertEqual(fromResults, AnyRealmCollection(realm.objects(QPet.self).sorted(byKeyPath: "name")), "the same query")
        XCTAssertNotEqual(fromResults, AnyRealmCollection(realm.objects(QPet.self)))
        let tags = QPet().tags
        tags.append(objectsIn: ["q", "r"])
        XCTAssertEqual(AnyRealmCollection(tags).map { $0 }, ["q", "r"])
    }

    func testResultsEqualityAndThreadSafeReferenceOfListResults() throws {
        let (realm, owner, _) = try ownerWithPets()
        XCTAssertEqual(realm.objects(QPet.self).filter("age > 1"), realm.objects(QPet.self).filter("age > 1"))
        XCTAssertNotEqual(realm.objects(QPet.self).filter("age > 1"), realm.objects(QPet.self).filter("age > 2"))
        XCTAssertNotEqual(owner.pets.filter("age > 1"), realm.objects(QPet.self).filter("age > 1"))
        let reference = ThreadSafeReference(to: owner.pets.filter("age > 1"))
        let resolved = try XCTUnwrap(realm.resolve(reference))
        XCTAssertEqual(resolved.map(\.name), ["c", "b"], "the reference keeps the list it came from")
    }

    func testSortDescriptors() throws {
        let (realm, _, _) = try ownerWithPets()
        let byName: Fief.SortDescriptor = "name"  // Foundation has a SortDescriptor too
        XCTAssertEqual(byName, SortDescriptor(keyPath: "name", ascending: true))
        XCTAssertEqual(byName.reversed(), SortDescriptor(keyPath: "name", ascending: false))
        XCTAssertNotEqual(byName, byName.reversed())
        XCTAssertEqual(byName.reversed().description, "SortDescriptor(keyPath: name, direction: descending)")
        XCTAssertEqual(realm.objects(QPet.self).sorted(by: [byName.reversed()]).map(\.name), ["d", "c", "b", "a"])
        XCTAssertEqual(realm.objects(QPet.self).sorted(by: ["age"]).map(\.name), ["a", "b", "c", "d"])
        XCTAssertEqual(SortDescriptor(keyPath: \QPet.age, ascending: false), SortDescriptor(keyPath: "age", ascending: false))
    }

    func testListsAndSetsAreCodableAsArrays() throws {
        let (realm, _, _) = try ownerWithPets()
        let owner = QOwner()
        owner.id = 7
        owner.nicknames.insert(objectsIn: ["x", "y"])
        let pet = QPet()
        pet.tags.append(objectsIn: ["b", "a"])
        try realm.write { realm.add([owner, pet]) }
        XCTAssertEqual(String(decoding: try JSONEncoder().encode(pet.tags), as: UTF8.self), #"["b","a"]"#)
        XCTAssertEqual(String(decoding: try JSONEncoder().encode(owner.nicknames), as: UTF8.self), #"["x","y"]"#)
        let list = try JSONDecoder().decode(List<Int>.self, from: Data("[3,1,3]".utf8))
        XCTAssertEqual(Array(list), [3, 1, 3])
        XCTAssertNil(list.realm)
        let set = try JSONDecoder().decode(MutableSet<Int>.self, from: Data("[3,1,3]".utf8))
        XCTAssertEqual(Array(set), [3, 1], "equal elements once")
    }

    func testLinkingObjectsFromTypeInsidePersisted() throws {
        let realm = try Realm(configuration: memoryConfiguration([OldStylePet.self, OldStyleOwner.self]))
        let pet = OldStylePet(), owner = OldStyleOwner()
        owner.name = "Ann"
        try realm.write {
            owner.pets.append(pet)
            realm.add(owner)
        }
        XCTAssertEqual(pet.owners.map(\.name), ["Ann"])
        XCTAssertEqual(pet.owners, realm.objects(OldStylePet.self).first!.owners, "the same backlinks")
        XCTAssertTrue(pet.owners.description.hasPrefix("LinkingObjects<OldStyleOwner>("))
        var iterator = pet.owners.makeIterator()
        XCTAssertEqual(iterator.next()?.name, "Ann")
        XCTAssertNil(iterator.next())
    }

    func testObservingAListOfObjects() throws {
        let (realm, owner, pets) = try ownerWithPets()
        var changes: [String] = []
        let token = owner.pets.observe { change in
            switch change {
            case .initial(let list): changes.append("initial \(list.count)")
            case .update(let list, let deletions, let insertions, let modifications):
                changes.append("update \(list.count) -\(deletions) +\(insertions) ~\(modifications)")
            case .error(let error): changes.append("error \(error)")
            }
        }
        defer { token.invalidate() }
        try realm.write { owner.pets.append(pets[3]) }
        try realm.write { pets[1].age = 20 }
        try realm.write { pets[3].name = "unlisted before" }
        try realm.write { owner.pets.remove(at: 0) }
        XCTAssertEqual(changes, ["initial 4", "update 5 -[] +[4] ~[]", "update 5 -[] +[] ~[2]", "update 5 -[] +[] ~[4]",
                                 "update 4 -[0] +[] ~[]"])
        let names = owner.pets.observe(keyPaths: ["name"]) { _ in changes.append("names") }
        defer { names.invalidate() }
        changes.removeAll()
        try realm.write { pets[2].age = 30 }
        XCTAssertEqual(changes.filter { $0 == "names" }, [], "age is not observed")
    }

    func testListsOfEnumsAreRealmCollections() {
        func described<C: RealmCollection>(_ collection: C) -> [String] { collection.map { "\($0)" } }
        let priorities = List<Priority>()
        priorities.append(objectsIn: [.high, .low])
        XCTAssertEqual(described(priorities), ["high", "low"])
        XCTAssertEqual(priorities.index(of: .low), 1)
    }
}
