import Fief
import Foundation
import ServerProcessSupport
import XCTest

// Seed 001's RealmActor, with only the import changed.
actor RealmActor {
    // An implicitly-unwrapped optional is used here to let us pass `self` to
    // `Realm(actor:)` within `init`
    var realm: Realm!
    init(configuration: Realm.Configuration) async throws {
        realm = try await Realm(configuration: configuration, actor: self)
    }

    var count: Int {
        realm.objects(Todo.self).count
    }

    func createTodo(name: String, owner: String, status: String) async throws {
        try await realm.asyncWrite {
            realm.create(Todo.self, value: [
                "_id": ObjectId.generate(),
                "name": name,
                "owner": owner,
                "status": status
            ])
        }
    }

    func getTodoOwner(forTodoNamed name: String) -> String {
        let todo = realm.objects(Todo.self).where {
            $0.name == name
        }.first!
        return todo.owner
    }

    struct TodoStruct {
        var id: ObjectId
        var name, owner, status: String
    }

    func getTodoAsStruct(forTodoNamed name: String) -> TodoStruct {
        let todo = realm.objects(Todo.self).where {
            $0.name == name
        }.first!
        return TodoStruct(id: todo._id, name: todo.name, owner: todo.owner, status: todo.status)
    }

    func updateTodo(_id: ObjectId, name: String, owner: String, status: String) async throws {
        try await realm.asyncWrite {
            realm.create(Todo.self, value: [
                "_id": _id,
                "name": name,
                "owner": owner,
                "status": status
            ], update: .modified)
        }
    }

    func deleteTodo(id: ObjectId) async throws {
        try await realm.asyncWrite {
            let todoToDelete = realm.object(ofType: Todo.self, forPrimaryKey: id)
            realm.delete(todoToDelete!)
        }
    }

    func close() {
        realm = nil
    }
}

// Seed 001's global actor example.
@globalActor actor BackgroundActor: GlobalActor {
    static let shared = BackgroundActor()
}

@BackgroundActor
func backgroundThreadFunction(configuration: Realm.Configuration) async throws -> Int {
    // Explicitly specifying the actor is required for anything that is not MainActor
    let realm = try await Realm(configuration: configuration, actor: BackgroundActor.shared)
    try await realm.asyncWrite {
        _ = realm.create(Todo.self, value: [
            "name": "Pledge fealty and service to Gondor",
            "owner": "Pippin",
            "status": "In Progress"
        ])
    }
    // Thread-confined Realms would sometimes throw an exception here, as we
    // may end up on a different thread after an `await`
    let todoCount = realm.objects(Todo.self).count
    return todoCount
}

final class ActorRealmTests: XCTestCase {
    var directory: URL!

    override func setUp() { directory = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    func configuration(_ name: String = "actor.realm") -> Realm.Configuration {
        Realm.Configuration(fileURL: directory.appendingPathComponent(name), objectTypes: [Todo.self])
    }

    func testSeedRealmActorExample() async throws {
        let actor = try await RealmActor(configuration: configuration())
        try await actor.createTodo(name: "Bake bread", owner: "Frodo", status: "Open")
        try await actor.createTodo(name: "Walk", owner: "Sam", status: "Open")
        var count = await actor.count
        XCTAssertEqual(count, 2)
        let owner = await actor.getTodoOwner(forTodoNamed: "Walk")
        XCTAssertEqual(owner, "Sam")
        let todo = await actor.getTodoAsStruct(forTodoNamed: "Bake bread")
        try await actor.updateTodo(_id: todo.id, name: todo.name, owner: "Merry", status: "Done")
        let updated = await actor.getTodoAsStruct(forTodoNamed: "Bake bread")
        XCTAssertEqual(updated.owner, "Merry")
        XCTAssertEqual(updated.status, "Done")
        try await actor.deleteTodo(id: todo.id)
        count = await actor.count
        XCTAssertEqual(count, 1)
        await actor.close()
        // The data is on disk for a new realm.
        let realm = try openConfined(configuration())
        XCTAssertEqual(realm.objects(Todo.self).map(\.name), ["Walk"])
    }

    func testSeedBackgroundActorExample() async throws {
        let count = try await backgroundThreadFunction(configuration: configuration())
        XCTAssertEqual(count, 1)
    }

    func testAsyncWriteThrowingRollsBack() async throws {
        let actor = TestWriter()
        let config = configuration()
        try await actor.open(config)
        struct Oops: Error {}
        do {
            try await actor.write { realm in
                realm.create(Todo.self, value: ["name": "never"])
                throw Oops()
            }
            XCTFail("expected the error")
        } catch is Oops {}
        let names = await actor.names()
        XCTAssertEqual(names, [])
        try await actor.write { realm in realm.create(Todo.self, value: ["name": "kept"]) }
        let after = await actor.names()
        XCTAssertEqual(after, ["kept"])
    }

    func testCancelledAsyncWriteRollsBack() async throws {
        let actor = TestWriter()
        try await actor.open(configuration())
        let task = Task {
            try await actor.write { realm in
                realm.create(Todo.self, value: ["name": "cancelled"])
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        do {
            try await task.value
            XCTFail("expected CancellationError")
        } catch is CancellationError {}
        let names = await actor.names()
        XCTAssertEqual(names, [])
    }

    func testAsyncWriteReturnsTheBlockValue() async throws {
        let actor = TestWriter()
        try await actor.open(configuration())
        let value = try await actor.writeReturning()
        XCTAssertEqual(value, 42)
    }

    func testCommitOnOneActorNotifiesAnotherOnItsOwnActor() async throws {
        let config = configuration()
        let observer = TestObserver()
        try await observer.start(config)
        let writer = TestWriter()
        try await writer.open(config)
        try await writer.write { realm in realm.create(Todo.self, value: ["name": "a", "owner": "x"]) }
        let first = await observer.next()
        XCTAssertEqual(first, "update: deletions [] insertions [0] modifications [] -> [a]")
        try await writer.write { realm in
            realm.objects(Todo.self).first!.owner = "y"
            realm.create(Todo.self, value: ["name": "b"])
        }
        let second = await observer.next()
        XCTAssertEqual(second, "update: deletions [] insertions [1] modifications [0] -> [a, b]")
        let didChange = await observer.realmChanges
        XCTAssertGreaterThanOrEqual(didChange, 2)
        await observer.stop()
    }

    func testThreadSafeReferenceCrossesActors() async throws {
        let config = configuration()
        let realm = try openConfined(config)
        let todo = try realm.write { realm.create(Todo.self, value: ["name": "handed over"]) }
        let ref = ThreadSafeReference(to: todo)
        let resultsRef = ThreadSafeReference(to: realm.objects(Todo.self).filter("name BEGINSWITH 'hand'"))
        let (name, count) = try await BackgroundActor.shared.resolve(ref, resultsRef, config)
        XCTAssertEqual(name, "handed over")
        XCTAssertEqual(count, 1)
    }

    func testFrozenResultsAreReadableFromAnotherActor() async throws {
        let config = configuration()
        let realm = try openConfined(config)
        try realm.write { realm.create(Todo.self, value: ["name": "frozen"]) }
        let frozen = realm.objects(Todo.self).freeze()
        let names = await Task.detached { frozen.map(\.name) }.value
        XCTAssertEqual(names, ["frozen"])
        XCTAssertTrue(frozen.isFrozen)
    }
}

extension BackgroundActor {
    func resolve(_ ref: ThreadSafeReference<Todo>, _ results: ThreadSafeReference<Results<Todo>>,
                 _ config: Realm.Configuration) async throws -> (String?, Int) {
        let realm = try await Realm(configuration: config, actor: self)
        return (realm.resolve(ref)?.name, realm.resolve(results)?.count ?? -1)
    }
}

/// An actor owning a realm, for the tests.
actor TestWriter {
    var realm: Realm!

    func open(_ config: Realm.Configuration) async throws {
        realm = try await Realm(configuration: config, actor: self)
    }

    func write(_ body: (Realm) throws -> Void) async throws {
        try await realm.asyncWrite { try body(realm) }
    }

    func writeReturning() async throws -> Int {
        try await realm.asyncWrite {
            realm.create(Todo.self, value: ["name": "x"])
            return 42
        }
    }

    func names() -> [String] { realm.objects(Todo.self).map(\.name).sorted() }
}

/// An actor observing results and the realm; changes are described as strings.
actor TestObserver {
    var realm: Realm!
    var tokens: [NotificationToken] = []
    var received: [String] = []
    var waiters: [CheckedContinuation<String, Never>] = []
    var realmChanges = 0

    func start(_ config: Realm.Configuration) async throws {
        realm = try await Realm(configuration: config, actor: self)
        tokens.append(realm.observe { [unowned self] _, _ in self.realmChanges += 1 })
        tokens.append(realm.objects(Todo.self).sorted(byKeyPath: "name").observe { [unowned self] change in
            switch change {
            case .initial: break
            case .update(let results, let d, let i, let m):
                self.push("update: deletions \(d) insertions \(i) modifications \(m) -> [\(results.map(\.name).joined(separator: ", "))]")
            case .error(let e): self.push("error \(e)")
            }
        })
    }

    private func push(_ s: String) {
        if !waiters.isEmpty { waiters.removeFirst().resume(returning: s) } else { received.append(s) }
    }

    func next() async -> String {
        if !received.isEmpty { return received.removeFirst() }
        return await withCheckedContinuation { waiters.append($0) }
    }

    func stop() { tokens.forEach { $0.invalidate() } }
}

/// Opens a thread-confined realm from async code: in an async context `Realm(configuration:)`
/// names the main-actor initializer, as in RealmSwift, so a synchronous helper is used.
func openConfined(_ configuration: Realm.Configuration) throws -> Realm {
    try Realm(configuration: configuration)
}

/// `Realm.open(configuration:downloadBeforeOpen:)` on an actor: a local realm ignores the
/// download behaviour and opens isolated to the caller's actor.
final class RealmOpenTests: XCTestCase {
    func testOpenTakesADownloadBehaviourThatLocalRealmsIgnore() async throws {
        let config = Realm.Configuration(inMemoryIdentifier: "open-\(UUID().uuidString)", objectTypes: [Todo.self])
        let opener = RealmOpener()
        let (isolatedToIt, count) = try await opener.open(config)
        XCTAssertTrue(isolatedToIt)
        XCTAssertEqual(count, 0)
    }
}

/// Opens realms with `Realm.open` on itself.
actor RealmOpener {
    func open(_ configuration: Realm.Configuration) async throws -> (Bool, Int) {
        let realm = try await Realm.open(configuration: configuration, downloadBeforeOpen: .always)
        return (realm.actor === self, realm.objects(Todo.self).count)
    }
}

/// Using a realm outside its isolation traps with a message naming the realm; the trap cannot
/// run in-process, so a child process (`fief-isolation-probe`) misuses a realm and the test
/// checks how it ends and what it printed.
final class RealmIsolationTests: XCTestCase {
    func testUseFromAnotherThreadTrapsWithAClearMessage() throws {
        let stderr = try Self.runProbe()
        XCTAssertTrue(stderr.contains("confined to the thread that opened it"), stderr)
    }

    func testUseOutsideItsQueueTrapsWithAClearMessage() throws {
        let stderr = try Self.runProbe(["queue"])
        XCTAssertTrue(stderr.contains("confined to the queue 'probe-queue'"), stderr)
    }

    /// Runs the probe, checks that it was stopped by a trap naming the realm, and returns what
    /// it wrote to standard error.
    static func runProbe(_ arguments: [String] = []) throws -> String {
        let probe = try Self.locateProbe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: probe)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let errors = Pipe()
        let output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        _ = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, "the misuse was not caught: \(stderr)")
        XCTAssertTrue(stderr.contains("memory:isolation-probe"), stderr)
        return stderr
    }

    /// The probe executable beside this test bundle.
    static func locateProbe() throws -> String { try ServerProcess.locateExecutable("fief-isolation-probe") }

    func testIsolationCheckPassesOnOwnActor() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = Realm.Configuration(fileURL: directory.appendingPathComponent("iso.realm"), objectTypes: [Todo.self])
        let writer = TestWriter()
        try await writer.open(config)
        try await writer.write { realm in realm.create(Todo.self, value: ["name": "on its actor"]) }
        let names = await writer.names()
        XCTAssertEqual(names, ["on its actor"])
    }
}

/// Collects descriptions of changes delivered on its own actor.
actor ChangeCollector {
    private var received: [String] = []
    private var waiters: [CheckedContinuation<String, Never>] = []

    func record(_ s: String) {
        if !waiters.isEmpty { waiters.removeFirst().resume(returning: s) } else { received.append(s) }
    }

    func next() async -> String {
        if !received.isEmpty { return received.removeFirst() }
        return await withCheckedContinuation { waiters.append($0) }
    }
}

final class ActorObservationTests: XCTestCase {
    func testResultsAndObjectObservedOnAnotherActor() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = Realm.Configuration(fileURL: directory.appendingPathComponent("observe.realm"), objectTypes: [Todo.self])
        let writer = TestWriter()
        try await writer.open(config)
        try await writer.write { realm in realm.create(Todo.self, value: ["name": "first", "owner": "a"]) }
        let (results, todo) = try Self.confined(config)
        let collector = ChangeCollector()
        let resultsToken = try await results.observe(on: collector) { collector, change in
            switch change {
            case .initial(let r): collector.record("initial \(r.count)")
            case .update(let r, _, let i, let m): collector.record("update \(i) \(m) \(r.count)")
            case .error(let e): collector.record("error \(e)")
            }
        }
        let objectToken = await todo.observe(keyPaths: ["owner"], on: collector) { collector, change in
            if case .change(let t, let p) = change { collector.record("object \(t.name) \(p.map(\.name))") }
        }
        let initial = await collector.next()
        XCTAssertEqual(initial, "initial 1")
        try await writer.write { realm in
            realm.objects(Todo.self).first!.owner = "b"
            realm.create(Todo.self, value: ["name": "second"])
        }
        var events = [await collector.next(), await collector.next()]
        events.sort()
        XCTAssertEqual(events, ["object first [\"owner\"]", "update [1] [0] 2"])
        resultsToken.invalidate()
        objectToken.invalidate()
    }

    /// A thread-confined realm's results and first object, made without suspending.
    static func confined(_ config: Realm.Configuration) throws -> (Results<Todo>, Todo) {
        let realm = try Realm(configuration: config)
        let results = realm.objects(Todo.self)
        return (results, results.first!)
    }
}
