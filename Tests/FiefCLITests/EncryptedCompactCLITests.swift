import Foundation
import XCTest

/// `--key-file` on every command that opens a file, and `fief compact`.
final class EncryptedCompactCLITests: XCTestCase {
    private var dir = ""
    private var path = ""
    private var keyPath = ""
    private let key = Data((0..<64).map { UInt8(truncatingIfNeeded: $0 * 13 + 1) })

    override func setUpWithError() throws {
        dir = CLI.temporaryDirectory()
        path = dir + "/secret.realm"
        keyPath = dir + "/secret.key"
        try CLIFixture.makeRealm(at: path, encryptionKey: key)
        // The hexadecimal form of the key.
        try (key.map { String(format: "%02x", $0) }.joined() + "\n").write(toFile: keyPath, atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dir)
    }

    func testCommandsReadEncryptedFilesWithTheKey() throws {
        for command in [["info", "--key-file", keyPath, path], ["verify", "--key-file", keyPath, path],
                        ["schema", "--key-file", keyPath, path], ["export", "--key-file", keyPath, path]] {
            let result = try CLI.run(command)
            XCTAssertEqual(result.status, 0, "\(command): \(result.output) \(result.errors)")
        }
        let query = try CLI.run(["query", "--key-file", keyPath, path, "Pet", "age > 2"])
        XCTAssertTrue(query.output.contains("Fido"), query.output)
        let withoutKey = try CLI.run(["schema", path])
        XCTAssertNotEqual(withoutKey.status, 0)
        XCTAssertTrue((withoutKey.output + withoutKey.errors).lowercased().contains("key"), withoutKey.errors)
        try Data(repeating: 9, count: 64).write(to: URL(fileURLWithPath: dir + "/wrong.key"))
        let wrong = try CLI.run(["verify", "--key-file", dir + "/wrong.key", path])
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertTrue((wrong.output + wrong.errors).contains("different key"), wrong.errors)
    }

    func testCompactShrinksAndKeepsTheData() throws {
        let before = try CLI.run(["export", "--key-file", keyPath, path])
        XCTAssertEqual(before.status, 0, before.errors)
        let result = try CLI.run(["compact", "--key-file", keyPath, path])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.contains("bytes ->"), result.output)
        let after = try CLI.run(["export", "--key-file", keyPath, path])
        XCTAssertEqual(after.output, before.output, "compaction keeps every object")
        XCTAssertEqual(try CLI.run(["verify", "--key-file", keyPath, path]).status, 0)
    }
}
