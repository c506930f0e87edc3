@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation
import XCTest

/// Convergence, proved by simulation: five peers and a server, random writes of every property
/// kind, a random network; after quiescence every peer equals the server.
///
/// `FIEF_SIM_SEEDS` sets how many seeds run (default 2,000); the run also stops after
/// `FIEF_SIM_SECONDS` (default 480) so that the suite stays bounded on slow machines. A
/// failing seed is printed (`FIEF_SIM_FIRST_SEED` starts the run there); add it to `regressions` so it runs first every time.
final class ConvergenceSimulatorTests: XCTestCase {
    /// Seeds that once failed.
    private let regressions: [UInt64] = [162]

    private func run(seed: UInt64, steps: Int) throws -> (writes: Int, compactedAway: Int) {
        let simulator = try SyncSimulator(seed: seed, peers: 5)
        for _ in 0..<steps { try simulator.step() }
        try simulator.quiesce()
        try simulator.checkConverged()
        return (simulator.writes, simulator.compactedAway)
    }

    func testRegressionSeeds() throws {
        for seed in regressions { _ = try run(seed: seed, steps: 120) }
    }

    func testRandomRunsConverge() throws {
        let environment = ProcessInfo.processInfo.environment
        let seeds = environment["FIEF_SIM_SEEDS"].flatMap(UInt64.init) ?? 2000
        let budget = environment["FIEF_SIM_SECONDS"].flatMap(Double.init) ?? 480
        let first = environment["FIEF_SIM_FIRST_SEED"].flatMap(UInt64.init) ?? 1
        let start = Date()
        var ran: UInt64 = 0, writes = 0, compactedAway = 0
        for seed in first..<(first + seeds) {
            do {
                let outcome = try run(seed: seed, steps: 120)
                writes += outcome.writes
                compactedAway += outcome.compactedAway
            } catch {
                XCTFail("convergence failed: \(error)\n(add \(seed) to ConvergenceSimulatorTests.regressions)")
                return
            }
            ran += 1
            if Date().timeIntervalSince(start) > budget { break }
        }
        print("convergence simulator: \(ran) seeds, \(writes) write transactions, \(compactedAway) instructions compacted away, all converged")
        XCTAssertGreaterThan(ran, 0)
        XCTAssertGreaterThan(compactedAway, 0, "history compaction ran and removed something")
    }

    /// A peer that writes offline for a long time, with everything in its history, converges
    /// when it comes back.
    func testLongOfflinePeriodConverges() throws {
        let simulator = try SyncSimulator(seed: 99, peers: 3)
        simulator.disconnect(simulator.peers[0])
        for _ in 0..<150 { try simulator.randomWrite(simulator.peers[0]) }
        for _ in 0..<200 { try simulator.step() }
        try simulator.quiesce()
        try simulator.checkConverged()
    }
}
