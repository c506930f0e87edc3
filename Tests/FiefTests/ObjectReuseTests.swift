@testable import Fief
import Foundation
import XCTest

/// `for object in results` reuses the object of the previous row when the loop body kept no
/// reference to it. Whatever the body keeps (strongly, weakly, unowned, through a collection
/// or an observation) must go on showing its own object.
final class ObjectReuseTests: XCTestCase {
    private final class Probe {}

    /// A model with nothing but `@Persisted` properties (reusable), counting its deinits.
    final class ReusedRow: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var label = ""
        @Persisted var tags: List<String>
        nonisolated(unsafe) static var deinits = 0
        deinit { Self.deinits += 1 }
    }

    /// A model with a plain stored property: never reused, so the property starts fresh.
    final class RowWithScratch: Object {
        @Persisted(primaryKey: true) var id = 0
        var scratch = ""
    }

    private func realm(_ count: Int = 600) throws -> Realm {
        let config = Realm.Configuration(inMemoryIdentifier: "reuse-\(UUID().uuidString)",
                                         objectTypes: [ReusedRow.self, RowWithScratch.self])
        let realm = try Realm(configuration: config)
        try realm.write {
            for id in 0..<count {
                realm.add(ReusedRow(value: ["id": id, "label": "row \(id)", "tags": ["t\(id)"]]))
                realm.add(RowWithScratch(value: ["id": id]))
            }
        }
        return realm
    }

    func testTheCheckSeesStrongWeakAndUnownedReferences() {
        var probe: Probe? = Probe()
        XCTAssertTrue(ObjectReuse.isSolelyHeld(&probe))
        do {
            let other = probe!
            XCTAssertFalse(ObjectReuse.isSolelyHeld(&probe))
            withExtendedLifetime(other) {}
        }
        XCTAssertTrue(ObjectReuse.isSolelyHeld(&probe))
        do {
            unowned let other = probe!
            XCTAssertFalse(ObjectReuse.isSolelyHeld(&probe))
            withExtendedLifetime(other) {}
        }
        XCTAssertTrue(ObjectReuse.isSolelyHeld(&probe))
        weak let weakProbe = probe
        XCTAssertFalse(ObjectReuse.isSolelyHeld(&probe), "a weak reference must rule reuse out")
        withExtendedLifetime(weakProbe) {}
        var none: Probe?
        XCTAssertFalse(ObjectReuse.isSolelyHeld(&none))
    }

    func testALoopThatKeepsNothingReusesOneObjectAndReadsEveryRow() throws {
        let realm = try realm()
        ReusedRow.deinits = 0
        var ids: [Int] = []
        var labels = Set<String>()
        for row in realm.objects(ReusedRow.self) {
            ids.append(row.id)
            labels.insert(row.label)
            XCTAssertEqual(Array(row.tags), ["t\(row.id)"])
        }
        XCTAssertEqual(ids, Array(0..<600))
        XCTAssertEqual(labels.count, 600)
        // One object served every row; it went when the iterator did.
        XCTAssertEqual(ReusedRow.deinits, 1)
    }

    func testObjectsTheLoopKeepsStayTheirOwn() throws {
        let realm = try realm()
        var kept: [ReusedRow] = []
        for row in realm.objects(ReusedRow.self) where row.id % 7 == 0 { kept.append(row) }
        XCTAssertEqual(kept.map(\.id), Array(stride(from: 0, to: 600, by: 7)))
        XCTAssertEqual(kept.map(\.label), kept.map { "row \($0.id)" })
        XCTAssertEqual(Set(kept.map(ObjectIdentifier.init)).count, kept.count)
    }

    func testAWeakReferenceNeverSeesAnotherRow() throws {
        let realm = try realm()
        weak var previous: ReusedRow?
        var previousID = -1
        for row in realm.objects(ReusedRow.self) {
            if let previous { XCTAssertEqual(previous.id, previousID, "a weak reference moved to row \(row.id)") }
            XCTAssertFalse(previous === row && row.id != previousID)
            previous = row
            previousID = row.id
        }
    }

    func testACollectionOrObservationKeptFromARowStaysWithThatRow() throws {
        let realm = try realm()
        var lists: [(Int, List<String>)] = []
        var tokens: [NotificationToken] = []
        nonisolated(unsafe) var changed: [Int] = []
        for row in realm.objects(ReusedRow.self) where row.id < 40 {
            if row.id % 2 == 0 { lists.append((row.id, row.tags)) }
            if row.id % 10 == 5 {
                let id = row.id
                tokens.append(row.observe { change in if case .change = change { changed.append(id) } })
            }
        }
        for (id, list) in lists { XCTAssertEqual(Array(list), ["t\(id)"]) }
        try realm.write { for id in [5, 15, 25, 35] { realm.object(ofType: ReusedRow.self, forPrimaryKey: id)!.label = "x" } }
        realm.refresh()
        XCTAssertEqual(changed.sorted(), [5, 15, 25, 35])
        tokens.forEach { $0.invalidate() }
    }

    func testAClassWithPlainStoredPropertiesGetsAFreshObjectPerRow() throws {
        let realm = try realm(50)
        for row in realm.objects(RowWithScratch.self) {
            XCTAssertEqual(row.scratch, "", "row \(row.id) saw the previous row's plain property")
            row.scratch = "seen \(row.id)"
        }
    }

    func testWritingInsideTheLoopKeepsRowsRight() throws {
        let realm = try realm(100)
        var seen: [Int] = []
        for row in realm.objects(ReusedRow.self).sorted(byKeyPath: "id") {
            seen.append(row.id)
            if row.id % 10 == 0 {
                try realm.write { row.label = "edited \(row.id)" }
            }
            XCTAssertEqual(row.label, row.id % 10 == 0 ? "edited \(row.id)" : "row \(row.id)")
        }
        XCTAssertEqual(seen, Array(0..<100))
        XCTAssertEqual(realm.objects(ReusedRow.self).filter("label BEGINSWITH 'edited'").count, 10)
    }
}
