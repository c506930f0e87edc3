@_spi(Sync) import Fief
import FiefSyncProtocol
import Foundation

/// Workload `sync-flexible` (S7, S8): flexible sync against the real `fief-server` on loopback.
///
/// - **S7**: bootstrapping a subscription. The default realm holds `N` probes (1,000,000 in
///   `--full`, seeded as in S4); a new device opens it with flexible sync, subscribed to
///   `value < N/10`, with `downloadBeforeOpen: .always`: seconds until the open returns with
///   exactly those probes. The server evaluates the subscription on its replica of the realm
///   (built from the history on first use; that first build is reported apart, S7r).
/// - **S8**: the server's cost per changeset as subscriptions grow. A realm of 10,000 probes
///   and `K` protocol-level clients (10, 100 and 1,000), each subscribed to its own range of 10
///   values; a writer uploads changesets that each move 5 probes to random values (so they
///   leave and enter views), one at a time, each acknowledged; then every client catches up.
///   Figure: the server process's CPU time per changeset (from `/proc`), with the same `K`
///   clients syncing fully (no subscription) as the reference in the remark.
///
/// Checks: the S7 device holds exactly the subscribed probes (count and sum); every S8 client
/// holds exactly the probes whose final value is in its range.
struct SyncFlexibleWorkload: Workload {
    var name: String { "sync-flexible" }
    var summary: String {
        "flexible sync: bootstrapping a subscription of 100,000 of 1,000,000 objects; server CPU per changeset with 10, 100, 1,000 subscribed clients"
    }

    func run(in context: BenchContext) throws -> [ResultRow] {
        let full = context.config.mode == .full
        return try bootstrap(context, objects: full ? 1_000_000 : 20_000, batch: full ? 10_000 : 1_000)
            + perChangeset(context, clientCounts: full ? [10, 100, 1_000] : [10, 50], changesets: full ? 100 : 20)
    }

    // MARK: S7

    private func bootstrap(_ context: BenchContext, objects: Int, batch: Int) throws -> [ResultRow] {
        let directory = try context.scratch.freshDirectory("sync-flexible-bootstrap")
        defer { context.scratch.remove(directory) }
        let server = try SyncServerProcess(dataDirectory: directory + "/server")
        defer { server.stop() }
        let token = try seedDefaultRealm(server, directory: directory, count: objects, batch: batch)
        let subscribed = objects / 10
        let query = "value < \(subscribed)"
        // The seed device's own probe has value 0: it matches too.
        let expected = ProbeChangesets.summary(count: subscribed + 1, sum: subscribed * (subscribed - 1) / 2)

        // The server builds its replica of the realm when the first filtered session needs it.
        let firstBuild = try measureSeconds {
            let reader = try RawSyncConnection.open(1, ports: [server.port], token: token, path: "/default",
                                                    subscriptions: { _ in QuerySubscription(name: "warm", className: "SyncProbe", query: "value < 0") })
            try AsyncBridge.wait { await reader[0].close() }
        }
        var seconds: [Double] = []
        for run in 0..<context.config.runs {
            let root = directory + "/new\(run)"
            let (elapsed, summary) = try AsyncBridge.wait {
                let start = NotificationRecorder.now()
                let device = try await SyncBenchDevice(baseURL: server.baseURL, root: root, user: "bench", registers: false, realm: "default", subscription: query)
                let elapsed = Double(NotificationRecorder.now() - start) / 1e9
                let summary = await device.summary()
                await device.close()
                return (elapsed, summary)
            }
            guard summary == expected else {
                throw BenchError.disagreement(workload: name, engine: "Fief", detail: "the subscribed device has \(summary), expected \(expected)")
            }
            seconds.append(elapsed)
            Log.progress("[\(name)] run \(run + 1): bootstrapped \(Format.grouped(subscribed)) of \(Format.grouped(objects)) in \(Format.figure(elapsed, unit: "s")) s")
            try? FileManager.default.removeItem(atPath: root)
        }
        var row = ResultRow(workload: name, number: "S7", title: "Flexible sync: a new client bootstrapping a subscription of \(Format.grouped(subscribed)) of \(Format.grouped(objects)) objects",
                            unit: "s", better: .lower)
        row.figures["Fief"] = Stats(samples: seconds)
        row.remarks["Fief"] = "login, subscription, download, integration, with .always; server: \(server.build) build"
        var replica = ResultRow(workload: name, number: "S7r", title: "Flexible sync: the server building its replica of that realm (first filtered session)", unit: "s", better: .lower)
        replica.figures["Fief"] = Stats(single: firstBuild)
        replica.remarks["Fief"] = "once per realm and server start: the history replayed into an in-memory realm"
        return [row, replica]
    }

    /// Seeds the default realm: a device registers and writes probe `seed-0` (value 0), then a
    /// protocol-level client uploads `count` probes `p-i` with value `i`. Returns a token.
    private func seedDefaultRealm(_ server: SyncServerProcess, directory: String, count: Int, batch: Int) throws -> String {
        let token = try AsyncBridge.wait {
            let device = try await SyncBenchDevice(baseURL: server.baseURL, root: directory + "/seeder", user: "bench", registers: true,
                                                   realm: "default", subscription: "TRUEPREDICATE")
            try await device.createMany("seed", 1)
            try await device.waitForUpload()
            let token = try await device.accessToken()
            await device.close()
            return token
        }
        let uploader = try RawSyncConnection.open(1, ports: [server.port], token: token, path: "/default")[0]
        defer { _ = try? AsyncBridge.wait { await uploader.close() } }
        let seconds = try measureSeconds {
            try AsyncBridge.wait {
                for start in stride(from: 0, to: count, by: batch) {
                    try await uploader.upload([ProbeChangesets.creating("p", start..<min(count, start + batch))])
                }
            }
        }
        Log.progress("[\(name)] seeded \(Format.grouped(count)) probes in \(Format.figure(seconds, unit: "s")) s")
        return token
    }

    // MARK: S8

    private func perChangeset(_ context: BenchContext, clientCounts: [Int], changesets: Int) throws -> [ResultRow] {
        let objects = 10_000
        let moved = 5
        var rows: [ResultRow] = []
        for (index, clients) in clientCounts.enumerated() {
            let directory = try context.scratch.freshDirectory("sync-flexible-fanout")
            defer { context.scratch.remove(directory) }
            let server = try SyncServerProcess(dataDirectory: directory + "/server")
            defer { server.stop() }
            let token = try seedDefaultRealm(server, directory: directory, count: objects, batch: objects)
            var values = (0..<objects).map { $0 }
            var random = SplitMix64(seed: 42)
            func range(_ i: Int) -> Range<Int> { let low = (i * 10) % objects; return low..<(low + 10) }

            func measure(subscribed: Bool) throws -> Double {
                let readers = try RawSyncConnection.open(clients, ports: [server.port], token: token, path: "/default", subscriptions: subscribed ? { i in
                    QuerySubscription(name: "range", className: "SyncProbe", query: "value >= \(range(i).lowerBound) AND value < \(range(i).upperBound)")
                } : nil)
                defer { try? AsyncBridge.wait { for r in readers { await r.close() } } }
                let writer = try RawSyncConnection.open(1, ports: [server.port], token: token, path: "/default")[0]
                defer { try? AsyncBridge.wait { await writer.close() } }
                var payloads: [[UInt8]] = []
                for _ in 0..<changesets {
                    var pairs: [(Int, Int)] = []
                    for _ in 0..<moved {
                        let probe = Int(random.next() % UInt64(objects))
                        let value = Int(random.next() % UInt64(objects))
                        values[probe] = value
                        pairs.append((probe, value))
                    }
                    payloads.append(ProbeChangesets.setting("p", pairs))
                }
                guard let before = ProcessCPUTime.seconds(of: server.process.processIdentifier) else { throw BenchError.harness("no /proc CPU time for the server") }
                let uploads = payloads
                try AsyncBridge.wait {
                    for payload in uploads { try await writer.upload([payload]) }
                }
                let latest = writer.state.withLock { $0.serverVersion }
                try RawSyncConnection.waitUntilCaughtUp(readers, version: latest, timeout: 300, what: "fanning out")
                guard let after = ProcessCPUTime.seconds(of: server.process.processIdentifier) else { throw BenchError.harness("no /proc CPU time for the server") }
                if subscribed {
                    for (i, reader) in readers.enumerated() {
                        let held = reader.state.withLock { $0.held }
                        let wanted = Set((0..<objects).filter { range(i).contains(values[$0]) }.map { SyncObjectID.primaryKey(.string("p-\($0)")) })
                            .union(range(i).contains(0) ? [SyncObjectID.primaryKey(.string("seed-0"))] : [])
                        guard held == wanted else {
                            throw BenchError.disagreement(workload: name, engine: "Fief", detail: "client \(i) holds \(held.count) probes, its range selects \(wanted.count)")
                        }
                    }
                }
                return (after - before) / Double(changesets) * 1000
            }

            let reference = try measure(subscribed: false)
            let cost = try measure(subscribed: true)
            Log.progress("[\(name)] \(clients) clients: \(Format.figure(cost, unit: "ms")) ms of server CPU per changeset (full sync: \(Format.figure(reference, unit: "ms")) ms)")
            var row = ResultRow(workload: name, number: "S8\(["a", "b", "c", "d"][index])",
                                title: "Flexible sync: server CPU per changeset with \(Format.grouped(clients)) clients with distinct subscriptions", unit: "ms", better: .lower)
            row.figures["Fief"] = Stats(single: cost)
            row.remarks["Fief"] = "\(Format.ratio(cost / reference)) the same clients syncing fully (\(Format.figure(reference, unit: "ms")) ms); \(changesets) changesets moving \(moved) of \(Format.grouped(objects)) objects each"
            rows.append(row)
        }
        return rows
    }
}
