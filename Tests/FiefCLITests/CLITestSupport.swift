import Foundation
import XCTest
@testable import FiefStorage

/// What one run of the `fief` executable produced.
struct CLIResult {
    /// The exit status.
    var status: Int32
    /// Everything written to standard output.
    var output: String
    /// Everything written to standard error.
    var errors: String
}

/// Runs the built `fief` executable the way a user would, and scratch files for it to work on.
enum CLI {
    /// The `fief` executable next to this test bundle in the build's products directory
    /// (`swift build --build-tests` builds it too). `FIEF_EXECUTABLE` overrides the location.
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["FIEF_EXECUTABLE"] { return URL(fileURLWithPath: path) }
        #if os(macOS)
        // The tests run inside an .xctest bundle that sits in the products directory.
        let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent()
        #else
        // The tests run as the .xctest executable that sits in the products directory.
        let products = Bundle.main.executableURL?.deletingLastPathComponent()
        #endif
        return (products ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
            .appendingPathComponent("fief")
    }()

    /// Runs `fief` with `arguments` and waits for it to exit; `standardInput` names a file
    /// to read standard input from.
    static func run(_ arguments: [String], standardInput: String? = nil,
                    file: StaticString = #filePath, line: UInt = #line) throws -> CLIResult {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            XCTFail("no fief executable at \(executable.path); build with --build-tests", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        // Files rather than pipes, so a chatty process can never block on a full pipe.
        let scratch = temporaryDirectory("run")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let outPath = scratch + "/stdout", errPath = scratch + "/stderr"
        try Data().write(to: URL(fileURLWithPath: outPath))
        try Data().write(to: URL(fileURLWithPath: errPath))
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        if let standardInput { process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: standardInput)) }
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return CLIResult(status: process.terminationStatus,
                         output: try String(contentsOfFile: outPath, encoding: .utf8),
                         errors: try String(contentsOfFile: errPath, encoding: .utf8))
    }

    /// A new empty directory under the system's temporary directory; the caller removes it.
    static func temporaryDirectory(_ name: String = #function) -> String {
        let path = NSTemporaryDirectory() + "fief-cli-\(name.filter { $0.isLetter })-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Creates a store at `path` holding `trees` (name and entry count), all in one commit.
    /// Returns the version of that commit.
    @discardableResult
    static func makeStore(at path: String, trees: [(String, Int)]) throws -> UInt64 {
        let store = try Store(path: path)
        try store.write { txn in
            for (name, count) in trees {
                let tree = try txn.createTree(name)
                for i in 0..<count { try tree.put(Array("key-\(100_000 + i)".utf8), Array("value \(i)".utf8)) }
            }
        }
        return store.latestVersion
    }

    /// The leaf pages of the file at `path` written by `version`: pages the newest version uses.
    static func leafPages(at path: String, pageSize: Int = 4096, version: UInt64) throws -> [UInt64] {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var pages: [UInt64] = []
        bytes.withUnsafeBytes { raw in
            for page in 2..<(raw.count / pageSize) {
                let header = raw.baseAddress! + page * pageSize
                if header.u8(Layout.typeOffset) == PageType.leaf.rawValue && header.u64(Layout.txnOffset) == version {
                    pages.append(UInt64(page))
                }
            }
        }
        return pages
    }

    /// Inverts every bit of the byte at `offset` of the file at `path`.
    static func flipByte(at offset: Int, of path: String) throws {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[offset] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))
    }
}
