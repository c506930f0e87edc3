@testable import FiefStorage
import Foundation
import XCTest

/// A realm a SIGKILLed group-committing writer left (Tests/Fixtures/killed-writer.realm, 82 pages,
/// newest version 1780): one flipped byte in a page of the newest version must not read as "not a
/// Fief store", and must name the damaged page.
///
/// Why no older version can open then: version 1780 was synced before the writer was killed
/// (a later transaction, 1781, had already reused the pages of version 1779, which only happens
/// once 1780 is durable), so its pages were on stable storage: a torn write at power loss cannot
/// damage them, only later damage can. FORMAT.md section 9 says how recovery tells the two apart.
final class DamagedVersionTests: XCTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/killed-writer.realm")

    private func copyOfFixture(flipping offset: Int?, in dir: String) throws -> String {
        let path = dir + "/killed.realm"
        var bytes = try Data(contentsOf: Self.fixture)
        if let offset { bytes[offset] ^= 0x01 }
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    func testTheFixtureOpensAndVerifiesClean() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let store = try Store(path: try copyOfFixture(flipping: nil, in: dir))
        XCTAssertTrue(try store.verify().isValid)
    }

    func testADamagedPageOfTheNewestDurableVersionIsNamed() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = try copyOfFixture(flipping: 12 * 4096 + 2000, in: dir)
        XCTAssertThrowsError(try Store(path: path)) { error in
            XCTAssertEqual(error as? StorageError, .damagedVersion(path: path, version: 1780, page: 12, reason: "checksum mismatch"))
            XCTAssertFalse("\(error)".contains("not a Fief store"))
        }
    }

    /// One byte flipped in every page in turn: the file either opens, and then a verify names
    /// the damaged page (unless the page is free), or it does not, and the error names the
    /// damaged page (or the damaged meta page).
    func testEveryDamagedPageIsOpenedRightOrNamed() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let pages = try Data(contentsOf: Self.fixture).count / 4096
        for page in 0..<pages {
            let path = try copyOfFixture(flipping: page * 4096 + 2000, in: dir)
            do {
                let store = try Store(path: path, options: { var o = StorageOptions(); o.readOnly = true; return o }())
                let report = try store.verify()
                for problem in report.problems {
                    XCTAssertTrue(problem.page <= UInt64(page) && UInt64(page) - problem.page < 64,
                                  "page \(page) flipped, verify blames page \(problem.page): \(problem.reason)")
                }
            } catch let StorageError.damagedVersion(_, version, damaged, reason) {
                XCTAssertEqual(version, 1780)
                XCTAssertTrue(damaged <= UInt64(page) && UInt64(page) - damaged < 64, "page \(page) flipped, error names \(damaged)")
                XCTAssertEqual(reason, "checksum mismatch")
            } catch let StorageError.corruptFile(_, reason) {
                XCTAssertEqual(page, 1, "only a damaged newest meta page leaves nothing to open: \(reason)")
                XCTAssertTrue(reason.contains("meta page 1"), reason)
            }
        }
    }
}
