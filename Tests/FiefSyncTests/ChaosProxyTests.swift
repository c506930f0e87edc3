@_spi(Sync) import FiefSync
import Foundation
import XCTest

/// Chaos on the network: three devices of one user reach the real server through a
/// ``ChaosProxy`` that cuts their connections at random moments and at random points of the
/// byte stream (handshakes, uploads, downloads) and delays chunks, while they write random
/// notes, counters and list inserts. At the end every device converges and nothing the server
/// acknowledged is lost. The devices write until the proxy has cut `FIEF_CHAOS_CUTS` (default
/// 40) connections, 120 s at most. (Cut much faster, every connection dies before it
/// serves the session, and the sessions' reconnection backoff rightly climbs to a minute.)
final class ChaosProxyTests: ChaosTestCase {
    func testDevicesConvergeThroughAProxyThatCutsConnections() async throws {
        // This run once timed out: a device's `wait(for: .upload)` took the session's stale
        // snapshot as its target and returned at once, so the writers spun, thousands of
        // commits starved the session, and one upload of them all never got through the cuts.
        let proxy = try ChaosProxy(targetPort: server.port, seed: seed)
        defer { proxy.stop() }
        let devices = try await makeDevices(3, port: proxy.port)
        let targetCuts = setting("FIEF_CHAOS_CUTS", 40)
        let deadline = Date().addingTimeInterval(120)
        let started = Date()

        // A cutter cuts every connection every 0.5–2.5 s, on top of the proxy's own budgets.
        let cutting = TestBox(true)
        let seed = self.seed
        let cutter = Task.detached {
            var generator = SplitMix(seed: seed ^ 0xC0FFEE)
            while cutting.current {
                try? await Task.sleep(for: .milliseconds(generator.next(in: 500...2500)))
                proxy.cutAll()
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for device in devices {
                group.addTask {
                    while proxy.current.cuts < targetCuts && Date() < deadline {
                        try await device.writeRandomly(Int.random(in: 1...4))
                        try await device.acknowledge()
                    }
                }
            }
            try await group.waitForAll()
        }
        cutting.current = false
        await cutter.value
        proxy.isChaotic = false

        try await assertConverged(devices)
        let (writes, acknowledged) = await ledgerCounts(devices)
        print("chaos proxy: \(proxy.current); \(writes) writes, \(acknowledged) acknowledged, 0 lost; "
            + "\(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        XCTAssertGreaterThanOrEqual(proxy.current.cuts, targetCuts, "the proxy cut connections")
        XCTAssertEqual(acknowledged, writes, "every write was acknowledged in the end")
    }
}

/// Single cuts, timed: a session resumes within moments after its connection is cut, and
/// within the handshake deadline after a cut in the middle of the WebSocket upgrade (which
/// the WebSocket client alone would wait out forever, the socket half-closed).
final class ChaosSingleCutTests: ChaosTestCase {
    func testACutConnectionResumesQuickly() async throws {
        let proxy = try ChaosProxy(targetPort: server.port, seed: seed)
        defer { proxy.stop() }
        proxy.isChaotic = false
        let devices = try await makeDevices(1, port: proxy.port)
        for round in 0..<5 {
            try await devices[0].writeRandomly(1)
            try await devices[0].acknowledge()
            let cut = proxy.cutAll()
            let started = Date()
            try await devices[0].writeRandomly(1)
            try await devices[0].acknowledge(timeout: .seconds(20))
            let seconds = Date().timeIntervalSince(started)
            print("chaos single cut \(round): \(cut) cut, acknowledged again after \(String(format: "%.2f", seconds)) s")
            XCTAssertLessThan(seconds, 5, "resumed after a cut")
        }
    }

    func testACutDuringTheHandshakeIsGivenUpAndMadeAgain() async throws {
        let proxy = try ChaosProxy(targetPort: server.port, seed: seed)
        defer { proxy.stop() }
        // The first connection dies within its upgrade request; later ones live.
        proxy.budgetRange = 64...300
        let devices = try await makeDevices(1, port: proxy.port)
        try await Task.sleep(for: .milliseconds(200))
        proxy.budgetRange = Int.max...Int.max
        let started = Date()
        try await devices[0].writeRandomly(1)
        try await devices[0].acknowledge(timeout: .seconds(30))
        let seconds = Date().timeIntervalSince(started)
        print("chaos handshake cut: \(proxy.current); acknowledged after \(String(format: "%.2f", seconds)) s")
        XCTAssertGreaterThanOrEqual(proxy.current.cuts, 1)
        XCTAssertLessThan(seconds, 25, "the handshake deadline gave up on the cut connection")
    }
}
