import Foundation

/// The `fief-server`s of one multi-instance measurement: one server on its embedded store, or
/// `n` instances on one fresh PostgreSQL database of the cluster (``BenchPostgres``), each a
/// ``SyncServerProcess`` on its own loopback port.
final class SyncServerFleet {
    enum Backend: CustomStringConvertible {
        case embedded
        case postgres(instances: Int)

        /// Short, for row numbers: `emb`, `pg1`, `pg2`…
        var label: String {
            switch self {
            case .embedded: "emb"
            case .postgres(let n): "pg\(n)"
            }
        }

        var description: String {
            switch self {
            case .embedded: "embedded store"
            case .postgres(let n): "\(n) instance\(n == 1 ? "" : "s") on PostgreSQL"
            }
        }
    }

    let backend: Backend
    private let servers: [SyncServerProcess]
    private let database: String?

    /// Starts the servers with their data directories under `directory`; the database (if any)
    /// is `fief_bench_<label>`.
    init(_ backend: Backend, directory: String, label: String) throws {
        self.backend = backend
        switch backend {
        case .embedded:
            database = nil
            servers = [try SyncServerProcess(dataDirectory: directory + "/0")]
        case .postgres(let count):
            let url = try BenchPostgres.freshDatabase(label)
            database = url
            do {
                // One at a time: the first applies the schema migrations.
                servers = try (0..<count).map { try SyncServerProcess(dataDirectory: directory + "/\($0)", postgresURL: url) }
            } catch {
                BenchPostgres.drop(url)
                throw error
            }
        }
    }

    /// The instances' ports, in order.
    var ports: [Int] { servers.map(\.port) }

    /// The build that runs (see ``SyncServerProcess/build``).
    var build: String { servers[0].build }

    /// `http://127.0.0.1:<port>` of instance `index`.
    func baseURL(_ index: Int) -> String { servers[index].baseURL }

    /// Stops every instance, then drops the database.
    func stop() {
        for server in servers { server.stop() }
        if let database { BenchPostgres.drop(database) }
    }
}
