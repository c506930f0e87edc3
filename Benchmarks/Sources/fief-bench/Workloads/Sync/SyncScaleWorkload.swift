import Foundation

/// Workload `sync-scale`: many writers on one realm (S3), and end-to-end latency (S1), on the
/// embedded store of one `fief-server` and on 1, 2 and 4 instances sharing one PostgreSQL
/// database (``SyncServerFleet``), all started by the harness on loopback.
///
/// - **S3, concurrent writers** (``ConcurrentWriters``): `N` protocol-level clients (100 in
///   `--full`) of one realm, spread round-robin over the instances, each uploading `K`
///   one-object changesets one at a time, all at once. Figures: the aggregate changesets
///   integrated per second (S3a) and the latency of each upload until the server acknowledged
///   it, integrated and durable: median (S3b) and p99 (S3c) over every upload of every client.
///   The clients are protocol-level, not FiefSync devices: 100 devices in the harness process
///   would each commit locally and integrate the other 99 clients' changesets, 100 times the
///   server's work on the harness's 2 cores, so the figure would be the harness's. The
///   changesets are the ones a device records (``ProbeChangesets``), each based on the server
///   version the client downloaded.
/// - **S1, end-to-end latency** (``EndToEndLatency``): device A on the first instance, device B
///   on the last, so with several instances every change crosses PostgreSQL's LISTEN/NOTIFY.
///
/// Checks: every writer ends on the same newest server version, one per changeset
/// (``ConcurrentWriters``), and after each S3 run a new device on the last instance opens the
/// realm with `.always` and must hold exactly every probe written.
///
/// Without a PostgreSQL cluster (``BenchPostgres``) only the embedded store runs; `--quick`
/// runs 1 and 2 instances at a tiny size.
struct SyncScaleWorkload: Workload {
    var name: String { "sync-scale" }
    var summary: String {
        "sync scale-out: 100 writers on one realm (S3) and write-to-notification latency (S1), embedded store vs 1/2/4 fief-server instances on one PostgreSQL"
    }

    func run(in context: BenchContext) throws -> [ResultRow] {
        let full = context.config.mode == .full
        let writers = ConcurrentWriters(clients: full ? 100 : 10, changesets: full ? 50 : 5)
        let latencySamples = full ? 300 : 10
        let warmup = full ? 30 : 3
        var backends: [SyncServerFleet.Backend] = [.embedded]
        if BenchPostgres.clusterURL != nil {
            backends += (full ? [1, 2, 4] : [1, 2]).map { .postgres(instances: $0) }
        } else {
            Log.progress("[\(name)] FIEF_TEST_POSTGRES_URL is not set: the embedded store only, no PostgreSQL figures")
        }
        var rows: [ResultRow] = []
        for backend in backends {
            let directory = try context.scratch.freshDirectory("sync-scale-\(backend.label)")
            defer { context.scratch.remove(directory) }
            let fleet = try SyncServerFleet(backend, directory: directory + "/servers", label: "\(ProcessInfo.processInfo.processIdentifier)_\(backend.label)")
            defer { fleet.stop() }
            Log.progress("[\(name)] \(backend.description): fief-server (\(fleet.build) build) on ports \(fleet.ports.map(String.init).joined(separator: ", "))")
            rows += try latency(fleet, directory: directory, samples: latencySamples, warmup: warmup, runs: context.config.runs)
            rows += try throughput(fleet, writers, directory: directory, runs: context.config.runs)
        }
        return rows
    }

    /// S1 with A on the first instance and B on the last.
    private func latency(_ fleet: SyncServerFleet, directory: String, samples: Int, warmup: Int, runs: Int) throws -> [ResultRow] {
        let label = fleet.backend.label
        let (first, last) = (fleet.baseURL(0), fleet.baseURL(fleet.ports.count - 1))
        let (a, b) = try AsyncBridge.wait {
            let a = try await SyncBenchDevice(baseURL: first, root: directory + "/a", user: "bench", registers: true, realm: "e2e")
            let b = try await SyncBenchDevice(baseURL: last, root: directory + "/b", user: "bench", registers: false, realm: "e2e")
            return (a, b)
        }
        defer { _ = try? AsyncBridge.wait { await a.close(); await b.close() } }
        let probe = try EndToEndLatency(from: a, to: b, workload: name)
        _ = try probe.samples(warmup)
        var medians: [Double] = []
        var tails: [Double] = []
        for run in 0..<runs {
            let latencies = try probe.samples(samples)
            medians.append(Stats(samples: latencies).median)
            tails.append(Stats.p99(ofSorted: latencies))
            Log.progress("[\(name)] \(label) S1 run \(run + 1): median \(Format.figure(medians[run], unit: "ms")) ms, p99 \(Format.figure(tails[run], unit: "ms")) ms")
        }
        let across = fleet.ports.count > 1 ? "A on instance 1, B on instance \(fleet.ports.count)" : "A and B on one server"
        var median = ResultRow(workload: name, number: "S1a-\(label)", title: "Sync end to end, \(fleet.backend.description): write on A to notification on B, median", unit: "ms", better: .lower)
        var tail = ResultRow(workload: name, number: "S1b-\(label)", title: "Sync end to end, \(fleet.backend.description): write on A to notification on B, p99", unit: "ms", better: .lower)
        median.figures["Fief"] = Stats(samples: medians)
        median.remarks["Fief"] = "\(across); \(samples) changes per run; server: \(fleet.build) build"
        tail.figures["Fief"] = Stats(samples: tails)
        return [median, tail]
    }

    /// S3: one fresh realm per run, its schema made by a real device first, then the writers,
    /// then a new device's check.
    private func throughput(_ fleet: SyncServerFleet, _ writers: ConcurrentWriters, directory: String, runs: Int) throws -> [ResultRow] {
        let label = fleet.backend.label
        let first = fleet.baseURL(0)
        var rates: [Double] = []
        var medians: [Double] = []
        var tails: [Double] = []
        for run in 0..<runs {
            let realm = "writers\(run)"
            let token = try AsyncBridge.wait {
                let seeder = try await SyncBenchDevice(baseURL: first, root: directory + "/seed\(run)", user: "bench", registers: false, realm: realm)
                try await seeder.createMany("seed", 1)
                try await seeder.waitForUpload()
                let token = try await seeder.accessToken()
                await seeder.close()
                return token
            }
            let outcome = try writers.run(ports: fleet.ports, token: token, path: "/~/\(realm)", prefix: "w")
            rates.append(outcome.changesetsPerSecond)
            medians.append(outcome.median)
            tails.append(outcome.p99)
            Log.progress("[\(name)] \(label) S3 run \(run + 1): \(Int(outcome.changesetsPerSecond)) changesets/s, latency median "
                + "\(Format.figure(outcome.median, unit: "ms")) ms, p99 \(Format.figure(outcome.p99, unit: "ms")) ms")
            let written = writers.probesWritten
            try SyncBenchDevice.checkNewDevice(baseURL: fleet.baseURL(fleet.ports.count - 1), root: directory + "/check\(run)", user: "bench", realm: realm,
                                               expected: ProbeChangesets.summary(count: 1 + written.count, sum: written.sum), workload: name)
        }
        let what = "\(writers.clients) clients × \(writers.changesets) one-object changesets"
        var rate = ResultRow(workload: name, number: "S3a-\(label)", title: "Sync, \(fleet.backend.description): \(writers.clients) clients writing to one realm at once, changesets integrated", unit: "changesets/s", better: .higher)
        var median = ResultRow(workload: name, number: "S3b-\(label)", title: "Sync, \(fleet.backend.description): the same, each upload until acknowledged, median", unit: "ms", better: .lower)
        var tail = ResultRow(workload: name, number: "S3c-\(label)", title: "Sync, \(fleet.backend.description): the same, p99", unit: "ms", better: .lower)
        rate.figures["Fief"] = Stats(samples: rates)
        rate.remarks["Fief"] = "\(what), each waiting for its last acknowledgement; clients spread over \(fleet.ports.count) instance(s); server: \(fleet.build) build"
        median.figures["Fief"] = Stats(samples: medians)
        median.remarks["Fief"] = "acknowledged = integrated and durable on the server"
        tail.figures["Fief"] = Stats(samples: tails)
        return [rate, median, tail]
    }
}
