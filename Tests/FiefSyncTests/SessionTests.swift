@_spi(Sync) import FiefSync
import Foundation
import ServerProcessSupport
import XCTest

/// Synced realms through a real `fief-server`: convergence, open behaviours online and
/// offline, offline writes across restarts, and suspending a session.
final class SessionTests: SyncTestCase {
    /// Waits until `holders` uploaded everything and downloaded everything the server has.
    private func settle(_ holders: [RealmHolder]) async throws {
        for holder in holders { try await holder.session()!.wait(for: .upload, timeout: .seconds(60)) }
        for holder in holders { try await holder.session()!.wait(for: .download, timeout: .seconds(60)) }
    }

    func testThreeDevicesConvergeThroughTheServer() async throws {
        let first = makeApp(device: "phone")
        let user = try await register("ann", on: first)
        var holders: [RealmHolder] = [try await RealmHolder(notesConfiguration(user))]
        for device in ["tablet", "laptop"] {
            let app = makeApp(device: device)
            let same = try await app.login(credentials: .emailPassword(email: "ann", password: "correct horse battery"))
            XCTAssertEqual(same.id, user.id)
            holders.append(try await RealmHolder(notesConfiguration(same)))
        }
        // Concurrent rounds: each device makes its own notes and touches the shared one.
        for round in 1...5 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (i, holder) in holders.enumerated() {
                    group.addTask {
                        try await holder.write("d\(i)-\(round)", text: "device \(i)")
                        try await holder.write("shared", text: "device \(i) round \(round)", tag: "d\(i)r\(round)")
                    }
                }
                try await group.waitForAll()
            }
        }
        try await settle(holders)
        try await settle(holders)
        let exports = await [holders[0].export(), holders[1].export(), holders[2].export()]
        XCTAssertEqual(exports[0], exports[1])
        XCTAssertEqual(exports[1], exports[2])
        let ids = await holders[0].ids()
        XCTAssertEqual(ids.count, 16, exports[0])
        XCTAssertTrue(exports[0].contains("shared device"), exports[0])
        let sharedLine = exports[0].split(separator: "\n").first { $0.hasPrefix("shared ") }!
        XCTAssertTrue(sharedLine.contains(" 15 ["), "the counter adds every increment: \(sharedLine)")
        XCTAssertEqual(sharedLine.split(separator: "[").last!.split(separator: ",").count, 15, "every list insert survives")
    }

    func testOpenBehavioursOnlineAndOffline() async throws {
        let writerApp = makeApp(device: "writer")
        let user = try await register("bo", on: writerApp)
        let writer = try await RealmHolder(notesConfiguration(user))
        for i in 0..<20 { try await writer.write("n\(i)", text: String(repeating: "x", count: 200)) }
        try await writer.session()!.wait(for: .upload, timeout: .seconds(60))

        // Online: .always and .once on a new file return with the server's data.
        let readerApp = makeApp(device: "reader")
        let reader = try await readerApp.login(credentials: .emailPassword(email: "bo", password: "correct horse battery"))
        let always = try await RealmHolder(notesConfiguration(reader, "notes"), behavior: .always)
        let count = await always.count()
        XCTAssertEqual(count, 20)
        let onceApp = makeApp(device: "once")
        let onceUser = try await onceApp.login(credentials: .emailPassword(email: "bo", password: "correct horse battery"))
        let once = try await RealmHolder(notesConfiguration(onceUser), behavior: .once)
        let onceCount = await once.count()
        XCTAssertEqual(onceCount, 20)
        let onceSession = try await XCTUnwrapAsync(await once.session())
        await once.close()
        // With its last realm closed and nothing to upload, that device's session closes.
        try await eventually(10, "the once device's session closes") { onceSession.state == .inactive }

        // A later write reaches .always on its next open.
        try await writer.write("late", text: "after")
        try await writer.session()!.wait(for: .upload, timeout: .seconds(60))
        let again = try await RealmHolder(notesConfiguration(reader, "notes"), behavior: .always)
        let ids = await again.ids()
        XCTAssertTrue(ids.contains("late"))

        // Offline: .never and .once (existing file) open at once from the file; .always and
        // .once on a new file report the failure. (The "once" device's session closed with its
        // realm, so its file does not have the late note.)
        XCTAssertEqual(try server.terminate(), 0)
        server = nil
        let never = try await RealmHolder(notesConfiguration(onceUser), behavior: .never)
        let neverCount = await never.count()
        XCTAssertEqual(neverCount, 20)
        let onceOffline = try await RealmHolder(notesConfiguration(onceUser), behavior: .once)
        let onceOfflineCount = await onceOffline.count()
        XCTAssertEqual(onceOfflineCount, 20)
        do {
            _ = try await RealmHolder(notesConfiguration(reader, "notes"), behavior: .always)
            XCTFail(".always opened without a server")
        } catch let error as SyncError {
            XCTAssertEqual(error.code, .connectionFailed, "\(error)")
        }
        do {
            _ = try await RealmHolder(notesConfiguration(onceUser, "never-downloaded"), behavior: .once)
            XCTFail(".once opened a new file without a server")
        } catch let error as SyncError {
            XCTAssertEqual(error.code, .connectionFailed, "\(error)")
        }
    }

    func testAlwaysReportsTimeoutAndCancellation() async throws {
        let app = makeApp()
        let user = try await register("cy", on: app)
        // A server that accepts connections but never answers: the open times out.
        let silent = try SilentServer()
        defer { silent.stop() }
        var config = user.configuration(realmURL: URL(string: "realm://127.0.0.1:\(silent.port)/~/quiet")!)
        config.objectTypes = [Note.self]
        config.syncConfiguration?.openTimeout = .milliseconds(500)
        do {
            _ = try await RealmHolder(config, behavior: .always)
            XCTFail("opened without a download")
        } catch let error as SyncError {
            XCTAssertEqual(error.code, .timedOut, "\(error)")
        }
        // Cancelling the task that waits ends the wait with CancellationError.
        config.syncConfiguration?.openTimeout = .seconds(60)
        config.fileURL = config.fileURL!.deletingLastPathComponent().appendingPathComponent("quiet2.fief")
        let opening = _Concurrency.Task { try await RealmHolder(config, behavior: .always) }
        try await _Concurrency.Task.sleep(for: .milliseconds(300))
        opening.cancel()
        do {
            _ = try await opening.value
            XCTFail("opened after cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testOfflineWritesAcrossRestartsUploadWhenTheServerIsBack() async throws {
        let port = server.port
        let app = makeApp(device: "field")
        let user = try await register("di", on: app)
        let config = notesConfiguration(user)
        var holder: RealmHolder? = try await RealmHolder(config)
        try await holder!.write("before", text: "online")
        try await holder!.session()!.wait(for: .upload, timeout: .seconds(60))
        XCTAssertEqual(try server.terminate(), 0)

        // Offline: several "restarts" of the app, each writing.
        await holder!.close()
        holder = nil
        for day in 1...3 {
            let reopenedApp = makeApp(device: "field")
            let cached = try XCTUnwrap(reopenedApp.currentUser, "the user survives a restart")
            let realm = try await RealmHolder(notesConfiguration(cached), behavior: .never)
            for i in 0..<10 { try await realm.write("day\(day)-\(i)", text: "offline") }
            await realm.close()
        }

        // The server comes back on the same port: everything uploads and a new device sees it.
        server = try ServerProcess(dataDirectory: root.appendingPathComponent("server-data"),
                                   arguments: ["--login-attempts-per-minute", "1000", "--port", "\(port)"])
        let back = makeApp(device: "field")
        let cached = try XCTUnwrap(back.currentUser)
        let reopened = try await RealmHolder(notesConfiguration(cached), behavior: .never)
        try await reopened.session()!.wait(for: .upload, timeout: .seconds(60))
        let other = makeApp(device: "desk")
        let deskUser = try await other.login(credentials: .emailPassword(email: "di", password: "correct horse battery"))
        let desk = try await RealmHolder(notesConfiguration(deskUser), behavior: .always)
        let ids = await desk.ids()
        XCTAssertEqual(ids.count, 31)
        let mine = await reopened.export()
        let theirs = await desk.export()
        XCTAssertEqual(mine, theirs)
    }

    func testASessionClosesOnceTheAppClosedItsRealmsAndEverythingIsUploaded() async throws {
        let port = server.port
        let user = try await register("fay", on: makeApp(device: "phone"))
        let config = notesConfiguration(user)
        var holder: RealmHolder? = try await RealmHolder(config)
        try await holder!.write("online", text: "1")
        let session = try await XCTUnwrapAsync(await holder!.session())
        try await session.wait(for: .upload, timeout: .seconds(60))

        // Offline, a write waits for the server: closing the realm leaves the session syncing,
        // and the file open for it.
        XCTAssertEqual(try server.terminate(), 0)
        try await holder!.write("offline", text: "2")
        await holder!.close()
        holder = nil
        try await _Concurrency.Task.sleep(for: .milliseconds(500))
        XCTAssertEqual(session.state, .active)
        XCTAssertThrowsError(try Realm.deleteFiles(for: config), "the session holds the file until the write is uploaded")

        // The server comes back: the write uploads, then the session closes, and the file with it.
        server = try ServerProcess(dataDirectory: root.appendingPathComponent("server-data"),
                                   arguments: ["--login-attempts-per-minute", "1000", "--port", "\(port)"])
        try await eventually(60, "the session closes after the upload") { session.state == .inactive }
        try await eventually(10, "the file closes with the session") { (try? Realm.deleteFiles(for: config)) == true }
        XCTAssertEqual(session.connectionState, .disconnected)

        // A wait starts the closed session for itself (it downloads into a new file), and the
        // session closes again after it.
        try await session.wait(for: .download, timeout: .seconds(60))
        XCTAssertTrue(FileManager.default.fileExists(atPath: config.fileURL!.path))
        try await eventually(10, "the session closes again after the wait") { session.state == .inactive }
        try await eventually(10, "the file closes again") { (try? Realm.deleteFiles(for: config)) == true }

        // Another device reads the offline write and adds one; opening the realm again starts
        // the same session, which downloads both into the new file.
        let desk = try await RealmHolder(notesConfiguration(try await makeApp(device: "desk")
            .login(credentials: .emailPassword(email: "fay", password: "correct horse battery"))), behavior: .always)
        let deskIDs = await desk.ids()
        XCTAssertEqual(deskIDs, ["online", "offline"])
        try await desk.write("desk", text: "3")
        try await desk.session()!.wait(for: .upload, timeout: .seconds(60))
        let reopened = try await RealmHolder(config, behavior: .always)
        let reopenedSession = await reopened.session()
        XCTAssertTrue(reopenedSession === session)
        XCTAssertEqual(session.state, .active)
        let ids = await reopened.ids()
        XCTAssertEqual(ids, ["online", "offline", "desk"])
        // While the app keeps a realm open, the session stays.
        try await reopened.write("later", text: "4")
        try await session.wait(for: .upload, timeout: .seconds(60))
        try await _Concurrency.Task.sleep(for: .milliseconds(300))
        XCTAssertEqual(session.state, .active)
    }

    func testASessionClosesWhenTheAppsLastRealmIsAReadOnlyOneOfTheFile() async throws {
        let user = try await register("ray", on: makeApp(device: "phone"))
        let config = notesConfiguration(user)
        var holder: RealmHolder? = try await RealmHolder(config)
        try await holder!.write("one", text: "1")
        let session = try await XCTUnwrapAsync(await holder!.session())
        try await session.wait(for: .upload, timeout: .seconds(60))

        // A read-only realm of the synced file, opened without a sync configuration, outlives
        // the synced one: the session stays while it is open, and closes after it.
        let readOnly = try await RealmHolder(Realm.Configuration(fileURL: config.fileURL, readOnly: true, objectTypes: [Note.self]))
        let count = await readOnly.count()
        XCTAssertEqual(count, 1)
        await holder!.close()
        holder = nil
        try await _Concurrency.Task.sleep(for: .milliseconds(800))
        XCTAssertEqual(session.state, .active, "an app realm of the file is still open")
        await readOnly.close()
        try await eventually(10, "the session closes with the app's last realm") { session.state == .inactive }
        try await eventually(10, "the file closes with the session") { (try? Realm.deleteFiles(for: config)) == true }
    }

    /// Devices `a` and `b` of a new user `name`, each with the notes realm open, once a first
    /// note `a` wrote is on the server.
    private func twoDevices(of name: String) async throws -> (a: RealmHolder, b: RealmHolder) {
        let user = try await register(name, on: makeApp(device: "a"))
        let a = try await RealmHolder(notesConfiguration(user))
        let same = try await makeApp(device: "b").login(credentials: .emailPassword(email: name, password: "correct horse battery"))
        let b = try await RealmHolder(notesConfiguration(same))
        try await a.write("first", text: "1")
        try await a.session()!.wait(for: .upload, timeout: .seconds(60))
        return (a, b)
    }

    func testSuspendedSessionHoldsWritesUntilResumed() async throws {
        let (a, b) = try await twoDevices(of: "ed")
        try await b.session()!.wait(for: .download, timeout: .seconds(60))

        let session = try await XCTUnwrapAsync(await a.session())
        session.suspend()
        XCTAssertEqual(session.state, .inactive)
        try await eventually(10, "the connection closes") { session.connectionState == .disconnected }
        try await a.write("while-suspended", text: "2")
        try await _Concurrency.Task.sleep(for: .milliseconds(500))
        try await b.session()!.wait(for: .download, timeout: .seconds(60))
        let seenWhileSuspended = await b.ids()
        XCTAssertFalse(seenWhileSuspended.contains("while-suspended"))

        session.resume()
        XCTAssertEqual(session.state, .active)
        try await session.wait(for: .upload, timeout: .seconds(60))
        try await b.session()!.wait(for: .download, timeout: .seconds(60))
        let seen = await b.ids()
        XCTAssertTrue(seen.contains("while-suspended"))
    }

    func testSuspendTakesEffectWhenItReturnsAndTheLastCallWins() async throws {
        let (a, b) = try await twoDevices(of: "fy")
        let session = try await XCTUnwrapAsync(await a.session())
        // The notes device b has once it downloaded everything the server has.
        func seenByB() async throws -> Set<String> {
            try await b.session()!.wait(for: .download, timeout: .seconds(60))
            return await b.ids()
        }

        // A write right after suspend() returns stays local: nothing waits for the connection
        // to close first.
        session.suspend()
        try await a.write("right-after-suspend", text: "2")
        try await _Concurrency.Task.sleep(for: .milliseconds(500))
        let seenWhileSuspended = try await seenByB()
        XCTAssertFalse(seenWhileSuspended.contains("right-after-suspend"))

        // Many calls in a row: the last one decides, whatever order their tasks run in.
        for _ in 0..<50 {
            session.suspend()
            session.resume()
        }
        XCTAssertEqual(session.state, .active)
        try await session.wait(for: .upload, timeout: .seconds(60))
        let seenAfterResume = try await seenByB()
        XCTAssertTrue(seenAfterResume.contains("right-after-suspend"))

        for _ in 0..<50 {
            session.resume()
            session.suspend()
        }
        XCTAssertEqual(session.state, .inactive)
        try await a.write("after-the-burst", text: "3")
        try await eventually(10, "the connection closes") { session.connectionState == .disconnected }
        try await _Concurrency.Task.sleep(for: .milliseconds(500))
        let seenAfterBurst = try await seenByB()
        XCTAssertFalse(seenAfterBurst.contains("after-the-burst"))
        session.resume()
        try await session.wait(for: .upload, timeout: .seconds(60))
        let seenAtLast = try await seenByB()
        XCTAssertTrue(seenAtLast.contains("after-the-burst"))
    }

    /// `suspend()` called while sessions are still connecting (fetching a token, attaching to
    /// the user's shared connection, binding), then `resume()` a while later: every session binds
    /// and uploads. A session suspended while it attached used to stay on the connection without
    /// binding, and uploaded nothing until its realm closed.
    func testSuspendWhileConnectingThenResumeUploads() async throws {
        let app = makeApp(device: "a")
        let user = try await register("gu", on: app)
        let rounds = 5, realmsARound = 12
        for round in 0..<rounds {
            // Many sessions of one user connect at once: they queue on the shared connection,
            // so the suspensions below land at every point of connecting.
            let holders = try await withThrowingTaskGroup(of: RealmHolder.self) { group in
                for index in 0..<realmsARound {
                    var configuration = notesConfiguration(user)
                    configuration.inMemoryIdentifier = "connecting-\(round)-\(index)-\(UUID().uuidString)"
                    group.addTask {
                        let holder = try await RealmHolder(configuration)
                        await holder.suspendSync()
                        try await holder.write("round-\(round)-\(index)", text: "\(index)")
                        return holder
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // Past every session's connecting: a session stuck attached stays stuck.
            try await _Concurrency.Task.sleep(for: .milliseconds(500))
            for holder in holders { await holder.resumeSync() }
            for holder in holders { try await holder.session()!.wait(for: .upload, timeout: .seconds(30)) }
        }
    }

    func testProgressNotificationsReportTheDownload() async throws {
        let writerApp = makeApp(device: "w")
        let user = try await register("fa", on: writerApp)
        let writer = try await RealmHolder(notesConfiguration(user))
        for i in 0..<50 { try await writer.write("p\(i)", text: String(repeating: "y", count: 2000)) }
        try await writer.session()!.wait(for: .upload, timeout: .seconds(60))

        let readerApp = makeApp(device: "r")
        let reader = try await readerApp.login(credentials: .emailPassword(email: "fa", password: "correct horse battery"))
        let holder = try await RealmHolder(notesConfiguration(reader), behavior: .never)
        let session = try await XCTUnwrapAsync(await holder.session())
        var reports: [SyncSession.Progress] = []
        let stream = session.progressNotifications(for: .download, mode: .reportIndefinitely)
        try await session.wait(for: .download, timeout: .seconds(60))
        for await progress in stream {
            reports.append(progress)
            if progress.isTransferComplete && progress.transferredBytes > 0 { break }
        }
        let last = try XCTUnwrap(reports.last)
        XCTAssertGreaterThan(last.transferredBytes, 50 * 2000 / 2, "\(reports)")
        XCTAssertEqual(last.fractionTransferred, 1)
    }
}

func XCTUnwrapAsync<T>(_ value: T?, file: StaticString = #filePath, line: UInt = #line) async throws -> T {
    try XCTUnwrap(value, file: file, line: line)
}

/// The sessions of one user on one server share one WebSocket.
final class SharedConnectionTests: SyncTestCase {
    func testThreeRealmsOfOneUserUseOneConnection() async throws {
        let app = makeApp()
        let user = try await register("gus", on: app)
        var holders: [RealmHolder] = []
        for name in ["a", "b", "c"] {
            let holder = try await RealmHolder(notesConfiguration(user, name), behavior: .always)
            try await holder.write("\(name)-1", text: name)
            holders.append(holder)
        }
        for holder in holders { try await holder.session()!.wait(for: .upload, timeout: .seconds(60)) }
        let opened = server.log.components(separatedBy: "sync connection opened").count - 1
        XCTAssertEqual(opened, 1, server.log)
        // Suspending one session leaves the others syncing on the same socket.
        let first = try await XCTUnwrapAsync(await holders[0].session())
        first.suspend()
        try await holders[1].write("b-2", text: "still syncing")
        try await holders[1].session()!.wait(for: .upload, timeout: .seconds(60))
        XCTAssertEqual(server.log.components(separatedBy: "sync connection opened").count - 1, 1)
        first.resume()
        try await first.wait(for: .download, timeout: .seconds(60))
    }
}
