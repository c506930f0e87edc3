@_spi(Sync) import FiefSync
@_spi(Sync) import FiefSyncProtocol
import Foundation
import XCTest

/// A server that sends garbage over the sync WebSocket gives typed errors, never a crash, and
/// the file is untouched.
final class BadServerTests: SyncTestCase {
    private func open(against frames: [[UInt8]], name: String) async throws -> (SyncError?, Int) {
        let app = makeApp()
        let user = try await register("zed-\(name)", on: app)
        let bad = try await MisbehavingSyncServer(frames: frames)
        defer { bad.stop() }
        var config = user.configuration(realmURL: URL(string: "realm://127.0.0.1:\(bad.port)/~/\(name)")!)
        config.objectTypes = [Note.self]
        config.syncConfiguration?.openTimeout = .seconds(20)
        do {
            let holder = try await RealmHolder(config, behavior: .always)
            let count = await holder.count()
            return (nil, count)
        } catch let error as SyncError {
            let local = try await RealmHolder(config, behavior: .never)
            return (error, await local.count())
        }
    }

    func testGarbageFramesAreTypedErrors() async throws {
        let cases: [(String, [[UInt8]])] = [
            ("noise", [[0xde, 0xad, 0xbe, 0xef, 0x00, 0x01]]),
            ("empty", [[]]),
            ("truncated", [Array(SyncMessageCodec.encode(.identAssigned(IdentAssignedMessage(session: 1, fileIdent: 3, salt: 4))).dropLast(3))]),
            ("clientonly", [SyncMessageCodec.encode(.unbind(session: 1))]),
        ]
        for (name, frames) in cases {
            let (error, count) = try await open(against: frames, name: name)
            let failure = try XCTUnwrap(error, "\(name): the open succeeded")
            XCTAssertEqual(failure.code, .badServerMessage, "\(name): \(failure)")
            XCTAssertEqual(count, 0, name)
        }
    }

    func testAServerErrorMessageIsTyped() async throws {
        let refusal = SyncMessageCodec.encode(.error(ErrorMessage(session: 1, code: .permissionDenied, message: "not yours",
                                                                  tryAgain: false, clientResetRequired: false)))
        let (error, _) = try await open(against: [refusal], name: "refused")
        XCTAssertEqual(error?.code, .permissionDenied)
        XCTAssertTrue(error?.message.contains("not yours") ?? false, "\(String(describing: error))")
    }
}
