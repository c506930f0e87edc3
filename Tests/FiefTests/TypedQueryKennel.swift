import Fief
import Foundation
import XCTest

/// A mood stored as its raw string.
enum QMood: String, PersistableEnum { case happy, grumpy, sleepy }

final class QHound: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var weight = 0.0
}

/// Collections, maps, enums and custom-persisted values for the typed-query tests.
final class QKennel: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var scores: List<Int>
    @Persisted var ratings: MutableSet<Double>
    @Persisted var dogs: List<QHound>
    @Persisted var stock: Map<String, Int>
    @Persisted var mood = QMood.happy
    @Persisted var oldMood: QMood?
    @Persisted var moods: List<QMood>
    @Persisted var moodByDay: Map<String, QMood>
    @Persisted var maybeMoods: List<QMood?>
    @Persisted var temperature = Celsius(20)
    @Persisted var readings: List<Celsius>
    @Persisted var capacity = 0
    @Persisted var used = 0
}

/// Three kennels: A has much of everything, B a little, C empty collections.
func makeKennelRealm() throws -> Realm {
    let realm = try Realm(configuration: memoryConfiguration([QKennel.self, QHound.self]))
    func hound(_ name: String, _ age: Int, _ weight: Double) -> QHound {
        let h = QHound()
        h.name = name; h.age = age; h.weight = weight
        return h
    }
    try realm.write {
        let a = QKennel()
        a.name = "A"
        a.scores.append(objectsIn: [1, 5, 9])
        a.ratings.insert(objectsIn: [2.5, 4.0])
        a.dogs.append(objectsIn: [hound("Rex", 3, 10), hound("Max", 7, 20)])
        a.stock["bones"] = 3; a.stock["balls"] = 10
        a.moods.append(objectsIn: [.happy, .sleepy])
        a.moodByDay["mon"] = .happy
        a.maybeMoods.append(objectsIn: [nil, .happy])
        a.readings.append(objectsIn: [Celsius(18), Celsius(35)])
        a.temperature = Celsius(18); a.capacity = 10; a.used = 12
        let b = QKennel()
        b.name = "B"
        b.scores.append(4)
        b.dogs.append(hound("Fido", 1, 5))
        b.stock["bones"] = 0
        b.mood = .grumpy; b.oldMood = .sleepy
        b.moods.append(.grumpy)
        b.moodByDay["mon"] = .grumpy
        b.maybeMoods.append(.grumpy)
        b.readings.append(Celsius(22))
        b.temperature = Celsius(25); b.capacity = 5; b.used = 5
        let c = QKennel()
        c.name = "C"
        c.ratings.insert(1.0)
        c.mood = .sleepy; c.oldMood = .happy
        c.temperature = Celsius(30); c.capacity = 8; c.used = 2
        realm.add([a, b, c])
    }
    return realm
}

/// A base for tests that run a typed query and its query-language string against the kennels
/// and check both against the expected kennel names.
class KennelQueryTestCase: XCTestCase {
    var realm: Realm!

    override func setUpWithError() throws { realm = try makeKennelRealm() }
    override func tearDown() { realm = nil }

    func check(_ typed: (Query<QKennel>) -> Query<Bool>, _ string: String, _ expected: [String],
               file: StaticString = #filePath, line: UInt = #line) {
        let kennels = realm.objects(QKennel.self)
        XCTAssertEqual(kennels.where(typed).map(\.name).sorted(), expected, "typed query", file: file, line: line)
        XCTAssertEqual(kennels.filter(string).map(\.name).sorted(), expected, string, file: file, line: line)
    }
}
