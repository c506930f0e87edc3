import FiefSync
import Foundation
import ServerProcessSupport
import XCTest

/// RealmSwift's spellings of sync API that Fief maps onto its own: they behave as the
/// documented Fief API does.
final class SyncSpellingTests: SyncTestCase {
    func testCancelAsyncOpenOnNonFatalErrorsChoosesBetweenFailingAndWaiting() async throws {
        let user = try await register("op", on: makeApp())
        let port = server.port
        XCTAssertEqual(try server.terminate(), 0)

        var failing = user.configuration(partitionValue: "down", cancelAsyncOpenOnNonFatalErrors: true)
        failing.objectTypes = [Note.self]
        XCTAssertEqual(failing.syncConfiguration?.cancelAsyncOpenOnNonFatalErrors, true)
        do {
            _ = try await RealmHolder(failing, behavior: .always)
            XCTFail("opened with the server down")
        } catch let error as SyncError {
            XCTAssertEqual(error.code, .connectionFailed, "\(error)")
        }

        var waiting = user.flexibleSyncConfiguration(cancelAsyncOpenOnNonFatalErrors: false)
        waiting.objectTypes = [Note.self]
        waiting.fileURL = root.appendingPathComponent("waiting.fief")
        waiting.syncConfiguration?.openTimeout = .seconds(2)
        do {
            _ = try await RealmHolder(waiting, behavior: .always)
            XCTFail("opened with the server down")
        } catch let error as SyncError {
            XCTAssertEqual(error.code, .timedOut, "the open waits through reconnections to \(port) until its timeout: \(error)")
        }
    }

    func testRealmSwiftsFullConfigurationInitializerTakesASyncConfiguration() async throws {
        let user = try await register("full-init", on: makeApp())
        let flexible = user.flexibleSyncConfiguration()
        let sync = try XCTUnwrap(flexible.syncConfiguration)
        let config = Realm.Configuration(syncConfiguration: sync, schemaVersion: 2, objectTypes: [Note.self])
        XCTAssertEqual(config.fileURL, flexible.fileURL, "a synced realm gets its own file, as RealmSwift's does")
        XCTAssertEqual(config.syncConfiguration?.isFlexibleSync, true)
        XCTAssertEqual(config.schemaVersion, 2)
        XCTAssertNil(Realm.Configuration(inMemoryIdentifier: "synced", syncConfiguration: sync).fileURL)
        let own = Realm.Configuration(fileURL: root.appendingPathComponent("own.fief"), syncConfiguration: sync)
        XCTAssertEqual(own.fileURL?.lastPathComponent, "own.fief")
        let local = Realm.Configuration(syncConfiguration: nil, readOnly: true)
        XCTAssertNil(local.syncConfiguration)
        XCTAssertEqual(local.fileURL, Realm.Configuration.defaultFileURL)
        XCTAssertTrue(local.readOnly)
    }

    func testRealmSwiftNamesOfStatesModesAndProgress() {
        XCTAssertEqual(SyncSubscriptionState.complete, .complete)
        XCTAssertNotEqual(SyncSubscriptionState.pending, .complete)
        XCTAssertEqual(SyncSubscriptionState.error(SyncError(.badChangeset, "x")), .error(SyncError(.badChangeset, "x")))
        XCTAssertNotEqual(SyncSubscriptionState.error(SyncError(.badChangeset, "x")), .error(SyncError(.badChangeset, "y")))
        guard case .discardUnsyncedChanges = ClientResetMode.discardLocal() else { return XCTFail("discardLocal is discardUnsyncedChanges") }
        XCTAssertEqual(SyncSession.Progress(transferred: 25, transferrable: 100).progressEstimate, 0.25)
        XCTAssertEqual(SyncSession.Progress(transferred: 0, transferrable: 0).progressEstimate, 1)
        XCTAssertEqual(QuerySubscription<Note>(name: "all").queryString, "TRUEPREDICATE")
    }

    func testSyncLogLevelIsTheLoggersLevel() {
        let levels: [SyncLogLevel] = [.off, .fatal, .error, .warn, .info, .detail, .debug, .trace, .all]
        XCTAssertEqual(levels, LogLevel.allCases)
        let logger = Logger(level: .warn) { _, _ in }
        logger.level = SyncLogLevel.debug
        XCTAssertEqual(logger.level, .debug)
    }
}
