@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation
import XCTest

final class DebugSeedTests: XCTestCase {
    func testDebugSeed() throws {
        guard let seed = ProcessInfo.processInfo.environment["FIEF_DEBUG_SEED"].flatMap(UInt64.init) else { return }
        let sim = try SyncSimulator(seed: seed, peers: 5)
        for _ in 0..<120 { try sim.step() }
        try sim.quiesce()
        for e in sim.server.entries where "\(e.changeset)".contains("5:0") || e.originFileIdent == 5 {
            print("S\(e.serverVersion) from \(e.originFileIdent)#\(e.originClientVersion) t=\(e.timestamp): \(e.changeset.instructions.filter { "\($0)".contains("SimNote") || "\($0)".contains("5:0") })")
        }
        try? sim.checkConverged()
    }
}
