import Fief
import Foundation
import XCTest

/// The `fief` tool on a realm that a running program has open and is writing (FORMAT.md,
/// section 11), and that program's realm learning of what the tool wrote.
final class SharedRealmCLITests: XCTestCase {
    private var dir = ""
    private var path = ""

    override func setUpWithError() throws {
        dir = CLI.temporaryDirectory()
        path = dir + "/app.realm"
        try CLIFixture.makeRealm(at: path)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dir)
    }

    private var configuration: Realm.Configuration {
        Realm.Configuration(fileURL: URL(fileURLWithPath: path), schemaVersion: 3, objectTypes: CLIFixture.types)
    }

    /// `fief info`, `verify` and `query` read the realm while this process commits to it.
    func testToolReadsWhileAProgramWrites() throws {
        let configuration = configuration
        let stop = Atomic(false)
        let written = Atomic(0)
        let writer = Thread {
            do {
                let realm = try Realm(configuration: configuration)
                var id = 1_000
                while !stop.value {
                    try realm.write { realm.add(CLICounter(value: ["id": id, "value": id])) }
                    id += 1
                    written.value = id - 1_000
                }
            } catch {
                XCTFail("writer: \(error)")
            }
        }
        writer.start()
        defer { stop.value = true }
        while written.value < 20 { Thread.sleep(forTimeInterval: 0.005) }
        var counts: [Int] = []
        for _ in 0..<5 {
            let info = try CLI.run(["info", path])
            XCTAssertEqual(info.status, 0, info.errors)
            let verify = try CLI.run(["verify", path])
            XCTAssertEqual(verify.status, 0, verify.errors + verify.output)
            let query = try CLI.run(["query", "--json", path, "Counter", "id >= 1000"])
            XCTAssertEqual(query.status, 0, query.errors)
            counts.append(query.output.components(separatedBy: "\"id\"").count - 1)
        }
        stop.value = true
        while !writer.isFinished { Thread.sleep(forTimeInterval: 0.005) }
        XCTAssertGreaterThan(counts.last ?? 0, counts.first ?? 0, "the tool never saw a newer commit: \(counts)")
        XCTAssertEqual(try CLI.run(["verify", path]).status, 0)
    }

    /// A realm isolated to an actor hears of objects `fief import` creates from another process.
    func testActorRealmIsNotifiedOfAnotherProcessesCommit() async throws {
        let watcher = CounterWatcher()
        try await watcher.start(configuration)
        let document = dir + "/more.json"
        try Data(#"{"format": "fief-export", "formatVersion": 1, "objects": {"Counter": [{"id": 500, "value": 1}, {"id": 501, "value": 2}]}}"#.utf8)
            .write(to: URL(fileURLWithPath: document))
        let imported = try CLI.run(["import", path, document])
        XCTAssertEqual(imported.status, 0, imported.errors)
        let deadline = Date().addingTimeInterval(20)
        while await watcher.inserted < 2 && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        let inserted = await watcher.inserted
        XCTAssertEqual(inserted, 2, "the realm was not told of the other process's commit")
        let imports = await watcher.count("id >= 500")
        XCTAssertEqual(imports, 2)
        await watcher.stop()
    }
}

/// An actor with its own realm, counting the counters inserted as its notifications say.
private actor CounterWatcher {
    var realm: Realm!
    var token: NotificationToken?
    private(set) var inserted = 0

    func start(_ configuration: Realm.Configuration) async throws {
        realm = try await Realm(configuration: configuration, actor: self)
        token = realm.objects(CLICounter.self).observe { [unowned self] change in
            if case let .update(_, _, insertions, _) = change { self.inserted += insertions.count }
        }
    }

    func count(_ predicate: String) -> Int { realm.objects(CLICounter.self).filter(predicate).count }

    func stop() { token?.invalidate() }
}

/// A value shared between threads in a test.
private final class Atomic<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
