@testable import Fief
import FiefStorage
import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

final class ErrCodeModel: Object {
    @Persisted var name = ""
}

final class ErrCodeNameClash: Object {
    override class func className() -> String { "ErrCodeModel" }
    @Persisted var count = 0
}

/// Opening a realm and its file operations throw `Realm.Error` with RealmSwift's codes.
final class RealmErrorCodeTests: XCTestCase {
    var directory: URL!
    override func setUp() { directory = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    func file(_ name: String, _ types: [ObjectBase.Type] = [ErrCodeModel.self], version: UInt64 = 0) -> Realm.Configuration {
        Realm.Configuration(fileURL: directory.appendingPathComponent(name), schemaVersion: version, objectTypes: types)
    }

    /// The `Realm.Error` `body` throws (failing the test when it throws none or another type).
    func realmError<T>(_ body: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line) -> Realm.Error? {
        do {
            _ = try body()
            XCTFail("nothing was thrown", file: file, line: line)
        } catch let error as Realm.Error {
            return error
        } catch {
            XCTFail("expected a Realm.Error, got \(type(of: error)): \(error)", file: file, line: line)
        }
        return nil
    }

    func testSchemaMismatchHasItsCodeReasonAndFile() throws {
        let configuration = file("mismatch.realm")
        _ = try Realm(configuration: configuration)
        let changed = file("mismatch.realm", [ErrCodeNameClash.self])
        let error = try XCTUnwrap(realmError(try Realm(configuration: changed)))
        XCTAssertEqual(error.code, .schemaMismatch)
        XCTAssertEqual(error.errorCode, 10)
        XCTAssertEqual(error.fileURL?.lastPathComponent, "mismatch.realm")
        guard case .schemaMismatch(let lines)? = error.reason else { return XCTFail("\(error)") }
        XCTAssertTrue(lines.contains { $0.contains("count") }, "\(lines)")
        XCTAssertTrue(error.description.hasPrefix("Migration is required"), error.description)
        XCTAssertEqual(error.localizedDescription, error.description)
    }

    func testCatchClausesMatchByCodeAsInRealmSwift() throws {
        _ = try Realm(configuration: file("catch.realm"))
        var caught = ""
        do {
            _ = try Realm(configuration: file("catch.realm", [ErrCodeNameClash.self]))
        } catch Realm.Error.fileNotFound {
            caught = "fileNotFound"
        } catch Realm.Error.schemaMismatch {
            caught = "schemaMismatch"
        } catch {
            caught = "other: \(error)"
        }
        XCTAssertEqual(caught, "schemaMismatch")
    }

    func testMissingDirectoryIsFileNotFound() {
        let missing = Realm.Configuration(fileURL: directory.appendingPathComponent("no/such/dir/x.realm"), objectTypes: [ErrCodeModel.self])
        XCTAssertEqual(realmError(try Realm(configuration: missing))?.code, .fileNotFound)
    }

    func testAFileThatIsNotARealmIsInvalidDatabase() throws {
        let url = directory.appendingPathComponent("garbage.realm")
        try Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: url)
        let error = realmError(try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [ErrCodeModel.self])))
        XCTAssertEqual(error?.code, .invalidDatabase)
        XCTAssertEqual(error?.fileURL?.lastPathComponent, "garbage.realm")
    }

    func testWriteCopyOverAFileIsFileExistsAndIntoAMissingDirectoryFileNotFound() throws {
        let realm = try Realm(configuration: file("source.realm"))
        let existing = directory.appendingPathComponent("exists.realm")
        _ = FileManager.default.createFile(atPath: existing.path, contents: Data("x".utf8))
        let exists = realmError(try realm.writeCopy(toFile: existing))
        XCTAssertEqual(exists?.code, .fileExists)
        XCTAssertEqual(exists?.fileURL?.path, existing.path)
        let nowhere = directory.appendingPathComponent("missing/copy.realm")
        XCTAssertEqual(realmError(try realm.writeCopy(toFile: nowhere))?.code, .fileNotFound)
    }

    func testDeletingTheFilesOfAnOpenRealmIsAlreadyOpen() throws {
        let configuration = file("open.realm")
        let realm = try Realm(configuration: configuration)
        XCTAssertEqual(realmError(try Realm.deleteFiles(for: configuration))?.code, .alreadyOpen)
        withExtendedLifetime(realm) {}
    }

    func testStorageFailuresMapToRealmSwiftsCodes() {
        func code(_ storage: StorageError) -> Realm.Error.Code {
            (Realm.Error.wrapping(RealmError.storage(storage), path: nil) as? Realm.Error)?.code ?? .fail
        }
        XCTAssertEqual(code(.io(operation: "open", path: "/x", errno: EACCES)), .filePermissionDenied)
        XCTAssertEqual(code(.io(operation: "open", path: "/x", errno: ENOENT)), .fileNotFound)
        XCTAssertEqual(code(.io(operation: "mmap", path: "/x", errno: ENOMEM)), .addressSpaceExhausted)
        XCTAssertEqual(code(.io(operation: "read", path: "/x", errno: EIO)), .fileAccess)
        XCTAssertEqual(code(.fileLocked(path: "/x")), .incompatibleLockFile)
        XCTAssertEqual(code(.diskFull(path: "/x")), .outOfDiskSpace)
        XCTAssertEqual(code(.unsupportedFormatVersion(found: 99, supported: 1)), .unsupportedFileFormatVersion)
        XCTAssertEqual(code(.wrongEncryptionKey(path: "/x")), .invalidDatabase)
        XCTAssertEqual(code(.fileExists(path: "/x")), .fileExists)
        let wrapped = Realm.Error.wrapping(RealmError.storage(.fileLocked(path: "/data/a.realm")), path: nil) as? Realm.Error
        XCTAssertEqual(wrapped?.fileURL?.path, "/data/a.realm")
    }

    func testErrorsThatAreNotFiefsPassUnchanged() {
        struct AppError: Swift.Error {}
        XCTAssertTrue(Realm.Error.wrapping(AppError(), path: nil) is AppError)
        XCTAssertTrue(Realm.Error.wrapping(CancellationError(), path: nil) is CancellationError)
    }

    func testMadeErrorsCarryTheirCodeMessageAndPath() {
        let error = Realm.Error(.fileNotFound, userInfo: [NSFilePathErrorKey: "/tmp/gone.realm", NSLocalizedDescriptionKey: "gone"])
        XCTAssertEqual(error.code, .fileNotFound)
        XCTAssertEqual(error.errorCode, 5)
        XCTAssertEqual(Realm.Error.errorDomain, "io.realm")
        XCTAssertEqual(error.fileURL?.path, "/tmp/gone.realm")
        XCTAssertEqual(error.description, "gone")
        XCTAssertEqual(error.userInfo[NSFilePathErrorKey] as? String, "/tmp/gone.realm")
        XCTAssertEqual(error.userInfo[NSLocalizedDescriptionKey] as? String, "gone")
        XCTAssertNil(error.reason)
        XCTAssertEqual(Realm.Error.callFailed.code, .fail)
        XCTAssertEqual(Realm.Error.callFailed.description, "Call failed")
        XCTAssertEqual(Realm.Error(.fileNotFound), Realm.Error(.fileNotFound))
        XCTAssertNotEqual(Realm.Error(.fileNotFound), Realm.Error(.fileExists))
    }

    func testTwoClassesWithOneClassNameInObjectTypesAreRejected() {
        let error = realmError(try Realm(configuration: memoryConfiguration([ErrCodeModel.self, ErrCodeNameClash.self])))
        guard case .invalidSchema(let message)? = error?.reason else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(message.contains("'ErrCodeModel'") && message.contains("ErrCodeNameClash"), message)
        // The same class twice is not a clash.
        XCTAssertNoThrow(try Realm(configuration: memoryConfiguration([ErrCodeModel.self, ErrCodeModel.self])))
    }
}

/// `schemaVersionAtURL` and `Realm.performMigration(for:)`.
final class SchemaVersionAtURLTests: XCTestCase {
    func testReadsTheVersionOfAFileAndNamesWhatIsWrong() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("versioned.realm")
        XCTAssertThrowsError(try schemaVersionAtURL(url)) { XCTAssertEqual(($0 as? Realm.Error)?.code, .fileNotFound) }
        let configuration = Realm.Configuration(fileURL: url, schemaVersion: 3, objectTypes: [ErrCodeModel.self])
        try Realm.performMigration(for: configuration)
        XCTAssertEqual(try schemaVersionAtURL(url), 3)
        let realm = try Realm(configuration: configuration)
        XCTAssertEqual(try schemaVersionAtURL(url), 3, "an open realm's file can be read too")
        withExtendedLifetime(realm) {}
        let garbage = directory.appendingPathComponent("garbage.realm")
        try Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: garbage)
        XCTAssertThrowsError(try schemaVersionAtURL(garbage)) { XCTAssertEqual(($0 as? Realm.Error)?.code, .invalidDatabase) }
    }
}
