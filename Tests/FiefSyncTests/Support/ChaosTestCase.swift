@_spi(Sync) import FiefSync
import Foundation
import XCTest

/// A sync test case for chaos tests: devices of one user whose sessions treat a client reset
/// as a failure (`.manual`, recorded and asserted at the end), and a seed from
/// `FIEF_CHAOS_SEED` (random otherwise, and printed so a failing run can be repeated).
class ChaosTestCase: SyncTestCase {
    /// Errors of kind `clientReset` any session reported: a chaos test expects none.
    let clientResets = TestBox<[String]>([])
    /// The seed of this run's random choices.
    private(set) var seed: UInt64 = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        seed = ProcessInfo.processInfo.environment["FIEF_CHAOS_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64(UInt32.max))
        print("chaos seed \(seed) (set FIEF_CHAOS_SEED to repeat)")
    }

    /// An integer setting from the environment, or `fallback`.
    func setting(_ name: String, _ fallback: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? fallback
    }

    /// Registers a user and opens `count` devices of it (each its own app and files) on realm
    /// `/~/<realm>` reached through `port` (the server's, or a proxy's).
    func makeDevices(_ count: Int, port: Int, realm: String = "chaos",
                     configure: (Int, inout Realm.Configuration) -> Void = { _, _ in }) async throws -> [ChaosDevice] {
        let userName = "chaos-\(UUID().uuidString.prefix(6).lowercased())"
        var devices: [ChaosDevice] = []
        for index in 0..<count {
            let app = makeApp(device: "device\(index)")
            let user = index == 0
                ? try await register(userName, on: app)
                : try await app.login(credentials: .emailPassword(email: userName, password: "correct horse battery"))
            var config = user.configuration(realmURL: URL(string: "realm://127.0.0.1:\(port)/~/\(realm)")!)
            config.objectTypes = [Note.self]
            let resets = clientResets
            let name = "d\(index)"
            config.syncConfiguration?.clientResetMode = .manual(errorHandler: { error in
                resets.current.append("\(name): \(error)")
            })
            config.syncConfiguration?.errorHandler = { error, _ in
                if error.code == .clientReset { resets.current.append("\(name): \(error)") }
            }
            configure(index, &config)
            devices.append(try await ChaosDevice(name: name, configuration: config, seed: seed &+ UInt64(index) &* 7919))
        }
        return devices
    }

    /// Settles every device (twice, so that downloads of each other's last uploads arrive),
    /// then asserts the ledger and that no client reset happened.
    func assertConverged(_ devices: [ChaosDevice], file: StaticString = #filePath, line: UInt = #line) async throws {
        for _ in 0..<2 {
            for device in devices { try await device.settle() }
        }
        for failure in await chaosLedgerFailures(devices) { XCTFail(failure, file: file, line: line) }
        XCTAssertEqual(clientResets.current, [], "no client reset", file: file, line: line)
    }

    /// The acknowledged writes and all writes of `devices`, for the report line.
    func ledgerCounts(_ devices: [ChaosDevice]) async -> (writes: Int, acknowledged: Int) {
        var writes = 0
        var acknowledged = 0
        for device in devices {
            writes += await device.writes
            acknowledged += await device.acknowledgedWrites
        }
        return (writes, acknowledged)
    }
}
