@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation
import ServerProcessSupport
import XCTest

/// Flexible sync at the protocol level: a subscription that does not parse or names an unknown
/// property is answered with `queryError` and its position, the session goes on, and a good
/// set is answered with a download whose view lists exactly the matching objects.
final class SubscriptionProtocolTests: XCTestCase {
    var directory: URL!
    var server: ServerProcess!
    var http: HTTPClient!
    /// The file identity of each socket bound by ``bindSubscriptionBased(_:)``.
    var identities: [ObjectIdentifier: (fileIdent: UInt64, salt: UInt64)] = [:]

    override func setUp() async throws {
        directory = makeTemporaryDirectory()
        server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"))
        http = HTTPClient(baseURL: server.baseURL)
    }

    override func tearDown() async throws {
        _ = try? server.terminate()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Binds `/~/r` subscription-based on a new socket and identifies; returns the socket once the
    /// first download arrived.
    func bindSubscriptionBased(_ login: Login) async throws -> SyncSocket {
        let socket = SyncSocket(port: server.port, token: login.accessToken)
        socket.send(.bind(BindMessage(session: 1, path: "/~/r", accessToken: login.accessToken, needsFileIdent: true, isSubscriptionBased: true)))
        guard case .identAssigned(let assigned) = try await socket.receive() else { throw SyncTestFailure("expected identAssigned") }
        identities[ObjectIdentifier(socket)] = (assigned.fileIdent, assigned.salt)
        socket.send(.ident(IdentMessage(session: 1, fileIdent: assigned.fileIdent, salt: assigned.salt,
                                        downloadCursor: DownloadCursor(serverVersion: 0, lastIntegratedClientVersion: 0),
                                        uploadCursor: UploadCursor(clientVersion: 0, lastIntegratedServerVersion: 0))))
        return socket
    }

    /// The next download, skipping nothing else.
    func nextDownload(_ socket: SyncSocket) async throws -> DownloadMessage {
        guard case .download(let download) = try await socket.receive() else { throw SyncTestFailure("expected a download") }
        return download
    }

    func testBadSubscriptionsAreAnsweredWithTheirPositionAndAGoodSetWithItsView() async throws {
        let login = try await http.register("quinn")
        let writer = try await writerWithFourBatches(login)

        let socket = try await bindSubscriptionBased(login)
        let first = try await nextDownload(socket)
        XCTAssertNil(first.view, "no view before the session's first subscription set")

        // Syntax error: line and column of the problem.
        socket.send(.query(QueryMessage(session: 1, queryVersion: 1, subscriptions: [QuerySubscription(name: "bad", className: "TestItem", query: "count >\n  AND")])))
        guard case .queryError(let syntax) = try await socket.receive() else { return XCTFail("expected queryError") }
        XCTAssertEqual(syntax.subscriptionName, "bad")
        XCTAssertEqual(syntax.queryVersion, 1)
        XCTAssertEqual(syntax.line, 2)
        XCTAssertEqual(syntax.column, 3)

        // Unknown property: its position.
        socket.send(.query(QueryMessage(session: 1, queryVersion: 2, subscriptions: [QuerySubscription(name: "colour", className: "TestItem", query: "count > 1 AND colour == 'red'")])))
        guard case .queryError(let unknown) = try await socket.receive() else { return XCTFail("expected queryError") }
        XCTAssertEqual(unknown.line, 1)
        XCTAssertEqual(unknown.column, 15)
        XCTAssertTrue(unknown.message.contains("colour"), unknown.message)

        // Unknown class, and two subscriptions with one name.
        socket.send(.query(QueryMessage(session: 1, queryVersion: 3, subscriptions: [QuerySubscription(name: "x", className: "Nope", query: "TRUEPREDICATE")])))
        guard case .queryError(let noClass) = try await socket.receive() else { return XCTFail("expected queryError") }
        XCTAssertTrue(noClass.message.contains("Nope"), noClass.message)
        socket.send(.query(QueryMessage(session: 1, queryVersion: 4, subscriptions: [QuerySubscription(name: "x", className: "TestItem", query: "TRUEPREDICATE"),
                                                                                     QuerySubscription(name: "x", className: "TestItem", query: "count > 2")])))
        guard case .queryError(let twice) = try await socket.receive() else { return XCTFail("expected queryError") }
        XCTAssertEqual(twice.subscriptionName, "x")

        // The session goes on: a good set is answered with its view.
        socket.send(.query(QueryMessage(session: 1, queryVersion: 5, subscriptions: [QuerySubscription(name: "high", className: "TestItem", query: "count >= 3 AND text BEGINSWITH 'from'")])))
        let answer = try await nextDownload(socket)
        let view = try XCTUnwrap(answer.view)
        XCTAssertEqual(view.queryVersion, 5)
        XCTAssertTrue(view.replacesView, "the first view of a session replaces what the client holds")
        let created = try SyncChangesetCoding.decode(view.payload).instructions.compactMap { instruction -> String? in
            guard case .createObject(_, .primaryKey(.string(let id))) = instruction else { return nil }
            return id
        }
        XCTAssertEqual(created.sorted(), ["writer-3", "writer-4"])
        await socket.close()
        await writer.disconnect()
    }

    func testAClientThatReconnectsContinuesFromWhatItHolds() async throws {
        let login = try await http.register("sage")
        let writer = try await writerWithFourBatches(login)

        let first = try await bindSubscriptionBased(login)
        _ = try await nextDownload(first)
        let query = highQuery
        first.send(.query(query))
        let answer = try await nextDownload(first)
        XCTAssertEqual(answer.view?.replacesView, true)
        let cursor = answer.progress.downloadServerVersion
        let identity = try await identity(of: first)
        await first.close()

        // Offline, writer-2 enters the view and writer-3 leaves it.
        try await writer.setCount("writer-2", 5)
        try await writer.setCount("writer-3", 0)
        try await writer.syncUntilCaughtUp()

        let again = reconnect(login, identity, cursor: cursor)
        again.send(.query(query))
        var view: DownloadView?
        while view == nil { view = try await nextDownload(again).view }
        XCTAssertEqual(view?.replacesView, false, "a client the server saw continues with changes of its view")
        let instructions = try SyncChangesetCoding.decode(view!.payload).instructions
        let entered = instructions.compactMap { if case .createObject(_, .primaryKey(.string(let id))) = $0 { id } else { nil } }
        let left = instructions.compactMap { if case .eraseObject(_, .primaryKey(.string(let id))) = $0 { id } else { nil } }
        XCTAssertEqual(entered, ["writer-2"])
        XCTAssertEqual(left, ["writer-3"])
        await again.close()
        await writer.disconnect()
    }

    /// A view sent without history leaves the client's cursor where it was: a client back at that
    /// cursor may never have received it, so it gets a whole view, not a change of one it lacks.
    func testAViewLostAtTheSameCursorIsSentWholeAgain() async throws {
        let login = try await http.register("sol")
        let writer = try await writerWithFourBatches(login)

        let first = try await bindSubscriptionBased(login)
        _ = try await nextDownload(first)
        first.send(.query(highQuery))
        let answer = try await nextDownload(first)
        let cursor = answer.progress.downloadServerVersion
        // A new set while nothing new happened: its view comes without history, at the same cursor.
        let all = QueryMessage(session: 1, queryVersion: 2, subscriptions: [QuerySubscription(name: "all", className: "TestItem", query: "TRUEPREDICATE")])
        first.send(.query(all))
        var lost: DownloadMessage?
        while lost?.view == nil { lost = try await nextDownload(first) }
        XCTAssertEqual(lost?.progress.downloadServerVersion, cursor)
        XCTAssertTrue(lost?.changesets.isEmpty ?? false)
        let identity = try await identity(of: first)
        await first.close() // without integrating that view

        let again = reconnect(login, identity, cursor: cursor)
        again.send(.query(all))
        var view: DownloadView?
        while view == nil { view = try await nextDownload(again).view }
        XCTAssertEqual(view?.replacesView, true, "the server cannot know the client holds the view it lost")
        let created = try SyncChangesetCoding.decode(view!.payload).instructions.filter { if case .createObject = $0 { true } else { false } }
        let lostCreated = try SyncChangesetCoding.decode(lost!.view!.payload).instructions.filter { if case .createObject = $0 { true } else { false } }
        XCTAssertGreaterThan(created.count, 0)
        XCTAssertGreaterThanOrEqual(created.count, lostCreated.count, "every object of the set is sent again")
        await again.close()
        await writer.disconnect()
    }

    /// The set the reconnect tests start with.
    let highQuery = QueryMessage(session: 1, queryVersion: 1, subscriptions: [QuerySubscription(name: "high", className: "TestItem", query: "count >= 3 AND text BEGINSWITH 'from'")])

    /// A full-sync client that wrote four batches to `/~/r` and saw them integrated.
    func writerWithFourBatches(_ login: Login) async throws -> TestSyncClient {
        let writer = try await TestSyncClient(directory: directory, name: "writer")
        try await writer.connect(port: server.port, token: login.accessToken, path: "/~/r")
        for round in 1...4 { try await writer.writeBatch(round) }
        try await writer.syncUntilCaughtUp()
        return writer
    }

    /// A new socket binding `/~/r` subscription-based again as the file `identity`, identified at
    /// download cursor `cursor`.
    func reconnect(_ login: Login, _ identity: (fileIdent: UInt64, salt: UInt64), cursor: UInt64) -> SyncSocket {
        let socket = SyncSocket(port: server.port, token: login.accessToken)
        socket.send(.bind(BindMessage(session: 1, path: "/~/r", accessToken: login.accessToken, needsFileIdent: false, isSubscriptionBased: true)))
        socket.send(.ident(IdentMessage(session: 1, fileIdent: identity.fileIdent, salt: identity.salt,
                                        downloadCursor: DownloadCursor(serverVersion: cursor, lastIntegratedClientVersion: 0),
                                        uploadCursor: UploadCursor(clientVersion: 0, lastIntegratedServerVersion: 0))))
        return socket
    }

    /// The file identity the server assigned on `socket` (remembered by ``bindSubscriptionBased(_:)``).
    func identity(of socket: SyncSocket) async throws -> (fileIdent: UInt64, salt: UInt64) {
        guard let identity = identities[ObjectIdentifier(socket)] else { throw SyncTestFailure("no identity for this socket") }
        return identity
    }

    func testRulesAreStoredReadBackAndFilterAFullSyncSession() async throws {
        let owner = try await http.register("olive")
        let rules = #"{"roles": [{"name": "all", "classes": {"TestItem": {"read": "count >= 2", "write": "TRUEPREDICATE"}}}]}"#
        let put = try await http.put("/realms/rules", json: #"{"path": "/~/r", "rules": \#(rules)}"#, token: owner.accessToken)
        XCTAssertEqual(put.status, 200, String(decoding: put.body, as: UTF8.self))
        let read = try await http.get("/realms/rules?path=/~/r", token: owner.accessToken)
        XCTAssertEqual(read.status, 200)
        let stored = try JSONSerialization.jsonObject(with: read.body) as? [String: Any]
        let roles = (stored?["rules"] as? [String: Any])?["roles"] as? [[String: Any]]
        XCTAssertEqual(roles?.first?["name"] as? String, "all")

        // The owner writes; a user the owner grants `write` syncs fully but is bound by the rules.
        let writer = try await TestSyncClient(directory: directory, name: "writer")
        try await writer.connect(port: server.port, token: owner.accessToken, path: "/~/r")
        for round in 1...3 { try await writer.writeBatch(round) }
        try await writer.syncUntilCaughtUp()
        let reader = try await http.register("reed")
        let grant = try await http.setLevel(owner, path: "/~/r", userId: reader.userId, level: "write")
        XCTAssertEqual(grant.status, 200)
        let client = try await TestSyncClient(directory: directory, name: "reader")
        try await client.connect(port: server.port, token: reader.accessToken, path: "/\(owner.userId)/r")
        try await client.syncUntilCaughtUp()
        let ids = await client.itemIds()
        XCTAssertEqual(ids.sorted(), ["shared", "writer-2", "writer-3"])

        // Rules that do not parse, and rules set by someone who does not manage the realm.
        let broken = try await http.put("/realms/rules", json: #"{"path": "/~/r", "rules": {"roles": [{"name": "x", "default": {"read": "count >"}}]}}"#, token: owner.accessToken)
        XCTAssertEqual(broken.status, 400)
        XCTAssertTrue(String(decoding: broken.body, as: UTF8.self).contains("column"))
        let stranger = try await http.put("/realms/rules", json: #"{"path": "/\#(owner.userId)/r", "rules": null}"#, token: reader.accessToken)
        XCTAssertEqual(stranger.status, 403)
        await client.disconnect()
        await writer.disconnect()
    }

    func testAQueryOnASessionBoundForFullSyncIsAProtocolViolation() async throws {
        let login = try await http.register("rory")
        let client = try await TestSyncClient(directory: directory, name: "full")
        try await client.connect(port: server.port, token: login.accessToken, path: "/~/r")
        let raw = await client.rawSocket
        let socket = try XCTUnwrap(raw)
        socket.send(.query(QueryMessage(session: 1, queryVersion: 1, subscriptions: [])))
        guard case .error(let error) = try await socket.receive() else { return XCTFail("expected an error") }
        XCTAssertEqual(error.code, .protocolViolation)
        await client.disconnect()
    }
}
