import Foundation

/// Workload `sync-download` (S4): the initial download of a large realm by a new client, against
/// the real `fief-server` on loopback (``SyncServerProcess``).
///
/// The server's realm is seeded through real uploads: a FiefSync device opens it first (so its
/// schema comes from a client, as in use) and writes one probe; then a protocol-level client
/// (``RawSyncConnection``) uploads `N` probes (1,000,000 in `--full`) in changesets of 10,000
/// objects, each acknowledged before the next, the changesets a device records
/// (``ProbeChangesets``).
///
/// - **S4a**: a new device (a fresh app and file) logs in and opens the realm with
///   `downloadBeforeOpen: .always`; seconds until the open returns, with everything downloaded
///   and integrated (the login, a few ms, is included).
/// - **S4b**: bytes on the wire: the sync frames the server sends a new client for the whole
///   realm (as received, after the protocol's LZ4 compression of large changesets; WebSocket
///   and TCP headers not counted), measured on a protocol-level client's download, which is
///   the same download any new client gets. The remark compares with S4c.
/// - **S4c**: the size of the new device's realm file after the download.
///
/// Check: every new device holds exactly `N + 1` probes with the expected sum of values.
struct SyncDownloadWorkload: Workload {
    var name: String { "sync-download" }
    var summary: String {
        "sync initial download: a new client opening a realm of 1,000,000 objects with .always, seconds and bytes on the wire vs file size"
    }

    func run(in context: BenchContext) throws -> [ResultRow] {
        let full = context.config.mode == .full
        let objects = full ? 1_000_000 : 2_000
        let batch = full ? 10_000 : 500
        let directory = try context.scratch.freshDirectory("sync-download")
        defer { context.scratch.remove(directory) }
        let server = try SyncServerProcess(dataDirectory: directory + "/server")
        defer { server.stop() }
        Log.progress("[\(name)] fief-server (\(server.build) build) on port \(server.port)")

        let seedSeconds = try seed(server, objects: objects, batch: batch, directory: directory)
        Log.progress("[\(name)] seeded \(Format.grouped(objects)) objects in \(objects / batch) uploads in \(Format.figure(seedSeconds, unit: "s")) s")
        let expected = ProbeChangesets.summary(count: objects + 1, sum: objects * (objects - 1) / 2)

        var seconds: [Double] = []
        var fileBytes = 0
        for run in 0..<context.config.runs {
            let root = directory + "/new\(run)"
            let (elapsed, summary, size) = try AsyncBridge.wait {
                let start = NotificationRecorder.now()
                let device = try await SyncBenchDevice(baseURL: server.baseURL, root: root, user: "bench", registers: false, realm: "big")
                let elapsed = Double(NotificationRecorder.now() - start) / 1e9
                let summary = await device.summary()
                let size = try await device.fileBytes()
                await device.close()
                return (elapsed, summary, size)
            }
            guard summary == expected else {
                throw BenchError.disagreement(workload: name, engine: "Fief", detail: "the new device has \(summary), expected \(expected)")
            }
            seconds.append(elapsed)
            fileBytes = size
            Log.progress("[\(name)] run \(run + 1): opened with .always in \(Format.figure(elapsed, unit: "s")) s; \(summary); file \(Format.figure(Double(size) / 1_048_576, unit: "MiB")) MiB")
            try? FileManager.default.removeItem(atPath: root)
        }

        let token = try AsyncBridge.wait {
            let device = try await SyncBenchDevice(baseURL: server.baseURL, root: directory + "/token", user: "bench", registers: false, realm: "token")
            let token = try await device.accessToken()
            await device.close()
            return token
        }
        let reader = try RawSyncConnection.open(1, ports: [server.port], token: token, path: "/~/big")
        let wire = reader[0].state.withLock { $0 }
        try AsyncBridge.wait { await reader[0].close() }

        var open = ResultRow(workload: name, number: "S4a", title: "Sync: a new client opening a realm of \(Format.grouped(objects)) objects with .always", unit: "s", better: .lower)
        var onWire = ResultRow(workload: name, number: "S4b", title: "Sync: bytes on the wire of that initial download", unit: "MiB", better: .lower)
        var file = ResultRow(workload: name, number: "S4c", title: "Sync: the new client's realm file after it", unit: "MiB", better: .lower)
        open.figures["Fief"] = Stats(samples: seconds)
        open.remarks["Fief"] = "login, download, integration; seeded by \(objects / batch) uploads of \(Format.grouped(batch)) objects; server: \(server.build) build"
        onWire.figures["Fief"] = Stats(single: Double(wire.receivedFrameBytes) / 1_048_576)
        onWire.remarks["Fief"] = "\(Format.ratio(Double(wire.receivedFrameBytes) / Double(fileBytes))) the file; sync frames as sent (changeset payloads \(Format.figure(Double(wire.downloadedBytes) / 1_048_576, unit: "MiB")) MiB before compression)"
        file.figures["Fief"] = Stats(single: Double(fileBytes) / 1_048_576)
        return [open, onWire, file]
    }

    /// Seeds realm `/~/big`: a device writes one probe (and registers the user), then a
    /// protocol-level client uploads `objects` probes, `batch` per changeset; returns seconds.
    private func seed(_ server: SyncServerProcess, objects: Int, batch: Int, directory: String) throws -> Double {
        let token = try AsyncBridge.wait {
            let device = try await SyncBenchDevice(baseURL: server.baseURL, root: directory + "/seeder", user: "bench", registers: true, realm: "big")
            try await device.createMany("seed", 1)
            try await device.waitForUpload()
            let token = try await device.accessToken()
            await device.close()
            return token
        }
        let uploader = try RawSyncConnection.open(1, ports: [server.port], token: token, path: "/~/big")[0]
        defer { _ = try? AsyncBridge.wait { await uploader.close() } }
        return try measureSeconds {
            try AsyncBridge.wait {
                for start in stride(from: 0, to: objects, by: batch) {
                    try await uploader.upload([ProbeChangesets.creating("big", start..<min(objects, start + batch))])
                }
            }
        }
    }
}
