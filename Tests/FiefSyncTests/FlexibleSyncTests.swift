@_spi(Sync) import Fief
@_spi(Sync) import FiefSync
import Foundation
import XCTest

final class FlexItem: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var owner_id = ""
    @Persisted var status = ""
    @Persisted var score = 0
}

/// Records the errors a session reports.
final class ErrorLog: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [SyncError] = []
    func add(_ error: SyncError) { lock.lock(); errors.append(error); lock.unlock() }
    var all: [SyncError] { lock.lock(); defer { lock.unlock() }; return errors }
}

/// A device of a flexible-sync realm, on its own actor.
actor FlexDevice {
    var realm: Realm!
    let errors = ErrorLog()

    init(_ user: User, subscriptions: [QuerySubscription<FlexItem>]) async throws {
        var config = user.flexibleSyncConfiguration(initialSubscriptions: { subs in
            for s in subscriptions { subs.append(s) }
        })
        config.objectTypes = [FlexItem.self]
        let errors = self.errors
        config.syncConfiguration?.errorHandler = { error, _ in errors.add(error) }
        realm = try await Realm(configuration: config, actor: self, downloadBeforeOpen: .always)
    }

    func put(_ id: String, owner: String, status: String, score: Int) throws {
        try realm.write {
            let item = realm.object(ofType: FlexItem.self, forPrimaryKey: id) ?? realm.create(FlexItem.self, value: ["id": id])
            item.owner_id = owner
            item.status = status
            item.score = score
        }
    }

    func setStatus(_ id: String, _ status: String) throws -> Bool {
        try realm.write {
            guard let item = realm.object(ofType: FlexItem.self, forPrimaryKey: id) else { return false }
            item.status = status
            return true
        }
    }

    func delete(_ id: String) throws {
        try realm.write {
            if let item = realm.object(ofType: FlexItem.self, forPrimaryKey: id) { realm.delete(item) }
        }
    }

    /// Every item as "id owner status score", sorted.
    func items() -> [String] {
        realm.refresh()
        return realm.objects(FlexItem.self).map { "\($0.id) \($0.owner_id) \($0.status) \($0.score)" }.sorted()
    }

    func ids() -> [String] { items().map { String($0.split(separator: " ")[0]) } }

    func settle() async throws {
        try await realm.syncSession!.wait(for: .upload, timeout: .seconds(60))
        try await realm.syncSession!.wait(for: .download, timeout: .seconds(60))
    }

    func update(_ body: @Sendable (SyncSubscriptionSet) -> Void) async throws {
        let subs = realm.subscriptions
        try await subs.update { body(subs) }
    }

    func subscriptionState() -> SyncSubscriptionState { realm.subscriptions.state }

    /// Drops the connection and makes it again: the server then sends a whole new view.
    func reconnect() async throws {
        realm.syncSession!.suspend()
        try await _Concurrency.Task.sleep(for: .milliseconds(20))
        realm.syncSession!.resume()
    }
    func subscriptionCount() -> Int { realm.subscriptions.count }

    /// The realm's subscription set and session, to keep after ``close()``.
    func handles() -> (SyncSubscriptionSet, SyncSession) { (realm.subscriptions, realm.syncSession!) }

    func close() { realm = nil }

    /// How many subscriptions the set stored in the file holds.
    func storedSubscriptionCount() throws -> Int {
        guard let bytes = try realm.storedSyncSubscriptions(),
              let record = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              let subscriptions = record["subscriptions"] as? [Any] else { return 0 }
        return subscriptions.count
    }

    /// What `first(named:)` and `first(ofType:where:)` find, and how many subscriptions iterate.
    func find() -> [String] {
        let subs = realm.subscriptions
        return [subs.first(named: "low")?.name ?? "-",
                subs.first(ofType: FlexItem.self, where: "score >= %@", 8).map { $0.name ?? "(unnamed)" } ?? "-",
                "\(Array(subs).count)"]
    }
}

/// Flexible sync against the real server: subscriptions select what a device holds, objects
/// move in and out of views, malformed subscriptions are refused with their position, and
/// per-class rules filter reads and revert forbidden writes.
final class FlexibleSyncTests: SyncTestCase {
    func testSubscriptionsSelectWhatTheDeviceHoldsAndObjectsMoveInAndOut() async throws {
        let writer = try await FlexDevice(try await register("wendy", on: makeApp(device: "writer")), subscriptions: [QuerySubscription<FlexItem>(name: "all")])
        for i in 0..<20 { try await writer.put("item\(i)", owner: "w", status: i % 2 == 0 ? "open" : "done", score: i) }
        try await writer.settle()

        let reader = try await FlexDevice(try await register("rita", on: makeApp(device: "reader")),
                                          subscriptions: [QuerySubscription<FlexItem>(name: "open") { $0.status == "open" }])
        let subscriptionState = await reader.subscriptionState()
        XCTAssertEqual(subscriptionState, .complete)
        let opened = await reader.ids()
        XCTAssertEqual(opened, (0..<20).filter { $0 % 2 == 0 }.map { "item\($0)" }.sorted())

        // item0 leaves the view, item1 enters it.
        _ = try await writer.setStatus("item0", "done")
        _ = try await writer.setStatus("item1", "open")
        try await writer.settle()
        try await reader.settle()
        let moved = await reader.ids()
        XCTAssertEqual(moved, ((2..<20).filter { $0 % 2 == 0 } + [1]).map { "item\($0)" }.sorted())
        let readerItem1 = await reader.items().first { $0.hasPrefix("item1 ") }
        XCTAssertEqual(readerItem1, "item1 w open 1", "an entering object arrives whole")

        // Leaving a view is not a delete: the writer and the server keep every object.
        let all = await writer.items()
        XCTAssertEqual(all.count, 20)

        // A narrower set drops objects; an empty one drops everything, and nothing is deleted.
        try await reader.update { $0.append(QuerySubscription<FlexItem>(name: "open") { $0.status == "open" && $0.score >= 10 }) }
        let narrowed = await reader.ids()
        XCTAssertEqual(narrowed, (10..<20).filter { $0 % 2 == 0 }.map { "item\($0)" }.sorted())
        try await reader.update { $0.removeAll() }
        let none = await reader.ids()
        XCTAssertEqual(none, [])
        try await writer.settle()
        let stillAll = await writer.items()
        XCTAssertEqual(stillAll.count, 20)

        // The set survives a restart of the device: reopened, it holds what the set selects.
        try await reader.update { $0.append(QuerySubscription<FlexItem>(name: "high", where: "score >= %@", 18)) }
        let high = await reader.ids()
        XCTAssertEqual(high, ["item18", "item19"])
    }

    func testTheSubscriptionSetAPIAsRealmSwiftHasIt() async throws {
        let writer = try await FlexDevice(try await register("sara", on: makeApp(device: "writer")), subscriptions: [QuerySubscription<FlexItem>(name: "all")])
        for i in 0..<10 { try await writer.put("n\(i)", owner: "s", status: "open", score: i) }
        try await writer.settle()
        let device = try await FlexDevice(try await register("seth", on: makeApp(device: "device")), subscriptions: [])
        try await device.update { subs in
            subs.append(QuerySubscription<FlexItem>(name: "low") { $0.score < 3 })
            subs.append(QuerySubscription<FlexItem>(where: "score >= %@", 8))
        }
        var ids = await device.ids()
        XCTAssertEqual(ids, ["n0", "n1", "n2", "n8", "n9"])
        let found = await device.find()
        XCTAssertEqual(found, ["low", "(unnamed)", "2"])

        try await device.update { subs in
            subs.first(named: "low")!.updateQuery(toType: FlexItem.self) { $0.score == 5 }
            subs.remove(ofType: FlexItem.self, where: "score >= %@", 8)
        }
        ids = await device.ids()
        XCTAssertEqual(ids, ["n5"])
        let state = await device.subscriptionState()
        XCTAssertEqual(state, .complete)
        let count = await device.subscriptionCount()
        XCTAssertEqual(count, 1)

        // RealmSwift's older spelling, with a predicate and arguments.
        try await device.update { subs in
            subs.first(named: "low")!.update(to: "score == %@ OR score == %@", 5, 6)
        }
        ids = await device.ids()
        XCTAssertEqual(ids, ["n5", "n6"])
    }

    func testMalformedSubscriptionsAreRefusedWithTheirPositionAndSyncGoesOn() async throws {
        let writer = try await FlexDevice(try await register("mona", on: makeApp(device: "writer")), subscriptions: [QuerySubscription<FlexItem>(name: "all")])
        try await writer.put("a", owner: "m", status: "open", score: 1)
        try await writer.settle()
        let device = try await FlexDevice(try await register("max", on: makeApp(device: "device")), subscriptions: [])

        do {
            try await device.update { $0.append(QuerySubscription<FlexItem>(name: "bad", where: "status == 'open' AND colour == 'red'")) }
            XCTFail("an unknown property was accepted")
        } catch let error as SyncError {
            XCTAssertEqual(error.code, .invalidSubscriptionQuery)
            XCTAssertTrue(error.message.contains("line 1, column 22"), error.message)
            XCTAssertTrue(error.message.contains("colour"), error.message)
        }
        let state = await device.subscriptionState()
        guard case .error = state else { return XCTFail("state \(state)") }

        // The session goes on: a good set replaces the bad one.
        try await device.update { subs in
            subs.removeAll()
            subs.append(QuerySubscription<FlexItem>(name: "open") { $0.status == "open" })
        }
        let ids = await device.ids()
        XCTAssertEqual(ids, ["a"])
        let errors = device.errors.all.map(\.code)
        XCTAssertEqual(errors, [.invalidSubscriptionQuery])
    }
}

final class FlexPerson: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var name = ""
}

final class FlexProject: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var active = false
    @Persisted var lead: FlexPerson?
}

/// A device holding projects and people, subscribed to active projects only.
actor ProjectDevice {
    var realm: Realm!

    init(_ user: User, activeOnly: Bool) async throws {
        var config = user.flexibleSyncConfiguration(initialSubscriptions: { subs in
            subs.append(activeOnly ? QuerySubscription<FlexProject>(name: "active") { $0.active == true } : QuerySubscription<FlexProject>(name: "all"))
            if !activeOnly { subs.append(QuerySubscription<FlexPerson>(name: "people")) }
        })
        config.objectTypes = [FlexProject.self, FlexPerson.self]
        realm = try await Realm(configuration: config, actor: self, downloadBeforeOpen: .always)
    }

    func project(_ id: String, active: Bool, lead: String?) throws {
        try realm.write {
            let project = realm.object(ofType: FlexProject.self, forPrimaryKey: id) ?? realm.create(FlexProject.self, value: ["id": id])
            project.active = active
            project.lead = lead.map { realm.object(ofType: FlexPerson.self, forPrimaryKey: $0) ?? realm.create(FlexPerson.self, value: ["id": $0, "name": $0.uppercased()]) }
        }
    }

    /// "project→lead" for each project, and the people, sorted.
    func contents() -> (projects: [String], people: [String]) {
        realm.refresh()
        return (realm.objects(FlexProject.self).map { "\($0.id)→\($0.lead?.name ?? "nil")" }.sorted(), realm.objects(FlexPerson.self).map(\.id).sorted())
    }

    func settle() async throws {
        try await realm.syncSession!.wait(for: .upload, timeout: .seconds(60))
        try await realm.syncSession!.wait(for: .download, timeout: .seconds(60))
    }
}

extension FlexibleSyncTests {
    /// Random writes by a writer and by two subscribed devices (whose own writes move objects
    /// out of their views while pending), random changes of subscriptions and reconnects; in
    /// the end each device holds exactly what its subscription selects, as the writer has it.
    func testRandomWritesSubscriptionChangesAndReconnectsConverge() async throws {
        let writer = try await FlexDevice(try await register("willa", on: makeApp(device: "writer")), subscriptions: [QuerySubscription<FlexItem>(name: "all")])
        let open = try await FlexDevice(try await register("olaf", on: makeApp(device: "open")), subscriptions: [QuerySubscription<FlexItem>(name: "s") { $0.status == "open" }])
        let high = try await FlexDevice(try await register("hugo", on: makeApp(device: "high")), subscriptions: [QuerySubscription<FlexItem>(name: "s") { $0.score >= 50 }])
        var threshold = 50
        var random = SystemRandomNumberGenerator()
        let statuses = ["open", "done"]
        for i in 0..<40 { try await writer.put("i\(i)", owner: "w", status: statuses.randomElement(using: &random)!, score: Int.random(in: 0..<100, using: &random)) }
        for step in 0..<60 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3:
                let id = "i\(Int.random(in: 0..<50, using: &random))"
                if Int.random(in: 0..<8, using: &random) == 0 { try await writer.delete(id) }
                else { try await writer.put(id, owner: "w", status: statuses.randomElement(using: &random)!, score: Int.random(in: 0..<100, using: &random)) }
            case 4, 5:
                // A subscribed device changes what it holds, often out of its own view.
                let device = Bool.random(using: &random) ? open : high
                if let line = await device.items().randomElement(using: &random) {
                    let f = line.split(separator: " ").map(String.init)
                    try await device.put(f[0], owner: f[1], status: statuses.randomElement(using: &random)!, score: Int.random(in: 0..<100, using: &random))
                }
            case 6:
                threshold = Int.random(in: 20..<80, using: &random)
                let t = threshold
                try await high.update { $0.append(QuerySubscription<FlexItem>(name: "s") { $0.score >= t }) }
            case 7:
                try await (Bool.random(using: &random) ? open : high).reconnect()
            default:
                if step % 2 == 0 { try await writer.settle() }
            }
        }
        for _ in 0..<2 { for device in [writer, open, high] { try await device.settle() } }
        let all = await writer.items().map { $0.split(separator: " ").map(String.init) }
        let openHolds = await open.items()
        let highHolds = await high.items()
        XCTAssertEqual(openHolds, all.filter { $0[2] == "open" }.map { $0.joined(separator: " ") })
        XCTAssertEqual(highHolds, all.filter { Int($0[3])! >= threshold }.map { $0.joined(separator: " ") })
    }

    func testObjectsThatLinksReachComeWithTheirViewAndLeaveWithIt() async throws {
        let writer = try await ProjectDevice(try await register("lena", on: makeApp(device: "writer")), activeOnly: false)
        try await writer.project("apollo", active: true, lead: "ann")
        try await writer.project("gemini", active: false, lead: "bob")
        try await writer.settle()

        let reader = try await ProjectDevice(try await register("lars", on: makeApp(device: "reader")), activeOnly: true)
        var seen = await reader.contents()
        XCTAssertEqual(seen.projects, ["apollo→ANN"], "only active projects")
        XCTAssertEqual(seen.people, ["ann"], "the people their links reach, though no subscription names people")

        // A new lead: the old one leaves the view, the new one enters it with the link.
        try await writer.project("apollo", active: true, lead: "bob")
        try await writer.settle()
        try await reader.settle()
        seen = await reader.contents()
        XCTAssertEqual(seen.projects, ["apollo→BOB"])
        XCTAssertEqual(seen.people, ["bob"])
        let all = await writer.contents()
        XCTAssertEqual(all.people, ["ann", "bob"], "leaving a view deletes nothing")
    }
}

/// Counts the runs of an initial-subscriptions callback.
final class RunCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var runs = 0
    func add() { lock.lock(); runs += 1; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return runs }
}

/// Opens a flexible-sync realm on its own actor and lets it go.
actor InitialSubscriptionsOpener {
    func open(_ configuration: Realm.Configuration) async throws -> Int {
        let realm = try await Realm(configuration: configuration, actor: self, downloadBeforeOpen: .always)
        return realm.subscriptions.count
    }
}

/// `InitialSubscriptionsConfiguration`: the callback runs on the first open, and on every open
/// with `rerunOnOpen`.
final class InitialSubscriptionsTests: SyncTestCase {
    func testInitialSubscriptionsRunOnTheFirstOpenAndOnEveryOpenWithRerunOnOpen() async throws {
        for rerun in [false, true] {
            let user = try await register(rerun ? "rerun" : "once", on: makeApp(device: rerun ? "rerun" : "once"))
            let runs = RunCounter()
            var config = user.flexibleSyncConfiguration(initialSubscriptions: { subs in
                runs.add()
                subs.append(QuerySubscription<FlexItem>(name: "all"))
            }, rerunOnOpen: rerun)
            config.objectTypes = [FlexItem.self]
            let initial = try XCTUnwrap(config.syncConfiguration?.initialSubscriptions)
            XCTAssertEqual(initial.rerunOnOpen, rerun)

            for _ in 0..<2 {
                let count = try await InitialSubscriptionsOpener().open(config)
                XCTAssertEqual(count, 1, "the callback's subscription is there, once")
            }
            XCTAssertEqual(runs.count, rerun ? 2 : 1, "rerunOnOpen: \(rerun)")
        }
    }

    /// A subscription set kept after the app closed its realm still changes: the closed session
    /// starts for it, stores it in the file, downloads its data and closes again.
    func testASubscriptionChangeStartsAClosedSessionWhichStoresItAndClosesAgain() async throws {
        let writer = try await FlexDevice(try await register("cleo", on: makeApp(device: "writer")), subscriptions: [QuerySubscription<FlexItem>(name: "all")])
        for i in 0..<10 { try await writer.put("c\(i)", owner: "c", status: "open", score: i) }
        try await writer.settle()
        let user = try await register("cato", on: makeApp(device: "device"))
        var device: FlexDevice? = try await FlexDevice(user, subscriptions: [QuerySubscription<FlexItem>(name: "low") { $0.score < 3 }])
        let (subscriptions, session) = await device!.handles()
        await device!.close()
        device = nil
        try await eventually(10, "the session closes with the realm") { session.state == .inactive }

        try await within(60) {
            try await subscriptions.update {
                subscriptions.remove(named: "low")
                subscriptions.append(QuerySubscription<FlexItem>(name: "high") { $0.score >= 8 })
            }
        }
        XCTAssertEqual(subscriptions.state, .complete)
        try await eventually(10, "the session closes again") { session.state == .inactive }

        // Opened again, the file holds the new set (not merged with the one it had) and its data.
        let reopened = try await FlexDevice(user, subscriptions: [])
        let count = try await reopened.storedSubscriptionCount()
        XCTAssertEqual(count, 1)
        let ids = await reopened.ids()
        XCTAssertEqual(ids, ["c8", "c9"])
    }
}
