import Foundation

/// Workload `sync-connections`: what one `fief-server` process holds, against the real server
/// on loopback (release build when the harness can build it, see ``SyncServerProcess``).
///
/// - **S5, idle connections held**: `N` connections (10,000 in `--full`), each a WebSocket with
///   one bound session of one realm that has downloaded everything and then stays idle, as
///   devices that keep a synced realm open do. Figures: the connections held, and the server's
///   resident memory per connection (its RSS with all of them, less its RSS with one, over `N`).
/// - **S6, reconnect storm**: `M` of them (1,000 in `--full`) disconnect; a device writes 100
///   changesets to the realm meanwhile; then all `M` reconnect at once, resuming from their
///   cursors. The time runs from the first reconnect until every one of them has downloaded
///   the server's newest version.
///
/// The connections are protocol-level clients (``RawSyncConnection``): they take file
/// identities, bind and follow downloads, but integrate nothing, so the figures are the
/// server's. Every connection must reach the newest server version, or the run fails.
struct SyncConnectionsWorkload: Workload {
    var name: String { "sync-connections" }
    var summary: String {
        "sync server capacity: idle bound connections held and memory per connection (S5), a reconnect storm until all are synced (S6)"
    }

    func run(in context: BenchContext) throws -> [ResultRow] {
        let full = context.config.mode == .full
        let connections = full ? 10_000 : 200
        let storm = full ? 1_000 : 100
        var held = ResultRow(workload: name, number: "S5", title: "Sync: idle bound connections held by one server process", unit: "connections", better: .higher)
        var perConnection = ResultRow(workload: name, number: "S5m", title: "Sync: server memory per idle bound connection", unit: "KiB", better: .lower)
        var reconnect = ResultRow(workload: name, number: "S6", title: "Sync: reconnect storm of \(Format.grouped(storm)) clients until all are synced", unit: "ms", better: .lower)
        var heldCounts: [Double] = []
        var memory: [Double] = []
        var stormMilliseconds: [Double] = []
        var build = ""
        for run in 0..<context.config.runs {
            // A fresh server each run: its memory is measured from its first connection.
            let directory = try context.scratch.freshDirectory("sync-connections-\(run)")
            defer { context.scratch.remove(directory) }
            let server = try SyncServerProcess(dataDirectory: directory + "/server")
            defer { server.stop() }
            build = server.build
            Log.progress("[\(name)] run \(run + 1): fief-server (\(server.build) build) on port \(server.port)")
            let writer = try AsyncBridge.wait {
                try await SyncBenchDevice(baseURL: server.baseURL, root: directory + "/writer", user: "bench", registers: true, realm: "idle")
            }
            defer { _ = try? AsyncBridge.wait { await writer.close() } }
            let token = try AsyncBridge.wait { try await writer.accessToken() }
            try AsyncBridge.wait { try await writer.createMany("seed", 10); try await writer.waitForUpload() }

            let baseline = try RawSyncConnection.open(1, ports: [server.port], token: token, path: "/~/idle")
            let rssOne = try server.residentKiB()
            let clients = try RawSyncConnection.open(connections, ports: [server.port], token: token, path: "/~/idle")
            Thread.sleep(forTimeInterval: 1)
            let rssAll = try server.residentKiB()
            heldCounts.append(Double(clients.count))
            memory.append(Double(rssAll - rssOne) / Double(connections))
            Log.progress("[\(name)] run \(run + 1): \(Format.grouped(clients.count)) connections held, server RSS \(rssOne / 1024) MiB → \(rssAll / 1024) MiB")

            let stormers = Array(clients.prefix(storm))
            try AsyncBridge.wait { for client in stormers { await client.close() } }
            try AsyncBridge.wait { try await writer.createMany("storm\(run)", 100); try await writer.waitForUpload() }
            let start = NotificationRecorder.now()
            for client in stormers { client.connect(port: server.port, token: token, path: "/~/idle") }
            try RawSyncConnection.waitUntilCaughtUp(stormers, timeout: 300, what: "reconnect storm")
            stormMilliseconds.append(Double(NotificationRecorder.now() - start) / 1e6)
            Log.progress("[\(name)] run \(run + 1): \(storm) clients reconnected and synced in \(Format.figure(stormMilliseconds[run], unit: "ms")) ms")

            // Every connection, stormers or not, follows the writer to the newest version.
            try RawSyncConnection.waitUntilCaughtUp(clients + baseline, timeout: 300, what: "idle connections following the writer")
            try AsyncBridge.wait { for client in clients + baseline { await client.close() } }
        }
        held.figures["Fief"] = Stats(samples: heldCounts)
        held.remarks["Fief"] = "each a WebSocket with a bound session that downloaded the realm; target: at least 10,000"
        perConnection.figures["Fief"] = Stats(samples: memory)
        perConnection.remarks["Fief"] = "a fresh server each run: its RSS with all connections less its RSS with one, over the count; server: \(build) build"
        reconnect.figures["Fief"] = Stats(samples: stormMilliseconds)
        reconnect.remarks["Fief"] = "100 changesets written while they were away; until each downloaded the newest version"
        return [held, perConnection, reconnect]
    }
}
