@_spi(Sync) import FiefSync
import Foundation
import XCTest

/// Clock skew: device "ahead" has its clock a day ahead, "behind" a day behind, "normal" on
/// time (`Realm.Configuration.syncClock`). Conflicting sets resolve by the hybrid logical
/// clock, as the merge rules say: the later timestamp wins, and a timestamp is never below one
/// the device has seen, so a write made after seeing another's is later than it, whatever
/// the wall clocks say. Concurrent increments all count, and every device converges.
final class ChaosClockSkewTests: ChaosTestCase {
    private static let day: Int64 = 86_400_000
    /// Milliseconds since 2020-01-01 UTC (the sync clock's epoch), shifted by `skew`.
    private static func clock(skew: Int64) -> @Sendable () -> UInt64 {
        { UInt64(Int64((Date().timeIntervalSince1970 - 1_577_836_800) * 1000) + skew) }
    }

    func testConflictsResolveByTheHybridLogicalClockUnderSkew() async throws {
        let skews: [Int64] = [Self.day, -Self.day, 0]
        let devices = try await makeDevices(3, port: server.port, realm: "skew") { index, config in
            config.syncClock = Self.clock(skew: skews[index])
        }
        let (ahead, behind, normal) = (devices[0], devices[1], devices[2])
        let normalSession = try await XCTUnwrapAsync(await normal.session())

        // Everyone has the note, created on time.
        try await normal.set("hlc", text: "created")
        try await normal.settle()
        for device in [ahead, behind] { try await device.settle() }
        normalSession.suspend()

        // "behind" sees a write of "ahead", so its clock moves past a day ahead of the wall.
        try await ahead.set("ping", text: "from the future")
        try await ahead.settle()
        try await behind.settle()
        // It then sets the note; 100 ms later "normal", offline, sets it too. By wall clocks
        // "normal" is a day later; by the hybrid logical clock "behind" is later, and wins.
        try await behind.set("hlc", text: "behind after seeing ahead")
        try await behind.acknowledge()
        try await Task.sleep(for: .milliseconds(100))
        try await normal.set("hlc", text: "normal, offline, later by the wall")
        normalSession.resume()
        try await assertConverged(devices)
        let first = await normal.text("hlc")
        XCTAssertEqual(first, "behind after seeing ahead", "the later hybrid logical timestamp wins")

        // Concurrent sets from devices that saw nothing new: "behind" sets first (in real
        // time), "ahead" 100 ms later with a clock a day ahead: the later timestamp wins.
        let behindSession = try await XCTUnwrapAsync(await behind.session())
        let aheadSession = try await XCTUnwrapAsync(await ahead.session())
        behindSession.suspend()
        aheadSession.suspend()
        try await behind.set("hlc", text: "behind, concurrent")
        try await Task.sleep(for: .milliseconds(100))
        try await ahead.set("hlc", text: "ahead, concurrent")
        behindSession.resume()
        try await behind.acknowledge()
        aheadSession.resume()
        try await assertConverged(devices)
        let second = await behind.text("hlc")
        XCTAssertEqual(second, "ahead, concurrent", "the later hybrid logical timestamp wins")

        // The other order of arrival gives the same answer: "ahead" offline sets, then "behind"
        // (whose clock has since seen "ahead"'s last write) sets after it and uploads first.
        aheadSession.suspend()
        try await ahead.set("hlc", text: "ahead, uploaded last")
        try await Task.sleep(for: .milliseconds(100))
        try await behind.set("hlc", text: "behind, uploaded first")
        try await behind.acknowledge()
        aheadSession.resume()
        try await assertConverged(devices)
        let third = await normal.text("hlc")
        XCTAssertEqual(third, "ahead, uploaded last", "the later timestamp wins, not the later upload")
        let (writes, _) = await ledgerCounts(devices)
        print("chaos clock skew: \(writes) writes on clocks a day apart, converged")
    }
}
