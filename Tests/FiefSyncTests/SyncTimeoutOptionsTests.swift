@testable import FiefSync
import Foundation
import XCTest

/// `AppConfiguration.syncTimeouts` reaches the real transport: the connect timeout ends a
/// handshake that never comes, the ping period and pong timeout end a connection to a silent
/// server, and the fast reconnect limit lets the first reconnection after a loss skip its delay.
final class SyncTimeoutOptionsTests: SyncTestCase {
    /// An app of the test server with `timeouts`.
    private func makeApp(timeouts: SyncTimeoutOptions, device: String) -> App {
        App(id: "timeouts-\(device)", configuration: AppConfiguration(baseURL: server.baseURL, rootDirectory: root.appendingPathComponent(device),
                                                                       syncTimeouts: timeouts))
    }

    /// The first error the session of `url` reports, within `limit`.
    private func firstError(_ user: User, _ url: String, within limit: Duration) async throws -> SyncError? {
        let errors = TestBox<[SyncError]>([])
        var config = user.configuration(realmURL: URL(string: url)!)
        config.objectTypes = [Note.self]
        config.syncConfiguration?.errorHandler = { error, _ in errors.current.append(error) }
        let holder = try await RealmHolder(config, behavior: .never)
        let start = ContinuousClock.now
        while errors.current.isEmpty, ContinuousClock.now - start < limit {
            try await Task.sleep(for: .milliseconds(50))
        }
        await holder.close()
        return errors.current.first
    }

    func testConnectTimeoutEndsAHandshakeThatNeverComes() async throws {
        let user = try await register("ct", on: makeApp(timeouts: SyncTimeoutOptions(connectTimeout: 300), device: "ct"))
        let silent = try SilentServer()
        defer { silent.stop() }
        let error = try await firstError(user, "realm://127.0.0.1:\(silent.port)/~/quiet", within: .seconds(5))
        let failure = try XCTUnwrap(error, "no error within 5 s: the 300 ms connect timeout was not used")
        XCTAssertEqual(failure.code, .connectionFailed)
        XCTAssertTrue(failure.message.contains("handshake"), failure.message)
    }

    func testPingPeriodAndPongTimeoutEndAConnectionToASilentServer() async throws {
        let timeouts = SyncTimeoutOptions(pingKeepalivePeriod: 200, pongKeepaliveTimeout: 300)
        let user = try await register("pp", on: makeApp(timeouts: timeouts, device: "pp"))
        // Upgrades the WebSocket, then never sends a byte.
        let mute = try await MisbehavingSyncServer(frames: [])
        defer { mute.stop() }
        let error = try await firstError(user, "realm://127.0.0.1:\(mute.port)/~/mute", within: .seconds(5))
        let failure = try XCTUnwrap(error, "no error within 5 s: the keepalive settings were not used")
        XCTAssertEqual(failure.code, .connectionFailed)
        XCTAssertTrue(failure.message.contains("silent"), failure.message)
    }

    /// The socket the next session attached to `shared` is handed.
    private func openedSocket(_ shared: SharedSyncConnection) async throws -> (UInt32, SyncConnection) {
        let (number, events) = await shared.attach(token: "unused")
        for await event in events {
            if case .opened(let socket) = event { return (number, socket) }
            XCTFail("expected the socket to open, got \(event)")
            break
        }
        throw POSIXError(.ECONNREFUSED)
    }

    func testConnectionLingerTimeKeepsAnUnusedConnectionForTheNextSession() async throws {
        let server = try await MisbehavingSyncServer(frames: [])
        defer { server.stop() }
        let endpoint = "ws://127.0.0.1:\(server.port)/sync"

        let lingering = SharedSyncConnection(endpoint: endpoint, validatesCertificates: true, trustedRoots: [],
                                             timeouts: SyncTimeouts(SyncTimeoutOptions(connectionLingerTime: 5_000)))
        let (first, socket) = try await openedSocket(lingering)
        await lingering.detach(first)
        let (second, again) = try await openedSocket(lingering)
        XCTAssertTrue(socket === again, "a session attached within the linger time reuses the connection")
        await lingering.detach(second)

        let closing = SharedSyncConnection(endpoint: endpoint, validatesCertificates: true, trustedRoots: [])
        let (third, closed) = try await openedSocket(closing)
        await closing.detach(third)
        let (fourth, fresh) = try await openedSocket(closing)
        XCTAssertFalse(closed === fresh, "without a linger time the last detach closes the connection")
        await closing.detach(fourth)
    }

    func testFastReconnectLimitSkipsTheFirstDelayAfterALossOncePerLimit() {
        var backoff = ReconnectBackoff()
        backoff.fastReconnectLimit = .seconds(60)
        let start = ContinuousClock.now
        XCTAssertGreaterThan(backoff.nextDelay(now: start), .zero, "a connection that never worked backs off")
        backoff.reset()
        XCTAssertEqual(backoff.nextDelay(now: start), .zero, "the first loss of a working connection reconnects at once")
        XCTAssertGreaterThan(backoff.nextDelay(now: start), .zero, "a failed fast reconnect backs off")
        backoff.reset()
        XCTAssertGreaterThan(backoff.nextDelay(now: start + .seconds(10)), .zero, "one fast reconnect per limit")
        backoff.reset()
        XCTAssertEqual(backoff.nextDelay(now: start + .seconds(61)), .zero)

        var defaults = ReconnectBackoff()
        defaults.reset()
        XCTAssertGreaterThan(defaults.nextDelay(), .zero, "without a limit every reconnection waits")
        XCTAssertEqual(SyncTimeouts(nil), SyncTimeouts(SyncTimeoutOptions()))
        XCTAssertEqual(SyncTimeouts(SyncTimeoutOptions(connectionLingerTime: 1500)).linger, .milliseconds(1500))
    }
}
