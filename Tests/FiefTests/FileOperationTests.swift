import Fief
import Foundation
import XCTest

final class FileOperationTests: XCTestCase {
    var directory: URL!
    override func setUp() { directory = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    func config(_ name: String) -> Realm.Configuration {
        Realm.Configuration(fileURL: directory.appendingPathComponent(name), objectTypes: petTypes)
    }

    func testWriteCopyToFile() throws {
        let realm = try Realm(configuration: config("src.realm"))
        try realm.write {
            let o = realm.create(QOwner.self, value: ["id": 1, "name": "O", "scores": ["a": 1]])
            o.pets.append(QPet(value: ["name": "P", "tags": ["t"]]))
        }
        let copyURL = directory.appendingPathComponent("copy.realm")
        try realm.writeCopy(toFile: copyURL)
        XCTAssertTrue(FileManager.default.fileExists(atPath: copyURL.path))
        let copy = try Realm(configuration: config("copy.realm"))
        let o = try XCTUnwrap(copy.object(ofType: QOwner.self, forPrimaryKey: 1))
        XCTAssertEqual(o.name, "O")
        XCTAssertEqual(o.pets.map(\.name), ["P"])
        XCTAssertEqual(Array(o.pets[0].tags), ["t"])
        XCTAssertEqual(o.scores["a"], 1)
        XCTAssertEqual(copy.objects(QPet.self).filter("name == 'P'").count, 1)
        // The copy is independent.
        try copy.write { copy.add(QPet(value: ["name": "only in copy"])) }
        XCTAssertEqual(realm.objects(QPet.self).count, 1)
        // Adding to the copy uses fresh keys.
        XCTAssertEqual(copy.objects(QPet.self).count, 2)
    }

    func testWriteCopyRefusesExistingFile() throws {
        let realm = try Realm(configuration: config("src.realm"))
        let existing = directory.appendingPathComponent("exists.realm")
        _ = FileManager.default.createFile(atPath: existing.path, contents: Data("x".utf8))
        assertRealmError(try realm.writeCopy(toFile: existing)) { if case .invalidConfiguration = $0 { true } else { false } }
    }

    func testWriteCopyWithConfigurationAndFromMemory() throws {
        let realm = try Realm(configuration: memoryConfiguration(petTypes))
        try realm.write { realm.add(QPet(value: ["name": "m"])) }
        let target = config("from-memory.realm")
        try realm.writeCopy(configuration: target)
        XCTAssertTrue(Realm.fileExists(for: target))
        let copy = try Realm(configuration: target)
        XCTAssertEqual(copy.objects(QPet.self).map(\.name), ["m"])
        assertRealmError(try realm.writeCopy(configuration: memoryConfiguration(petTypes))) {
            if case .invalidConfiguration = $0 { true } else { false }
        }
    }

    func testFileExistsAndDeleteFiles() throws {
        let c = config("del.realm")
        XCTAssertFalse(Realm.fileExists(for: c))
        XCTAssertFalse(try Realm.deleteFiles(for: c))
        do {
            let realm = try Realm(configuration: c)
            try realm.write { realm.add(QPet(value: ["name": "x"])) }
            XCTAssertTrue(Realm.fileExists(for: c))
            assertRealmError(try Realm.deleteFiles(for: c)) { if case .invalidConfiguration = $0 { true } else { false } }
        }
        XCTAssertTrue(try Realm.deleteFiles(for: c))
        XCTAssertFalse(Realm.fileExists(for: c))
        let reopened = try Realm(configuration: c)
        XCTAssertEqual(reopened.objects(QPet.self).count, 0)
    }

    func testDataSurvivesReopen() throws {
        let c = config("persist.realm")
        do {
            let realm = try Realm(configuration: c)
            try realm.write {
                for i in 0..<300 { realm.add(QPet(value: ["name": "p\(i)", "age": i])) }
            }
        }
        let realm = try Realm(configuration: c)
        XCTAssertEqual(realm.objects(QPet.self).count, 300)
        XCTAssertEqual(realm.objects(QPet.self).filter("age >= 250").count, 50)
        XCTAssertEqual(realm.objects(QPet.self).sum(ofProperty: "age") as Int, 299 * 300 / 2)
        try realm.write { realm.add(QPet(value: ["name": "new", "age": 1000])) }
        XCTAssertEqual(realm.objects(QPet.self).count, 301)
        XCTAssertEqual(realm.objects(QPet.self).sorted(byKeyPath: "age").last?.name, "new")
    }

    func testOpeningInMissingDirectoryIsATypedError() {
        let c = Realm.Configuration(fileURL: directory.appendingPathComponent("no/such/dir/x.realm"), objectTypes: petTypes)
        assertRealmError(try Realm(configuration: c)) { if case .storage = $0 { true } else { false } }
    }

    func testOpeningGarbageFileIsATypedError() throws {
        let url = directory.appendingPathComponent("garbage.realm")
        try Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: url)
        assertRealmError(try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: petTypes))) {
            if case .storage = $0 { true } else { false }
        }
    }

    func testDescriptionsDoNotTrap() throws {
        let realm = try makePetRealm()
        let owner = realm.object(ofType: QOwner.self, forPrimaryKey: 1)!
        XCTAssertTrue(owner.description.contains("Ann"), owner.description)
        XCTAssertTrue(realm.objects(QPet.self).description.contains("5"))
        XCTAssertTrue(owner.pets.description.contains("List"))
        XCTAssertTrue(QPet(value: ["name": "u"]).description.contains("u"))
    }
}
