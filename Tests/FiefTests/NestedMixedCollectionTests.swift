@_spi(Sync) @testable import Fief
import Foundation
import XCTest

/// Lists and dictionaries held by `AnyRealmValue`, nested to any depth.
final class NestedMixedCollectionTests: XCTestCase {
    private func makeRealm() throws -> Realm { try Realm(configuration: memoryConfiguration(mixedTypes)) }

    private func added(_ realm: Realm, _ value: AnyRealmValue) throws -> MixedHolder {
        let holder = MixedHolder()
        holder.value = value
        try realm.write { realm.add(holder) }
        return holder
    }

    func testUnmanagedValuesAccessorsEqualityAndHashing() {
        let list = AnyRealmValue.fromArray([.int(1), .string("a"), .fromDictionary(["k": .bool(true)])])
        XCTAssertEqual(list.listValue?.count, 3)
        XCTAssertNil(list.dictionaryValue)
        XCTAssertNil(list.intValue)
        XCTAssertEqual(list.listValue?[2].dictionaryValue?["k"], .bool(true))
        let dictionary = AnyRealmValue.fromDictionary(["a": .int(1), "b": .fromArray([.none])])
        XCTAssertEqual(dictionary.dictionaryValue?.keys, ["a", "b"])
        XCTAssertNil(dictionary.listValue)

        XCTAssertEqual(list, .fromArray([.int(1), .string("a"), .fromDictionary(["k": .bool(true)])]), "equal by elements")
        XCTAssertNotEqual(list, .fromArray([.int(1), .string("a")]))
        XCTAssertNotEqual(AnyRealmValue.fromArray([]), .fromDictionary([:]), "a list is never a dictionary")
        XCTAssertEqual(dictionary, .fromDictionary(["b": .fromArray([.none]), "a": .int(1)]))
        XCTAssertNotEqual(dictionary, .fromDictionary(["a": .int(2), "b": .fromArray([.none])]))
        let set: Set<AnyRealmValue> = [list, .fromArray([.int(1), .string("a"), .fromDictionary(["k": .bool(true)])]), dictionary, .int(1)]
        XCTAssertEqual(set.count, 3)
    }

    func testStoresAndReadsNestedValuesToAnyDepth() throws {
        let realm = try makeRealm()
        let value = AnyRealmValue.fromArray([
            .int(1),
            .fromDictionary(["name": .string("n"), "inner": .fromArray([.double(2.5), .fromArray([.bool(false)])])]),
            .fromArray([]),
        ])
        let holder = try added(realm, value)
        let read = try XCTUnwrap(realm.objects(MixedHolder.self).first)
        XCTAssertEqual(read.value, value)
        XCTAssertEqual(holder.value, value)
        let inner = try XCTUnwrap(read.value.listValue?[1].dictionaryValue?["inner"]?.listValue)
        XCTAssertEqual(inner[1].listValue?[0], .bool(false))
        XCTAssertNotNil(inner.realm, "a nested collection read from a managed object is managed")
        XCTAssertEqual(read.value.listValue?[2].listValue?.count, 0)
    }

    func testManagedNestedCollectionsAreLive() throws {
        let realm = try makeRealm()
        let holder = try added(realm, .fromArray([.int(1), .fromDictionary(["k": .string("v")])]))
        let list = try XCTUnwrap(holder.value.listValue)
        try realm.write {
            list[0] = .int(2)
            list.append(.string("end"))
            list.insert(.fromArray([.int(9)]), at: 0)
            holder.value.listValue![2].dictionaryValue!["k"] = .fromArray([.int(3), .int(4)])
            holder.value.listValue![2].dictionaryValue!["new"] = AnyRealmValue.none
        }
        XCTAssertEqual(holder.value, .fromArray([
            .fromArray([.int(9)]), .int(2), .fromDictionary(["k": .fromArray([.int(3), .int(4)]), "new": .none]), .string("end"),
        ]))
        try realm.write {
            holder.value.listValue![2].dictionaryValue!["k"]!.listValue!.remove(at: 0)
            holder.value.listValue![0].listValue!.append(.fromDictionary(["deep": .int(5)]))
            list.remove(at: 3)
            holder.value.listValue![2].dictionaryValue!.removeObject(for: "new")
        }
        XCTAssertEqual(holder.value, .fromArray([
            .fromArray([.int(9), .fromDictionary(["deep": .int(5)])]), .int(2), .fromDictionary(["k": .fromArray([.int(4)])]),
        ]))
        XCTAssertEqual(list.count, 3, "the list read before the writes sees them")
    }

    func testATopLevelDictionaryIsLive() throws {
        let realm = try makeRealm()
        let holder = try added(realm, .fromDictionary(["a": .int(1)]))
        let dictionary = try XCTUnwrap(holder.value.dictionaryValue)
        try realm.write {
            dictionary["b"] = .fromDictionary(["c": .fromArray([.string("x")])])
            dictionary["a"] = nil
        }
        XCTAssertEqual(holder.value, .fromDictionary(["b": .fromDictionary(["c": .fromArray([.string("x")])])]))
        XCTAssertEqual(dictionary.keys, ["b"])
        try realm.write { dictionary["b"]!.dictionaryValue!["c"]!.listValue![0] = .int(7) }
        XCTAssertEqual(holder.value.dictionaryValue?["b"]?.dictionaryValue?["c"]?.listValue?[0], .int(7))
    }

    func testReplacingANestedCollectionWithAScalarAndBack() throws {
        let realm = try makeRealm()
        let holder = try added(realm, .fromArray([.fromArray([.int(1)])]))
        let inner = try XCTUnwrap(holder.value.listValue?[0].listValue)
        try realm.write { holder.value.listValue![0] = .string("flat") }
        XCTAssertEqual(holder.value, .fromArray([.string("flat")]))
        XCTAssertEqual(inner.count, 0, "a nested list that was replaced reads empty")
        try realm.write { holder.value = .int(4) }
        XCTAssertEqual(holder.value, .int(4))
        try realm.write { holder.value = .fromDictionary(["again": .fromArray([.int(1)])]) }
        XCTAssertEqual(holder.value.dictionaryValue?["again"]?.listValue?.first, .int(1))
        try realm.write { holder.value = .none }
        XCTAssertEqual(holder.value, .none)
    }

    func testNestedCollectionsInListsAndMapsOfMixedValues() throws {
        let realm = try makeRealm()
        let holder = MixedHolder()
        holder.values.append(objectsIn: [.int(1), .fromArray([.int(2)])])
        holder.byKey["d"] = .fromDictionary(["x": .int(3)])
        try realm.write { realm.add(holder) }
        try realm.write {
            holder.values[1].listValue!.append(.int(4))
            holder.byKey["d"]!.dictionaryValue!["y"] = .fromArray([])
        }
        XCTAssertEqual(Array(holder.values), [.int(1), .fromArray([.int(2), .int(4)])])
        XCTAssertEqual(holder.byKey["d"], .fromDictionary(["x": .int(3), "y": .fromArray([])]))
    }

    func testCopyingThroughCreateAndAdd() throws {
        let realm = try makeRealm()
        let source = try added(realm, .fromDictionary(["list": .fromArray([.int(1), .fromArray([.int(2)])])]))
        let copy = try realm.write { realm.create(MixedHolder.self, value: ["name": "copy", "value": source.value]) }
        XCTAssertEqual(copy.value, source.value)
        try realm.write { copy.value.dictionaryValue!["list"]!.listValue!.append(.int(3)) }
        XCTAssertEqual(source.value.dictionaryValue?["list"]?.listValue?.count, 2, "the copy is independent of its source")
        XCTAssertEqual(copy.value.dictionaryValue?["list"]?.listValue?.count, 3)
    }

    func testArraysAndDictionariesGivenForAMixedPropertyBecomeNestedCollections() throws {
        let realm = try makeRealm()
        let holder = try realm.write {
            realm.create(MixedHolder.self, value: ["value": [1, ["a": "b", "c": [true]] as [String: Any]] as [Any]])
        }
        XCTAssertEqual(holder.value, .fromArray([.int(1), .fromDictionary(["a": .string("b"), "c": .fromArray([.bool(true)])])]))
    }

    func testAMigrationKeepsAndCopiesNestedValues() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("migrate.realm")
        let value = AnyRealmValue.fromArray([.int(1), .fromDictionary(["a": .fromArray([.string("b")])])])
        do { _ = try added(try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: mixedTypes)), value) }
        let configuration = Realm.Configuration(fileURL: url, schemaVersion: 2, migrationBlock: { migration, _ in
            migration.enumerateObjects(ofType: "MixedHolder") { old, new in
                new!["name"] = "migrated"
                new!["values"] = [old!["value"]]
            }
        }, objectTypes: mixedTypes)
        let realm = try Realm(configuration: configuration)
        let holder = try XCTUnwrap(realm.objects(MixedHolder.self).first)
        XCTAssertEqual(holder.name, "migrated")
        XCTAssertEqual(holder.value, value, "a value the migration leaves alone is kept")
        XCTAssertEqual(Array(holder.values), [value], "and one it copies is copied whole")
    }

    func testValuesSurviveReopeningTheFile() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("nested.realm"), objectTypes: mixedTypes)
        let value = AnyRealmValue.fromDictionary(["a": .fromArray([.int(1), .fromDictionary(["b": .string("c")])]), "d": .none])
        do { _ = try added(try Realm(configuration: configuration), value) }
        let realm = try Realm(configuration: configuration)
        XCTAssertEqual(realm.objects(MixedHolder.self).first?.value, value)
    }

    func testNestingDeeperThanTheLimitIsRefused() throws {
        let realm = try makeRealm()
        var deep = AnyRealmValue.int(0)
        for _ in 0..<AnyRealmValue.maxNestingDepth { deep = .fromArray([deep]) }
        let holder = try added(realm, deep)
        XCTAssertEqual(holder.value, deep, "the limit itself is allowed")
        XCTAssertThrowsError(try AnyRealmValue.fromArray([deep]).stored(nil)) { error in
            guard case RealmError.invalidValue(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("nest at most"), message)
        }
        realm.beginWrite()
        defer { realm.cancelWrite() }
        XCTAssertThrowsError(try holder.value.listValue!.location!.tryWrite([deep.stored(nil)], [])) { error in
            guard case RealmError.invalidValue(let message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("nest at most"), message)
        }
    }

    func testDeletingALinkedObjectNullsItInsideNestedCollections() throws {
        let realm = try makeRealm()
        let pet = QPet()
        let holder = MixedHolder()
        holder.value = .fromArray([.object(pet), .fromDictionary(["p": .object(pet), "n": .int(1)])])
        holder.values.append(.fromArray([.object(pet)]))
        try realm.write { realm.add(holder) }
        XCTAssertEqual(holder.value.listValue?[0].object(QPet.self)?.isInvalidated, false)
        try realm.write { realm.delete(pet) }
        XCTAssertEqual(holder.value, .fromArray([.none, .fromDictionary(["p": .none, "n": .int(1)])]))
        XCTAssertEqual(Array(holder.values), [.fromArray([.none])])
    }

    func testObserversOfTheObjectAndOfTheNestedCollectionSeeChanges() throws {
        let realm = try makeRealm()
        let holder = try added(realm, .fromArray([.int(1), .fromDictionary(["k": .int(2)])]))
        var objectChanges: [[String]] = []
        let objectToken = holder.observe { change in
            if case .change(_, let properties) = change { objectChanges.append(properties.map(\.name)) }
        }
        defer { objectToken.invalidate() }
        var listCounts: [Int] = []
        let listToken = holder.value.listValue!.observe { change in
            switch change {
            case .initial(let list): listCounts.append(list.count)
            case .update(let list, _, _, _): listCounts.append(list.count)
            case .error: break
            }
        }
        defer { listToken.invalidate() }
        var mapUpdates: [[String]] = []
        let mapToken = holder.value.listValue![1].dictionaryValue!.observe { change in
            if case .update(_, _, let insertions, let modifications) = change { mapUpdates.append(insertions + modifications) }
        }
        defer { mapToken.invalidate() }

        try realm.write { holder.value.listValue!.append(.int(3)) }
        try realm.write { holder.value.listValue![1].dictionaryValue!["k"] = .int(5) }
        try realm.write { holder.value.listValue![1].dictionaryValue!["j"] = .int(6) }
        try realm.write { holder.name = "other" }
        XCTAssertEqual(objectChanges, [["value"], ["value"], ["value"], ["name"]])
        XCTAssertEqual(listCounts, [2, 3, 3, 3], "initial, then each change inside the list; not the name")
        XCTAssertEqual(mapUpdates, [["k"], ["j"]])
    }

    func testChangesRecordAWholePropertySetThatReplicates() throws {
        let a = try syncRealm(types: mixedTypes), b = try syncRealm(types: mixedTypes)
        let holder = MixedHolder()
        holder.value = .fromArray([.int(1)])
        let create = try recordedWrite(a) { a.add(holder) }
        try deliver(create.replacingFileIdent(0, with: 1), to: b, ownFileIdent: 2)
        let pet = QPet()
        pet.name = "linked"
        let change = try recordedWrite(a) {
            a.add(pet)
            holder.value.listValue!.append(.fromDictionary(["pet": .object(pet), "n": .fromArray([.string("x")])]))
        }
        let sets = change.instructions.compactMap { instruction -> SyncValue? in
            if case .set(let target, let value, _) = instruction, target.path == [.property("value")] { value } else { nil }
        }
        XCTAssertEqual(sets.count, 1, "\(change.instructions)")
        guard case .list(let items)? = sets.first, case .dictionary(let entries) = items.last else { return XCTFail("\(sets)") }
        XCTAssertEqual(entries["n"], .list([.string("x")]))
        guard case .link(className: "QPet", _)? = entries["pet"] else { return XCTFail("\(entries)") }
        try deliver(change.replacingFileIdent(0, with: 1), to: b, ownFileIdent: 2)
        let copy = try XCTUnwrap(b.objects(MixedHolder.self).first)
        XCTAssertEqual(copy.value.listValue?.count, 2)
        XCTAssertEqual(copy.value.listValue?[1].dictionaryValue?["pet"]?.object(QPet.self)?.name, "linked")
        XCTAssertEqual(copy.value.listValue?[1].dictionaryValue?["n"], .fromArray([.string("x")]))
    }

    func testTheSyncCodecRefusesValuesNestedTooDeep() throws {
        var value = SyncValue.int(1)
        for _ in 0...SyncChangesetCoding.maximumValueDepth { value = .list([value]) }
        let changeset = SyncChangeset([.set(target("MixedHolder", own(1), .property("value")), value, isDefault: false)])
        XCTAssertThrowsError(try SyncChangesetCoding.decode(SyncChangesetCoding.encode(changeset))) { error in
            XCTAssertTrue("\(error)".contains("nest deeper"), "\(error)")
        }
    }

    func testCellCodingRoundTripsAndRefusesMalformedNesting() {
        let value = StoredValue.nestedMap([.string("a"), .nestedList([.int(1), .nestedMap([])]), .string("b"), .null])
        var bytes: [UInt8] = []
        CellCoding.appendTagged(value, to: &bytes)
        XCTAssertEqual(bytes.first, 16)
        bytes.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            XCTAssertEqual(CellCoding.readTagged(&reader), value)
        }
        // An odd item count in a dictionary, and lists nested past the limit, read as malformed.
        var tooDeep = StoredValue.null
        for _ in 0...CellCoding.maxNestingDepth { tooDeep = .nestedList([tooDeep]) }
        var deepBytes: [UInt8] = []
        CellCoding.appendTagged(tooDeep, to: &deepBytes)
        for malformed in [[16, 1, 3, 2], deepBytes] as [[UInt8]] {
            malformed.withUnsafeBytes { raw in
                var reader = ByteReader(raw)
                XCTAssertNil(CellCoding.readTagged(&reader))
            }
        }
    }
}
