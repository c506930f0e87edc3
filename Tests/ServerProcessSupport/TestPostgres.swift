import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The throwaway PostgreSQL cluster `scripts/test` starts (`scripts/lib/postgres.sh`), for the
/// tests that run `fief-server` on PostgreSQL.
///
/// - `FIEF_TEST_POSTGRES_URL`: the cluster's URL (a role that may create databases).
/// - `FIEF_TEST_POSTGRES_RESTART`: a command that restarts the cluster.
/// - `FIEF_TEST_SERVER_BACKEND=postgres`: every ``ServerProcess`` serves from a database of its
///   own in the cluster instead of the embedded store (scripts/test runs the server's suite
///   once per backend).
public enum TestPostgres {
    /// The cluster's URL, if the tests were given one.
    public static var clusterURL: String? {
        ProcessInfo.processInfo.environment["FIEF_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether every ``ServerProcess`` uses PostgreSQL (`FIEF_TEST_SERVER_BACKEND=postgres`).
    public static var isServerBackend: Bool {
        ProcessInfo.processInfo.environment["FIEF_TEST_SERVER_BACKEND"] == "postgres"
    }

    /// Whether this runs on CI (`CI=true`), where a missing cluster is a failure, not a skip.
    public static var onCI: Bool {
        ["true", "1"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")
    }

    /// A new empty database, `fief_<name>` (dropped first if it exists); returns its name
    /// (``url(database:)`` gives its URL).
    public static func freshDatabase(_ name: String) throws -> String {
        let database = "fief_" + name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
        _ = try psql("DROP DATABASE IF EXISTS \(database) WITH (FORCE)")
        _ = try psql("CREATE DATABASE \(database)")
        return database
    }

    /// The URL of the database that belongs to a server data directory: made on first use, and
    /// the same again when a test restarts a server on that directory (its state survives).
    public static func database(for dataDirectory: URL) throws -> String {
        let database = "fief_dir_" + String(fnv1a(dataDirectory.standardizedFileURL.path), radix: 16)
        if try psql("SELECT 1 FROM pg_database WHERE datname = '\(database)'").isEmpty {
            _ = try psql("CREATE DATABASE \(database)")
        }
        return try url(database: database)
    }

    /// Runs `sql` with `psql` on `database` (the cluster's own when nil); its unaligned output.
    @discardableResult
    public static func psql(_ sql: String, database: String? = nil) throws -> String {
        guard let cluster = clusterURL else { throw TestPostgresError.noCluster }
        let target = try database.map { try url(database: $0) } ?? cluster
        return try run(["psql", target, "-v", "ON_ERROR_STOP=1", "-X", "-q", "-A", "-t", "-c", sql])
    }

    /// Restarts the cluster (a fast shutdown: every connection is cut).
    public static func restart() throws {
        guard let command = ProcessInfo.processInfo.environment["FIEF_TEST_POSTGRES_RESTART"], !command.isEmpty else {
            throw TestPostgresError.noCluster
        }
        // system(3), not Process: the restarted postmaster is a grandchild of the command and
        // outlives it, and Process did not notice the command's end with it around (the shell
        // stayed a zombie). The script sends its output to a log, not to our pipes.
        let status = system("sh '\(command)' </dev/null >/dev/null 2>&1")
        guard status == 0 else { throw TestPostgresError.commandFailed(command, "exit status \(status)") }
    }

    /// The cluster's URL with another database.
    public static func url(database: String) throws -> String {
        guard let cluster = clusterURL, var components = URLComponents(string: cluster) else { throw TestPostgresError.noCluster }
        components.path = "/" + database
        guard let url = components.string else { throw TestPostgresError.noCluster }
        return url
    }

    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestPostgresError.commandFailed(arguments.joined(separator: " "), output) }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// FNV-1a: a hash that is the same in every process (`hashValue` is not).
    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}

/// Why the tests could not use PostgreSQL.
public enum TestPostgresError: Error, CustomStringConvertible {
    case noCluster
    case commandFailed(String, String)

    public var description: String {
        switch self {
        case .noCluster:
            "FIEF_TEST_POSTGRES_URL is not set: run the tests with scripts/test, which starts a throwaway PostgreSQL cluster (scripts/lib/postgres.sh)"
        case .commandFailed(let command, let output): "\(command) failed: \(output)"
        }
    }
}
