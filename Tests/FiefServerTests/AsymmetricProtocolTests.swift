@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation
import ServerProcessSupport
import XCTest

/// Asymmetric classes at the protocol level: the server integrates an upload on one, but no
/// download carries its instructions (the entry arrives empty, so cursors stay whole), and a
/// subscription on one is refused.
final class AsymmetricProtocolTests: XCTestCase {
    var directory: URL!
    var server: ServerProcess!

    override func setUp() async throws {
        directory = makeTemporaryDirectory()
        server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"))
    }

    override func tearDown() async throws {
        _ = try? server.terminate()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Binds `/~/r` on a new socket as a new client file and identifies at the start of the history.
    private func bind(_ login: Login, subscriptionBased: Bool) async throws -> SyncSocket {
        let socket = SyncSocket(port: server.port, token: login.accessToken)
        socket.send(.bind(BindMessage(session: 1, path: "/~/r", accessToken: login.accessToken, needsFileIdent: true, isSubscriptionBased: subscriptionBased)))
        guard case .identAssigned(let assigned) = try await socket.receive() else { throw SyncTestFailure("expected identAssigned") }
        socket.send(.ident(IdentMessage(session: 1, fileIdent: assigned.fileIdent, salt: assigned.salt,
                                        downloadCursor: DownloadCursor(serverVersion: 0, lastIntegratedClientVersion: 0),
                                        uploadCursor: UploadCursor(clientVersion: 0, lastIntegratedServerVersion: 0))))
        return socket
    }

    /// The downloads of `socket` until one reaches server version `version`.
    private func downloads(_ socket: SyncSocket, through version: UInt64) async throws -> [DownloadChangeset] {
        var changesets: [DownloadChangeset] = []
        while changesets.last?.serverVersion ?? 0 < version {
            guard case .download(let download) = try await socket.receive() else { throw SyncTestFailure("expected a download") }
            changesets += download.changesets
        }
        return changesets
    }

    func testUploadsOnAsymmetricClassesAreMergedButNeverSentDown() async throws {
        let login = try await HTTPClient(baseURL: server.baseURL).register("ingest")
        let sensor = try await bind(login, subscriptionBased: false)
        guard case .download = try await sensor.receive() else { throw SyncTestFailure("expected the first download") }
        let reading = SyncObjectID.primaryKey(.int(1))
        let item = SyncObjectID.primaryKey(.string("kept"))
        let upload = SyncChangeset([
            .addClass(name: "Reading", primaryKey: SyncPropertySchema(name: "id", type: .int, isPrimaryKey: true, isIndexed: true),
                      isEmbedded: false, isAsymmetric: true),
            .addProperty(className: "Reading", property: SyncPropertySchema(name: "value", type: .double)),
            .createObject(className: "Reading", object: reading),
            .set(SyncTarget(className: "Reading", object: reading, path: [.property("value")]), .double(2.5), isDefault: false),
            .addClass(name: "Item", primaryKey: SyncPropertySchema(name: "id", type: .string, isPrimaryKey: true, isIndexed: true), isEmbedded: false),
            .createObject(className: "Item", object: item),
        ])
        sensor.send(.upload(UploadMessage(session: 1, progressClientVersion: 1, progressServerVersion: 0, changesets: [
            UploadChangeset(clientVersion: 1, lastIntegratedServerVersion: 0, timestamp: 1000, payload: SyncChangesetCoding.encode(upload)),
        ])))
        // The server answers the upload with the new entry, in its download form.
        let own = try await downloads(sensor, through: 1)
        XCTAssertEqual(try own.map { try SyncChangesetCoding.decode($0.payload) }, [SyncChangeset(Array(upload.instructions.suffix(2)))])

        // Another client file, unfiltered: the same entry, without the asymmetric class.
        let reader = try await bind(login, subscriptionBased: false)
        let received = try await downloads(reader, through: 1)
        XCTAssertEqual(received.map(\.serverVersion), [1])
        XCTAssertEqual(try SyncChangesetCoding.decode(received[0].payload), SyncChangeset(Array(upload.instructions.suffix(2))))

        // A subscription-based client: a subscription on the asymmetric class is refused, one
        // on every item gets a view without any reading.
        let subscriber = try await bind(login, subscriptionBased: true)
        guard case .download = try await subscriber.receive() else { throw SyncTestFailure("expected the first download") }
        subscriber.send(.query(QueryMessage(session: 1, queryVersion: 1, subscriptions: [QuerySubscription(name: "readings", className: "Reading", query: "TRUEPREDICATE")])))
        guard case .queryError(let refused) = try await subscriber.receive() else { return XCTFail("expected queryError") }
        XCTAssertEqual(refused.subscriptionName, "readings")
        XCTAssertTrue(refused.message.contains("Reading is asymmetric"), refused.message)
        subscriber.send(.query(QueryMessage(session: 1, queryVersion: 2, subscriptions: [QuerySubscription(name: "items", className: "Item", query: "TRUEPREDICATE")])))
        var view: DownloadView?
        while view == nil {
            guard case .download(let download) = try await subscriber.receive() else { return XCTFail("expected a download") }
            for changeset in download.changesets { XCTAssertFalse(try SyncChangesetCoding.decode(changeset.payload).instructions.contains { $0.className == "Reading" }) }
            view = download.view
        }
        XCTAssertEqual(try SyncChangesetCoding.decode(try XCTUnwrap(view).payload).instructions, [.createObject(className: "Item", object: item)])
    }
}
