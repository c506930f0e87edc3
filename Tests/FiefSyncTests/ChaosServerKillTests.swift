@_spi(Sync) import FiefSync
import Foundation
import ServerProcessSupport
import XCTest

/// Chaos on the server: while three devices of one user write random notes, counters and
/// list inserts (waiting for acknowledgments as they go), the real `fief-server` is SIGKILLed
/// at random moments and restarted on the same port and data, `FIEF_CHAOS_KILLS` times
/// (default 100). Nothing acknowledged is lost, no session needs a client reset, and every
/// device converges.
final class ChaosServerKillTests: ChaosTestCase {
    func testNothingAcknowledgedIsLostAcrossServerKills() async throws {
        let port = server.port
        let devices = try await makeDevices(3, port: port)
        let kills = setting("FIEF_CHAOS_KILLS", 100)
        let started = Date()
        let killing = TestBox(true)

        // The writers go on until the killer is done.
        let writers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for device in devices {
                    group.addTask {
                        while killing.current {
                            try await device.writeRandomly(Int.random(in: 1...4))
                            if Bool.random() { try await device.acknowledge() } else { try await Task.sleep(for: .milliseconds(30)) }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        var generator = SplitMix(seed: seed ^ 0xDEAD)
        for _ in 0..<kills {
            try await Task.sleep(for: .milliseconds(generator.next(in: 50...600)))
            try server.killHard()
            server = try restartServer(port: port)
        }
        killing.current = false
        try await writers.value

        try await assertConverged(devices)
        let (writes, acknowledged) = await ledgerCounts(devices)
        print("chaos kills: \(kills) SIGKILLs survived; \(writes) writes, \(acknowledged) acknowledged, 0 lost; "
            + "\(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        XCTAssertEqual(acknowledged, writes, "every write was acknowledged in the end")
    }

    /// Starts the server again on `port` and the same data (a later `--port` overrides the
    /// ephemeral one); retries while the port is still being released.
    private func restartServer(port: Int) throws -> ServerProcess {
        var lastError: Error?
        for _ in 0..<20 {
            do {
                return try ServerProcess(dataDirectory: root.appendingPathComponent("server-data"),
                                         arguments: ["--login-attempts-per-minute", "1000", "--port", "\(port)"])
            } catch {
                lastError = error
                usleep(100_000)
            }
        }
        throw lastError!
    }
}
