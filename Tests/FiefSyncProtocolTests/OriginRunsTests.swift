@_spi(Sync) import Fief
@_spi(Sync) @testable import FiefSyncProtocol
import XCTest

/// `OriginRuns` finds exactly the entries of other files that an upload must be transformed
/// past, in order, through appends and compactions.
final class OriginRunsTests: XCTestCase {
    private func entry(_ version: UInt64, origin: UInt64) -> ServerHistoryEntry {
        ServerHistoryEntry(serverVersion: version, originFileIdent: origin, originClientVersion: version, timestamp: version,
                           changeset: SyncChangeset())
    }

    func testRunsVisitTheSameEntriesAsAScanOfTheHistory() {
        var random = SystemRandomNumberGenerator()
        for round in 0..<100 {
            var runs = OriginRuns()
            var origins: [UInt64] = [] // origin of each entry after `compacted`
            var compacted: UInt64 = 0
            var latest: UInt64 = 0
            for step in 0..<40 {
                if Int.random(in: 0..<8, using: &random) == 0, latest > compacted {
                    // Compact through a version in the history (sometimes all of it).
                    let through = UInt64.random(in: compacted + 1...latest, using: &random)
                    origins.removeFirst(Int(through - compacted))
                    compacted = through
                    runs.drop(through: through)
                } else {
                    // A run of entries from one of three files (long runs, as an offline backlog makes).
                    let origin = UInt64.random(in: 1...3, using: &random)
                    for _ in 0..<Int.random(in: 1...5, using: &random) {
                        latest += 1
                        origins.append(origin)
                        runs.append(entry(latest, origin: origin))
                    }
                }
                for start in 0...origins.count {
                    for excluded in UInt64(1)...4 {
                        var visited: [Int] = []
                        runs.forEachIndex(from: start, of: origins.count, compactedThrough: compacted, except: excluded) { visited.append($0) }
                        let expected = (start..<origins.count).filter { origins[$0] != excluded }
                        XCTAssertEqual(visited, expected, "round \(round), step \(step), start \(start), excluding \(excluded)")
                        if visited != expected { return }
                    }
                }
            }
        }
    }

    /// A device's long offline backlog integrates as before: each of its changesets is
    /// transformed past the other device's changesets it had not seen, and only those.
    func testABacklogIsTransformedPastOtherFilesOnly() throws {
        var history = ServerHistory()
        let set = { (value: Int64) in
            SyncChangeset([.set(SyncTarget(className: "Note", object: .primaryKey(.int(1)), path: [.property("count")]), .int(value), isDefault: false)])
        }
        // Another device sets the count at time 100; the offline device's 2,000 sets, made
        // earlier (times 1...2,000) from server version 0, all lose to it.
        _ = try history.integrate(ClientUpload(originFileIdent: 2, clientVersion: 1, baseServerVersion: 0, timestamp: 5_000, changeset: set(-1)))
        for version in UInt64(1)...2_000 {
            let entry = try XCTUnwrap(history.integrate(ClientUpload(originFileIdent: 1, clientVersion: version, baseServerVersion: 0,
                                                                     timestamp: version, changeset: set(Int64(version)))))
            XCTAssertTrue(entry.changeset.instructions.isEmpty, "changeset \(version) should lose to the later set: \(entry.changeset)")
        }
        XCTAssertEqual(history.latestVersion, 2_001)
    }
}
