import Fief
import Foundation
import XCTest

// Models for the area test suites. Class names are distinct from Models.swift's (every model
// class is process-global).

final class QOwner: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var pets: List<QPet>
    @Persisted var nicknames: MutableSet<String>
    @Persisted var scores: Map<String, Int>
    @Persisted var favorite: QPet?
}

final class QPet: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var weight = 0.0
    @Persisted var breed: String?
    @Persisted var birthday: Date?
    @Persisted var vaccinated = false
    @Persisted var tags: List<String>
    @Persisted(originProperty: "pets") var owners: LinkingObjects<QOwner>
}

final class IndexedThing: Object {
    @Persisted(primaryKey: true) var code = ""
    @Persisted(indexed: true) var group = ""
    @Persisted(indexed: true) var rank = 0
    @Persisted(indexed: true) var label: String?
    @Persisted var value = 0
}

final class OidThing: Object {
    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted var name = ""
}

final class UuidThing: Object {
    @Persisted(primaryKey: true) var id: UUID
    @Persisted var name = ""
}

final class BigInts: Object {
    @Persisted var n: Int64 = 0
}

final class Holder: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var label = ""
    @Persisted var address: Address?
    @Persisted var addresses: List<Address>
    @Persisted var petsByName: Map<String, QPet?>
    @Persisted var petSet: MutableSet<QPet>
}

enum Priority: Int, PersistableEnum { case low = 1, medium = 2, high = 3 }

final class Task2: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var title = ""
    @Persisted var priority = Priority.medium
    @Persisted var done = false
}

/// A unique in-memory configuration.
func memoryConfiguration(_ types: [ObjectBase.Type]) -> Realm.Configuration {
    Realm.Configuration(inMemoryIdentifier: "mem-\(UUID().uuidString)", objectTypes: types)
}

let petTypes: [ObjectBase.Type] = [QOwner.self, QPet.self]

/// Asserts that `body` throws a RealmError matching `check` (or a `Realm.Error`, as opening a
/// realm throws, whose reason matches).
func assertRealmError<T>(_ body: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line,
                         _ check: (RealmError) -> Bool) {
    do {
        _ = try body()
        XCTFail("expected a RealmError, nothing was thrown", file: file, line: line)
    } catch let error as RealmError {
        XCTAssertTrue(check(error), "unexpected error: \(error)", file: file, line: line)
    } catch let error as Realm.Error {
        guard let reason = error.reason else { return XCTFail("Realm.Error without a reason: \(error)", file: file, line: line) }
        XCTAssertTrue(check(reason), "unexpected error: \(error)", file: file, line: line)
    } catch {
        XCTFail("expected a RealmError, got \(type(of: error)): \(error)", file: file, line: line)
    }
}

/// A realm with five pets and two owners.
func makePetRealm() throws -> Realm {
    let realm = try Realm(configuration: memoryConfiguration(petTypes))
    try realm.write {
        let specs: [(String, Int, Double, String?, Bool, [String])] = [
            ("Rex", 3, 30.5, "Labrador", true, ["big", "friendly"]),
            ("Bella", 5, 12.0, "Beagle", false, ["small"]),
            ("Max", 1, 8.25, nil, true, []),
            ("alfie", 7, 20.0, "Boxer", true, ["old", "big"]),
            ("Ángel", 2, 4.5, "chihuahua", false, ["tiny"]),
        ]
        var pets: [QPet] = []
        for s in specs {
            let p = QPet()
            p.name = s.0; p.age = s.1; p.weight = s.2; p.breed = s.3; p.vaccinated = s.4
            p.tags.append(objectsIn: s.5)
            p.birthday = Date(timeIntervalSince1970: Double(s.1) * 86_400)
            realm.add(p)
            pets.append(p)
        }
        let ann = QOwner(); ann.id = 1; ann.name = "Ann"; ann.age = 40
        ann.pets.append(pets[0]); ann.pets.append(pets[1])
        ann.favorite = pets[0]
        let bob = QOwner(); bob.id = 2; bob.name = "Bob"; bob.age = 25
        bob.pets.append(pets[2]); bob.pets.append(pets[3]); bob.pets.append(pets[0])
        realm.add(ann)
        realm.add(bob)
    }
    return realm
}

final class PkLinker: Object {
    @Persisted var name = ""
    @Persisted var target: Settings?
    @Persisted var targets: List<Settings>
}

final class OptPk: Object {
    @Persisted(primaryKey: true) var id: Int?
    @Persisted var name = ""
}

final class Row: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var score = 0
    @Persisted var label = ""
    @Persisted(indexed: true) var bucket = 0
}

/// A small deterministic random number generator for model-based tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

final class MultiLists: Object {
    @Persisted var dates: List<Date>
    @Persisted var blobs: List<Data>
    @Persisted var maybeDoubles: List<Double?>
    @Persisted var ids: List<ObjectId>
    @Persisted var decimals: List<Decimal128>
    @Persisted var intSet: MutableSet<Int>
    @Persisted var dateMap: Map<String, Date>
    @Persisted var optionalStrings: Map<String, String?>
}

final class Leader: Object {
    @Persisted var name = ""
    @Persisted(originProperty: "leader") var followers: LinkingObjects<Follower>
}

final class Follower: Object {
    @Persisted var name = ""
    @Persisted var leader: Leader?
}

final class BadBacklink: Object {
    @Persisted var name = ""
    @Persisted(originProperty: "nope") var broken: LinkingObjects<Follower>
}

final class WrongTargetBacklink: Object {
    @Persisted var name = ""
    @Persisted(originProperty: "leader") var broken: LinkingObjects<Follower>
}
