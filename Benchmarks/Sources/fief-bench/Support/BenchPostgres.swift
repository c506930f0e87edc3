import Foundation

/// The PostgreSQL cluster the multi-instance sync figures run on: the one in
/// `FIEF_TEST_POSTGRES_URL`, which `scripts/test` exports for its throwaway cluster
/// (`scripts/lib/postgres.sh`: `initdb` in a temporary directory, 127.0.0.1 only, a role that
/// may create databases), and which `run.sh --full` starts the same way when it is not set.
/// There is no stand-in: without a cluster, the PostgreSQL figures are not measured.
enum BenchPostgres {
    /// The cluster's URL, if there is one.
    static var clusterURL: String? {
        ProcessInfo.processInfo.environment["FIEF_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A new empty database `fief_bench_<name>` (dropped first if it exists); returns its URL.
    static func freshDatabase(_ name: String) throws -> String {
        let database = "fief_bench_" + name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
        try psql("DROP DATABASE IF EXISTS \(database) WITH (FORCE)")
        try psql("CREATE DATABASE \(database)")
        return try url(database: database)
    }

    /// Drops the database of `url` (made by ``freshDatabase(_:)``), cutting its connections.
    static func drop(_ url: String) {
        guard let database = URLComponents(string: url)?.path.dropFirst(), !database.isEmpty else { return }
        try? psql("DROP DATABASE IF EXISTS \(database) WITH (FORCE)")
    }

    /// Runs `sql` with `psql` on the cluster's own database.
    private static func psql(_ sql: String) throws {
        guard let cluster = clusterURL else { throw BenchError.harness("FIEF_TEST_POSTGRES_URL is not set") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", cluster, "-v", "ON_ERROR_STOP=1", "-X", "-q", "-c", sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError.harness("psql \(sql): \(output)") }
    }

    /// The cluster's URL with another database.
    private static func url(database: String) throws -> String {
        guard let cluster = clusterURL, var components = URLComponents(string: cluster) else {
            throw BenchError.harness("FIEF_TEST_POSTGRES_URL is not a URL")
        }
        components.path = "/" + database
        guard let url = components.string else { throw BenchError.harness("cannot make a database URL from \(cluster)") }
        return url
    }
}
