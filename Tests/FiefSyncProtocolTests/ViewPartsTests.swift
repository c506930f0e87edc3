@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol
import XCTest

/// A view change too large for one download goes in parts (`DownloadView.continues`).
final class ViewPartsTests: XCTestCase {
    /// A view change larger than a part is cut into parts of whole instructions, each within
    /// the size and decoding on its own; together they hold the change in order.
    func testAViewChangeIsCutIntoPartsThatHoldItInOrder() throws {
        let instructions = (0..<2_000).map { i in
            SyncInstruction.set(SyncTarget(className: "Item", object: .primaryKey(.int(Int64(i))), path: [.property("text")]),
                                .string(String(repeating: "v", count: 100 + i % 50)), isDefault: false)
        }
        let change = SyncChangeset(instructions)
        let parts = DownloadView.parts(of: change, queryVersion: 7, replacesView: true, maximumPartSize: 16 << 10)
        XCTAssertGreaterThan(parts.count, 10)
        XCTAssertEqual(parts.map(\.replacesView), [true] + Array(repeating: false, count: parts.count - 1))
        XCTAssertEqual(parts.map(\.continues), Array(repeating: true, count: parts.count - 1) + [false])
        XCTAssertTrue(parts.allSatisfy { $0.payload.count <= 16 << 10 && $0.queryVersion == 7 })
        XCTAssertEqual(try parts.flatMap { try SyncChangesetCoding.decode($0.payload).instructions }, instructions)
        let whole = DownloadView.parts(of: change, queryVersion: 7, replacesView: true)
        XCTAssertEqual(whole.count, 1)
        XCTAssertFalse(whole[0].continues)
    }
}
