import Foundation
import XCTest

/// `fief salvage` on a realm a killed writer left (Tests/Fixtures/killed-writer.realm, 1,778
/// objects of class CrashRecord keyed by an Int `id`), whole and with one damaged page.
final class SalvageCLITests: XCTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/killed-writer.realm")

    private func copyOfFixture(_ dir: String, flipping offset: Int? = nil) throws -> String {
        var bytes = try Data(contentsOf: Self.fixture)
        if let offset { bytes[offset] ^= 0x01 }
        let path = dir + "/damaged.realm"
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    func testAnIntactRealmIsSalvagedWhole() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = try copyOfFixture(dir)
        let result = try CLI.run(["salvage", source, dir + "/out.realm"])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output, "salvaged 1,778 objects into \(dir)/out.realm\n")
        let export = try CLI.run(["export", dir + "/out.realm"])
        XCTAssertEqual(export.output, try CLI.run(["export", source]).output, "the copy holds the same objects")
    }

    func testADamagedPageLosesOnlyWhatItHeld() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = try copyOfFixture(dir, flipping: 12 * 4096 + 2000)
        let before = try Data(contentsOf: URL(fileURLWithPath: source))
        XCTAssertEqual(try CLI.run(["verify", source]).status, 1)

        let result = try CLI.run(["salvage", source, dir + "/out.realm"])
        XCTAssertEqual(result.status, 3, result.errors)
        XCTAssertTrue(result.output.hasPrefix("salvaged 1,512 objects into \(dir)/out.realm\nlost:\n  CrashRecord:\n"), result.output)
        XCTAssertTrue(result.output.contains("the objects with id from 1512 up: corrupt page 12: checksum mismatch"), result.output)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: source)), before, "the damaged file is not changed")

        XCTAssertEqual(try CLI.run(["verify", dir + "/out.realm"]).status, 0)
        let count = try CLI.run(["query", dir + "/out.realm", "CrashRecord", "id < 1512"])
        XCTAssertEqual(count.status, 0)
        XCTAssertTrue(try CLI.run(["info", dir + "/out.realm"]).output.contains("CrashRecord  1,512 objects"))
    }

    func testAnExistingOutputIsRefused() throws {
        let dir = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let source = try copyOfFixture(dir)
        try Data().write(to: URL(fileURLWithPath: dir + "/out.realm"))
        let result = try CLI.run(["salvage", source, dir + "/out.realm"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.errors.contains("exists: salvage writes a new file"), result.errors)
    }
}
