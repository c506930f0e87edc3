import Foundation

/// S3's measurement: `clients` protocol-level writers (``RawSyncConnection``) of one realm,
/// spread round-robin over the server instances, all writing at once. Each uploads `changesets`
/// one-object changesets (``ProbeChangesets``: probes `<prefix>-c<client>-<i>` with value `i`),
/// one at a time: the next once the server acknowledged the last, as a device committing one
/// write after another and waiting for `.upload` would.
///
/// Figures: the aggregate rate (every changeset of every client over the time from the start
/// until the last acknowledgement) and each upload's latency, from handing the upload to the
/// connection until the server's acknowledgement (integrated and durable) arrived.
///
/// Convergence, checked: afterwards every client downloads up to the same newest server
/// version, which must be the version before plus exactly one per changeset uploaded.
struct ConcurrentWriters {
    let clients: Int
    let changesets: Int

    /// What one round measured.
    struct Outcome {
        let changesetsPerSecond: Double
        /// Every upload's latency in ms, sorted.
        let latencies: [Double]
        var median: Double { Stats(samples: latencies).median }
        var p99: Double { Stats.p99(ofSorted: latencies) }
    }

    /// The probes a realm holds after one round, and the sum of their values.
    var probesWritten: (count: Int, sum: Int) { (clients * changesets, clients * changesets * (changesets - 1) / 2) }

    /// Connects the clients to `path`, runs one round and closes them.
    func run(ports: [Int], token: String, path: String, prefix: String) throws -> Outcome {
        let connections = try RawSyncConnection.open(clients, ports: ports, token: token, path: path)
        defer { _ = try? AsyncBridge.wait { for connection in connections { await connection.close() } } }
        let before = connections.map { $0.state.withLock { $0.serverVersion } }.max() ?? 0
        let payloads = (0..<clients).map { client in
            (0..<changesets).map { ProbeChangesets.creating("\(prefix)-c\(client)", $0..<($0 + 1)) }
        }
        let count = changesets
        let (seconds, latencies) = try AsyncBridge.wait {
            let start = NotificationRecorder.now()
            let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
                for (connection, mine) in zip(connections, payloads) {
                    group.addTask {
                        var latencies: [Double] = []
                        latencies.reserveCapacity(count)
                        for payload in mine {
                            let sent = NotificationRecorder.now()
                            try await connection.upload([payload])
                            latencies.append(Double(NotificationRecorder.now() - sent) / 1e6)
                        }
                        return latencies
                    }
                }
                return try await group.reduce(into: [Double]()) { $0 += $1 }
            }
            return (Double(NotificationRecorder.now() - start) / 1e9, latencies)
        }
        let expected = before + UInt64(clients * changesets)
        try RawSyncConnection.waitUntilCaughtUp(connections, version: expected, timeout: 300, what: "writers downloading each other's changesets")
        let newest = Set(connections.map { $0.state.withLock { $0.latestServerVersion } })
        guard newest == [expected] else {
            throw BenchError.disagreement(workload: "sync", engine: "Fief", detail: "writers see newest server versions \(newest.sorted()), expected \(expected) (\(before) + one per changeset)")
        }
        return Outcome(changesetsPerSecond: Double(clients * changesets) / seconds, latencies: latencies.sorted())
    }
}
