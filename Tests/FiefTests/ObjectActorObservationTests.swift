import Fief
import Foundation
import XCTest

/// `observe(keyPaths:on:_isolation:_:)` on objects and embedded objects: changes delivered on
/// another actor, and an object gone before the observation starts.
final class ObjectActorObservationTests: XCTestCase {
    func testEmbeddedObjectObservedOnAnotherActor() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = Realm.Configuration(fileURL: directory.appendingPathComponent("embedded.realm"),
                                         objectTypes: [Contact.self, Address.self])
        let writer = ContactWriter()
        try await writer.open(config)
        try await writer.write { realm in
            realm.create(Contact.self, value: ["email": "a@b.c", "name": "Ann", "address": ["street": "Main", "city": "Oslo"]])
        }
        let address = try Self.address(config)
        let collector = ChangeCollector()
        let token = await address.observe(keyPaths: ["city"], on: collector) { collector, change in
            switch change {
            case .change(let a, let properties): collector.record("\(a.city) \(properties.map(\.name))")
            case .deleted: collector.record("deleted")
            case .error(let error): collector.record("error \(error)")
            }
        }
        XCTAssertFalse(token.isInvalidated)
        try await writer.write { realm in realm.object(ofType: Contact.self, forPrimaryKey: "a@b.c")!.address!.city = "Bergen" }
        let changed = await collector.next()
        XCTAssertEqual(changed, "Bergen [\"city\"]")
        try await writer.write { realm in realm.delete(realm.objects(Contact.self)) }
        let deleted = await collector.next()
        XCTAssertEqual(deleted, "deleted")
        token.invalidate()
    }

    func testObjectDeletedBeforeTheObservationStarts() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = Realm.Configuration(fileURL: directory.appendingPathComponent("gone.realm"), objectTypes: [Todo.self])
        let writer = TestWriter()
        try await writer.open(config)
        try await writer.write { realm in realm.create(Todo.self, value: ["name": "soon gone"]) }
        let todo = try Self.firstTodo(config)
        try await writer.write { realm in realm.delete(realm.objects(Todo.self)) }
        let collector = ChangeCollector()
        let token = await todo.observe(on: collector) { collector, change in
            if case .deleted = change { collector.record("deleted") } else { collector.record("\(change)") }
        }
        let event = await collector.next()
        XCTAssertEqual(event, "deleted")
        XCTAssertTrue(token.isInvalidated)
    }

    func testObservingFromAnActorKeepsTheObjectOnIt() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = Realm.Configuration(fileURL: directory.appendingPathComponent("isolated.realm"), objectTypes: [Todo.self])
        let writer = TestWriter()
        try await writer.open(config)
        try await writer.write { realm in realm.create(Todo.self, value: ["name": "watched", "owner": "a"]) }
        let watcher = TodoWatcher()
        let collector = ChangeCollector()
        try await watcher.watch(config, reportingTo: collector)
        try await writer.write { realm in realm.objects(Todo.self).first!.owner = "b" }
        let event = await collector.next()
        XCTAssertEqual(event, "watched [\"owner\"]")
        await watcher.stop()
    }

    static func address(_ config: Realm.Configuration) throws -> Address {
        try XCTUnwrap(Realm(configuration: config).object(ofType: Contact.self, forPrimaryKey: "a@b.c")?.address)
    }

    static func firstTodo(_ config: Realm.Configuration) throws -> Todo {
        try XCTUnwrap(Realm(configuration: config).objects(Todo.self).first)
    }
}

/// Opens a realm on its own actor and observes an object of it on another actor: the object
/// never leaves this actor, which `_isolation` lets the compiler see.
actor TodoWatcher {
    private var realm: Realm!
    private var token: NotificationToken?

    func watch(_ config: Realm.Configuration, reportingTo collector: ChangeCollector) async throws {
        realm = try await Realm(configuration: config, actor: self)
        let todo = realm.objects(Todo.self).first!
        token = await todo.observe(keyPaths: ["owner"], on: collector) { collector, change in
            if case .change(let t, let properties) = change { collector.record("\(t.name) \(properties.map(\.name))") }
        }
    }

    func stop() { token?.invalidate() }
}

actor ContactWriter {
    var realm: Realm!

    func open(_ config: Realm.Configuration) async throws {
        realm = try await Realm(configuration: config, actor: self)
    }

    func write(_ body: (Realm) throws -> Void) async throws {
        try await realm.asyncWrite { try body(realm) }
    }
}
