import Foundation
import XCTest

/// Every command explains itself with `--help`, examples included.
final class HelpCLITests: XCTestCase {
    /// `fief <command> --help` prints the usage and examples, and exits 0.
    func testEveryCommandHasHelpWithExamples() throws {
        for command in ["verify", "info", "schema", "query", "export", "import"] {
            let result = try CLI.run([command, "--help"])
            XCTAssertEqual(result.status, 0, command)
            XCTAssertTrue(result.output.contains("USAGE: fief \(command)"), "\(command):\n\(result.output)")
            XCTAssertTrue(result.output.contains("Examples:\n  fief \(command) "), "\(command):\n\(result.output)")
        }
        let root = try CLI.run(["--help"])
        for command in ["schema", "query", "export", "import"] {
            XCTAssertTrue(root.output.contains("  \(command) "), "the root help lists \(command)")
        }
    }
}
