import Fief
import Foundation
import XCTest

/// `observe(keyPaths:on: queue, _:)` on objects, results, collections, sections and
/// projections of a thread-confined realm: the observation starts asynchronously on the serial
/// queue, and every delivery runs there with values read by the queue's realm. Deliveries are
/// queued when the commit ends, so a `queue.sync {}` after a write waits for them.
final class QueueObservationTests: XCTestCase {
    private var realm: Realm!
    private var queue: DispatchQueue!
    private var log: QueueLog!

    override func setUp() {
        super.setUp()
        realm = try! Realm(configuration: Realm.Configuration(inMemoryIdentifier: "queue-observe-\(UUID().uuidString)",
                                                            objectTypes: [Dog.self, Person.self, AllTypes.self, Address.self,
                                                                          Contact.self, ProjPerson.self, ProjDog.self, ProjAddress.self]))
        queue = DispatchQueue(label: "observer-queue")
        log = QueueLog(queue)
    }

    override func tearDown() {
        realm = nil
        super.tearDown()
    }

    /// Waits until the queue has run everything queued so far.
    private func drain() { queue.sync {} }

    func testObjectChangesArriveOnTheQueueWithTheQueuesObject() throws {
        let dog = try realm.write { realm.create(Dog.self, value: ["name": "Rex", "age": 2]) }
        let token = dog.observe(keyPaths: ["age"], on: queue) { [log] change in
            switch change {
            case .change(let dog, let properties):
                log!.record("\(dog.age) \(properties.map { "\($0.name)=\($0.newValue ?? "nil")" })", realm: dog.realm)
            case .deleted: log!.record("deleted")
            case .error(let error): log!.record("error \(error)")
            }
        }
        drain()
        try realm.write { dog.name = "Max" }   // not observed
        try realm.write { dog.age = 3 }
        drain()
        try realm.write { realm.delete(dog) }
        drain()
        XCTAssertEqual(log.entries, ["3 [\"age=3\"]", "deleted"])
        XCTAssertTrue(log.allOnQueue)
        XCTAssertFalse(log.realms.contains { $0 === realm }, "the block got the thread realm's object")
        token.invalidate()
    }

    func testResultsInitialArrivesAsynchronouslyOnTheQueue() throws {
        try realm.write { realm.create(Dog.self, value: ["name": "Rex", "age": 5]) }
        queue.suspend()
        let token = realm.objects(Dog.self).filter("age > 2").observe(on: queue) { [log] change in
            switch change {
            case .initial(let dogs): log!.record("initial \(dogs.map(\.name))", realm: dogs.realm)
            case .update(let dogs, let d, let i, let m): log!.record("update \(dogs.map(\.name)) \(d) \(i) \(m)", realm: dogs.realm)
            case .error(let error): log!.record("error \(error)")
            }
        }
        XCTAssertEqual(log.entries, [], "the initial call must not run before observe returns")
        queue.resume()
        drain()
        XCTAssertEqual(log.entries, ["initial [\"Rex\"]"])
        try realm.write { realm.create(Dog.self, value: ["name": "Fido", "age": 3]) }
        drain()
        XCTAssertEqual(log.entries, ["initial [\"Rex\"]", "update [\"Rex\", \"Fido\"] [] [1] []"])
        XCTAssertTrue(log.allOnQueue)
        XCTAssertFalse(log.realms.contains { $0 === realm })
        token.invalidate()
    }

    func testResultsOfProjectionsDeliverOnTheQueue() throws {
        try realm.write { realm.create(ProjPerson.self, value: ["firstName": "Ann"]) }
        let token = realm.objects(ProjPersonCard.self).sorted(byKeyPath: "firstName").observe(on: queue) { [log] change in
            if case .update(let cards, _, let insertions, _) = change {
                log!.record("cards \(cards.map(\.name)) \(insertions)", realm: cards.realm)
            }
        }
        drain()
        try realm.write { realm.create(ProjPerson.self, value: ["firstName": "Bob"]) }
        drain()
        XCTAssertEqual(log.entries, ["cards [\"Ann\", \"Bob\"] [1]"])
        XCTAssertTrue(log.allOnQueue)
        XCTAssertFalse(log.realms.contains { $0 === realm })
        token.invalidate()
    }

    func testANilQueueObservesOnTheRealmsOwnThread() throws {
        var initial = false
        let token = realm.objects(Dog.self).observe(keyPaths: nil, on: nil) { change in
            if case .initial = change { initial = true }
        }
        XCTAssertTrue(initial, "without a queue the initial call is made at once, as observe(keyPaths:_:) makes it")
        token.invalidate()
    }

    func testATokenInvalidatedBeforeTheStartStopsEverything() throws {
        queue.suspend()
        let token = realm.objects(Dog.self).observe(on: queue) { [log] _ in log!.record("called") }
        token.invalidate()
        queue.resume()
        drain()
        try realm.write { realm.create(Dog.self, value: ["name": "Rex"]) }
        drain()
        XCTAssertEqual(log.entries, [])
    }

    func testAnInvalidatedTokenStopsLaterDeliveries() throws {
        let token = realm.objects(Dog.self).observe(on: queue) { [log] change in
            if case .update = change { log!.record("update") }
        }
        drain()
        try realm.write { realm.create(Dog.self, value: ["name": "Rex"]) }
        drain()
        token.invalidate()
        try realm.write { realm.create(Dog.self, value: ["name": "Fido"]) }
        drain()
        XCTAssertEqual(log.entries, ["update"])
    }

    func testAnObjectDeletedBeforeTheStartIsReportedDeleted() throws {
        let dog = try realm.write { realm.create(Dog.self, value: ["name": "Rex"]) }
        queue.suspend()
        let token = dog.observe(on: queue) { [log] change in
            if case .deleted = change { log!.record("deleted") } else { log!.record("\(change)") }
        }
        try realm.write { realm.delete(dog) }
        queue.resume()
        drain()
        XCTAssertEqual(log.entries, ["deleted"])
        token.invalidate()
    }

    func testEmbeddedObjectsListsSetsAndMapsDeliverOnTheQueue() throws {
        let (contact, person, all) = try realm.write {
            (realm.create(Contact.self, value: ["email": "a@b.c", "name": "Ann", "address": ["street": "Main", "city": "Oslo"]]),
             realm.create(Person.self, value: ["name": "Ann"]),
             realm.create(AllTypes.self))
        }
        var tokens: [NotificationToken] = []
        tokens.append(contact.address!.observe(on: queue) { [log] change in
            if case .change(let address, _) = change { log!.record("address \(address.city)", realm: address.realm) }
        })
        tokens.append(person.dogs.observe(on: queue) { [log] change in
            if case .update(let dogs, _, let insertions, _) = change { log!.record("dogs \(dogs.map(\.name)) \(insertions)", realm: dogs.realm) }
        })
        tokens.append(all.ints.observe(on: queue) { [log] change in
            if case .update(let ints, _, let insertions, _) = change { log!.record("ints \(Array(ints)) \(insertions)", realm: ints.realm) }
        })
        tokens.append(all.tags.observe(on: queue) { [log] change in
            if case .update(let tags, _, let insertions, _) = change { log!.record("tags \(Array(tags)) \(insertions)", realm: tags.realm) }
        })
        tokens.append(all.counts.observe(on: queue) { [log] change in
            if case .update(let counts, _, let insertions, _) = change { log!.record("counts \(counts["a"] ?? nil ?? -1) \(insertions)", realm: counts.realm) }
        })
        drain()
        try realm.write {
            contact.address!.city = "Bergen"
            person.dogs.append(Dog(value: ["name": "Rex"]))
            all.ints.append(7)
            all.tags.insert("x")
            all.counts["a"] = 1
        }
        drain()
        XCTAssertEqual(log.entries.sorted(), ["address Bergen", "counts 1 [\"a\"]", "dogs [\"Rex\"] [0]", "ints [7] [0]", "tags [\"x\"] [0]"])
        XCTAssertTrue(log.allOnQueue)
        XCTAssertFalse(log.realms.contains { $0 === realm })
        tokens.forEach { $0.invalidate() }
    }

    func testLinkingObjectsAndAnyRealmCollectionDeliverOnTheQueue() throws {
        let (person, dog) = try realm.write {
            (realm.create(Person.self, value: ["name": "Ann"]), realm.create(Dog.self, value: ["name": "Rex"]))
        }
        let owners = dog.owners.observe(on: queue) { [log] change in
            if case .update(let owners, _, let insertions, _) = change { log!.record("owners \(owners.map(\.name)) \(insertions)", realm: owners.realm) }
        }
        let any = AnyRealmCollection(person.dogs).observe(on: queue) { [log] change in
            if case .update(let dogs, _, let insertions, _) = change { log!.record("any \(dogs.map(\.name)) \(insertions)", realm: dogs.realm) }
        }
        drain()
        try realm.write { person.dogs.append(dog) }
        drain()
        XCTAssertEqual(log.entries.sorted(), ["any [\"Rex\"] [0]", "owners [\"Ann\"] [0]"])
        XCTAssertTrue(log.allOnQueue)
        XCTAssertFalse(log.realms.contains { $0 === realm })
        owners.invalidate()
        any.invalidate()
    }

    func testSectionsProjectionsAndProjectedCollectionsDeliverOnTheQueue() throws {
        let person = try realm.write {
            realm.create(ProjPerson.self, value: ["firstName": "Ann", "dogs": [["name": "Rex", "age": 2]]])
        }
        var tokens: [NotificationToken] = []
        let sections = realm.objects(ProjDog.self).sectioned(by: \.age, ascending: true)
        tokens.append(sections.observe(on: queue) { [log] change in
            if case .update(let sections, _, _, _, let inserted, _) = change {
                log!.record("sections \(sections.allKeys) \(Array(inserted))", realm: sections.realm)
            }
        })
        tokens.append(sections[0].observe(on: queue) { [log] change in
            if case .update(let section, _, _, let modifications, _, _) = change {
                log!.record("section \(section.key) \(modifications)", realm: section.realm)
            }
        })
        let card = ProjPersonCard(projecting: person)
        tokens.append(card.observe(keyPaths: ["firstName"], on: queue) { [log] change in
            if case .change(let card, let properties) = change {
                log!.record("card \(card.name) \(properties.map(\.name))", realm: card.rootObject.realm)
            }
        })
        tokens.append(card.dogNames.observe(on: queue) { [log] change in
            if case .update(let names, _, let insertions, let modifications) = change {
                log!.record("names \(Array(names)) \(insertions) \(modifications)", realm: names.realm)
            }
        })
        drain()
        try realm.write {
            person.firstName = "Anna"
            person.dogs[0].name = "Max"
            person.dogs.append(ProjDog(value: ["name": "Fido", "age": 4]))
        }
        drain()
        XCTAssertEqual(log.entries.sorted(), ["card Anna [\"name\"]", "names [\"Max\", \"Fido\"] [1] [0]",
                                              "section 2 [[0, 0]]", "sections [2, 4] [1]"].sorted())
        XCTAssertTrue(log.allOnQueue)
        XCTAssertFalse(log.realms.contains { $0 === realm })
        tokens.forEach { $0.invalidate() }
    }
}

/// What blocks observing on a queue were told, whether each ran on that queue, and the realms
/// of the values they were given.
final class QueueLog: @unchecked Sendable {
    private let key = DispatchSpecificKey<Int>()
    private let lock = NSLock()
    private var recorded: [String] = []
    private var onQueue = true
    private var seenRealms: [Realm] = []

    init(_ queue: DispatchQueue) { queue.setSpecific(key: key, value: 1) }

    func record(_ entry: String, realm: Realm? = nil) {
        let here = DispatchQueue.getSpecific(key: key) == 1
        lock.lock(); defer { lock.unlock() }
        recorded.append(entry)
        onQueue = onQueue && here
        if let realm { seenRealms.append(realm) }
    }

    var entries: [String] { lock.lock(); defer { lock.unlock() }; return recorded }
    var allOnQueue: Bool { lock.lock(); defer { lock.unlock() }; return onQueue }
    var realms: [Realm] { lock.lock(); defer { lock.unlock() }; return seenRealms }
}
