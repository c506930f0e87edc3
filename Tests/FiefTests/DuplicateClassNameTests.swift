import Fief
import Foundation
import XCTest

final class DupNameV1: Object {
    override class func className() -> String { "DupName" }
    @Persisted var value = ""
}

final class DupNameV2: Object {
    override class func className() -> String { "DupName" }
    @Persisted var value = 0
}

final class DupNameLater: Object {
    @Persisted var note = ""
}

/// A process may hold two classes with one class name (versions of a model in migration
/// tests). A realm without `objectTypes` collects every class met so far: it must take the
/// same one of the two each time, or a file it created fails to open again with a schema
/// mismatch (which happened to synced realms in the tests once other test classes had run).
final class DuplicateClassNameTests: XCTestCase {
    func testTheAutomaticSchemaTakesTheFirstDiscoveredClassOfANameEveryTime() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Both versions are met (each with its explicit objectTypes), V1 first.
        _ = try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "dup-v1-\(UUID())", objectTypes: [DupNameV1.self]))
        _ = try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "dup-v2-\(UUID())", objectTypes: [DupNameV2.self]))

        let file = Realm.Configuration(fileURL: directory.appendingPathComponent("auto.fief"))
        let first = try Realm(configuration: file)
        XCTAssertEqual(first.schema["DupName"]?.properties.first { $0.name == "value" }?.type, .string)
        // Another class is met in between; the file opens again with the same choice.
        _ = try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "dup-later-\(UUID())", objectTypes: [DupNameLater.self]))
        first.invalidate()
        let again = try Realm(configuration: file)
        XCTAssertEqual(again.schema["DupName"]?.properties.first { $0.name == "value" }?.type, .string)
    }
}
