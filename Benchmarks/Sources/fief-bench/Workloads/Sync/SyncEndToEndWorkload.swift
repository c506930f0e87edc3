import Foundation

/// Workload `sync-e2e`: sync end to end, against the real `fief-server` on loopback (started
/// by the harness, see ``SyncServerProcess``), with two devices of one user on one realm.
///
/// - **S1, end-to-end latency** (ms, median S1a and p99 S1b of each run's samples,
///   ``EndToEndLatency``): device A sets a probe object to a new value in one write
///   transaction; the time runs from the commit's return on A until device B's realm
///   notification hands B's observer that value (A's upload, the server's durable integration
///   and fan-out, B's download and integration and notification). One change at a time: the
///   next starts once B saw the last.
///   **S1f, the floor** in the same run: the round trip of a small frame through a bare
///   WebSocket echo over the same stack plus one `fdatasync` (``EchoFloor``). S1a's remark
///   gives the ratio to it (the issue's target: within 2× at the median).
/// - **S2, upload throughput** (changesets/s): device A commits `K` one-object write
///   transactions as fast as it can; the time runs from the first commit until the server
///   acknowledged the last (`wait(for: .upload)`: acknowledged means durable in the server's
///   history).
///
/// After both, B downloads everything and must equal A (count and sum of values), or the run
/// fails: `--quick` is the smoke test that sync converges.
struct SyncEndToEndWorkload: Workload {
    var name: String { "sync-e2e" }
    var summary: String {
        "sync end to end on a real fief-server: write on A to notification on B (vs WebSocket echo + fsync), uploads acknowledged/s"
    }

    func run(in context: BenchContext) throws -> [ResultRow] {
        let full = context.config.mode == .full
        let latencySamples = full ? 500 : 20
        let warmup = full ? 50 : 5
        let uploads = full ? 5_000 : 200
        let directory = try context.scratch.freshDirectory("sync-e2e")
        defer { context.scratch.remove(directory) }
        let server = try SyncServerProcess(dataDirectory: directory + "/server")
        defer { server.stop() }
        Log.progress("[\(name)] fief-server (\(server.build) build) on port \(server.port)")

        let (a, b) = try AsyncBridge.wait {
            let a = try await SyncBenchDevice(baseURL: server.baseURL, root: directory + "/a", user: "bench", registers: true, realm: "e2e")
            let b = try await SyncBenchDevice(baseURL: server.baseURL, root: directory + "/b", user: "bench", registers: false, realm: "e2e")
            return (a, b)
        }
        defer { _ = try? AsyncBridge.wait { await a.close(); await b.close() } }

        var median = ResultRow(workload: name, number: "S1a", title: "Sync end to end: write on A to notification on B, median", unit: "ms", better: .lower)
        var tail = ResultRow(workload: name, number: "S1b", title: "Sync end to end: write on A to notification on B, p99", unit: "ms", better: .lower)
        var floor = ResultRow(workload: name, number: "S1f", title: "Floor of S1: WebSocket echo (same stack) + one fdatasync, median", unit: "ms", better: .lower)
        var medians: [Double] = []
        var tails: [Double] = []
        var floors: [Double] = []
        let probe = try EndToEndLatency(from: a, to: b, workload: name)
        _ = try probe.samples(warmup)
        for run in 0..<context.config.runs {
            let latencies = try probe.samples(latencySamples)
            medians.append(Stats(samples: latencies).median)
            tails.append(Stats.p99(ofSorted: latencies))
            let echo = try EchoFloor.measure(directory: directory, count: latencySamples, warmup: warmup)
            floors.append(Stats(samples: echo).median)
            Log.progress("[\(name)] run \(run + 1): median \(Format.figure(medians[run], unit: "ms")) ms, "
                + "p99 \(Format.figure(tails[run], unit: "ms")) ms, floor \(Format.figure(floors[run], unit: "ms")) ms")
        }
        median.figures["Fief"] = Stats(samples: medians)
        tail.figures["Fief"] = Stats(samples: tails)
        floor.figures["Fief"] = Stats(samples: floors)
        let ratio = Stats(samples: medians).median / Stats(samples: floors).median
        median.remarks["Fief"] = "\(Format.ratio(ratio)) the floor (target: within 2×); \(latencySamples) changes per run; server: \(server.build) build"
        floor.remarks["Fief"] = "not Fief: the floor any sync over this stack pays"

        var throughput = ResultRow(workload: name, number: "S2", title: "Sync: one client uploading \(Format.grouped(uploads)) one-object changesets, acknowledged", unit: "changesets/s", better: .higher)
        var rates: [Double] = []
        for run in 0..<context.config.runs {
            let prefix = "upload\(run)"
            let seconds = try AsyncBridge.wait {
                let start = NotificationRecorder.now()
                try await a.createMany(prefix, uploads)
                try await a.waitForUpload()
                return Double(NotificationRecorder.now() - start) / 1e9
            }
            rates.append(Double(uploads) / seconds)
            Log.progress("[\(name)] S2 run \(run + 1): \(Int(rates[run])) changesets/s acknowledged")
        }
        throughput.figures["Fief"] = Stats(samples: rates)
        throughput.remarks["Fief"] = "each write its own transaction and changeset; acknowledged = durable on the server"

        // Convergence: B has exactly what A has.
        let (mine, theirs) = try AsyncBridge.wait {
            try await b.waitForDownload()
            return (await a.summary(), await b.summary())
        }
        let expected = "\(1 + uploads * context.config.runs) probes"
        guard mine == theirs, mine.hasPrefix(expected + ",") else {
            throw BenchError.disagreement(workload: name, engine: "Fief", detail: "A has \(mine), B has \(theirs), expected \(expected)")
        }
        Log.progress("[\(name)] converged: A and B both have \(mine)")
        return [median, tail, floor, throughput]
    }
}
