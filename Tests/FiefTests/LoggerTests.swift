import Fief
import Foundation
import XCTest

/// `Logger` and `LogLevel`: filtering by level, and what Fief reports to `Logger.shared` as
/// realms are opened, migrated, compacted, written and closed.
final class LoggerTests: XCTestCase {
    private var previous: Logger!

    override func setUp() { previous = Logger.shared }
    override func tearDown() { Logger.shared = previous }

    func testLevelsOrderFromNothingToEverything() {
        XCTAssertEqual(LogLevel.allCases, [.off, .fatal, .error, .warn, .info, .detail, .debug, .trace, .all])
        XCTAssertEqual(LogLevel.allCases, LogLevel.allCases.sorted())
        XCTAssertEqual(LogLevel.warn.description, "warn")
        XCTAssertEqual("\(LogLevel.detail)", "detail")
    }

    func testALoggerReportsItsLevelAndLess() {
        let messages = MessageBox()
        let logger = Logger(level: .warn) { level, message in messages.append(level, message) }
        for level in LogLevel.allCases { logger.log(level: level, message: "at \(level)") }
        XCTAssertEqual(messages.lines, ["fatal at fatal", "error at error", "warn at warn"])
        logger.level = .off
        logger.log(level: .fatal, message: "dropped")
        XCTAssertEqual(messages.lines.count, 3)
        logger.level = .all
        logger.log(level: .trace, message: "kept")
        logger.log(level: .off, message: "an .off message is never reported")
        XCTAssertEqual(messages.lines.last, "trace kept")
        XCTAssertEqual(logger.level, .all)
    }

    func testRealmEventsReachTheSharedLogger() throws {
        let messages = MessageBox()
        Logger.shared = Logger(level: .debug) { level, message in messages.append(level, message) }
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("logged.realm")
        let path = url.standardizedFileURL.path
        try onAnotherThread {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Dog.self, Person.self]))
            try realm.write { realm.create(Dog.self, value: ["name": "Rex"]) }
        }
        let opened = messages.lines.filter { $0.contains(path) }
        XCTAssertEqual(opened.first, "detail Opened realm file:\(path)")
        XCTAssertTrue(opened.contains { $0.hasPrefix("debug Committed version ") && $0.hasSuffix(": 1 change") }, "\(opened)")
        XCTAssertEqual(opened.last, "detail Closed realm file:\(path)", "the file closes with its last realm")

        // A schema version raised: a migration; a file mostly empty: a compaction on launch.
        try onAnotherThread {
            var config = Realm.Configuration(fileURL: url, schemaVersion: 2, objectTypes: [Dog.self, Person.self])
            config.migrationBlock = { _, _ in }
            let realm = try Realm(configuration: config)
            try realm.write {
                for i in 0..<2000 { realm.create(Dog.self, value: ["name": String(repeating: "x", count: 100) + "\(i)"]) }
            }
            try realm.write { realm.delete(realm.objects(Dog.self)) }
        }
        XCTAssertTrue(messages.lines.contains("info Migrating file:\(path) from schema version 0 to 2"), "\(messages.lines)")
        try onAnotherThread {
            var config = Realm.Configuration(fileURL: url, schemaVersion: 2, objectTypes: [Dog.self, Person.self])
            config.shouldCompactOnLaunch = { _, _ in true }
            _ = try Realm(configuration: config)
        }
        XCTAssertTrue(messages.lines.contains { $0.hasPrefix("info Compacted \(path) on launch: ") }, "\(messages.lines)")
    }

    func testNothingBelowTheLevelIsBuilt() throws {
        let messages = MessageBox()
        Logger.shared = Logger(level: .info) { level, message in messages.append(level, message) }
        let realm = try Realm(configuration: memoryConfiguration([Dog.self, Person.self]))
        try realm.write { realm.create(Dog.self, value: ["name": "Rex"]) }
        XCTAssertFalse(messages.lines.contains { $0.contains(realm.configuration.inMemoryIdentifier!) },
                       "opening (detail) and commits (debug) are below info")
    }
}

/// Messages a test logger received, as "level message" lines.
final class MessageBox: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [String] = []

    func append(_ level: LogLevel, _ message: String) { lock.lock(); received.append("\(level) \(message)"); lock.unlock() }
    var lines: [String] { lock.lock(); defer { lock.unlock() }; return received }
}
