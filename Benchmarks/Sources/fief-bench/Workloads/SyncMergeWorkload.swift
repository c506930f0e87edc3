import CSQLite
@_spi(Sync) import Fief
@_spi(Sync) import FiefSyncProtocol

/// Workload `sync-merge`: the server side of sync merging, the sync changeset codec and the
/// size of changesets (FORMAT.md II.15, II.16, Part III).
///
/// - **M1, integration throughput** (changesets/s, median of the runs with their range). The
///   uploads are made before the clock starts: `N` one-object changesets (100,000 full, 5,000
///   quick) from 10 simulated peers (client file identities 1–10), dealt in a fixed random
///   order. Each is a `ClientUpload` whose `baseServerVersion` lags the history's latest
///   version at its turn by a random 0–20 versions (never below the peer's previous base), so
///   `ServerHistory.integrate` transforms it against up to 20 concurrent changesets of other
///   peers. A changeset either creates an object of `Task` (an `Int` primary key) with
///   `createObject` and 2–3 `set`s, or `set`s 2–3 properties of an object that already exists;
///   about 20% of them touch one of 32 objects every peer writes to, so concurrent sets of one
///   property conflict (timestamps follow each changeset's base, so a delayed upload often
///   loses). Timestamps per peer increase, as a hybrid logical clock's do.
///   - *Fief*: a fresh in-memory `ServerHistory`, then `integrate` of every upload in order
///     (decoded `SyncChangeset`s: no codec, no storage; the merge alone).
///   - *SQLite*: the floor of merely logging the same changesets: a fresh database file
///     (`page_size=4096`, WAL, `synchronous=FULL`), a table `changeset(id INTEGER PRIMARY KEY,
///     origin INTEGER, client_version INTEGER, body BLOB)`, and inside one `BEGIN`…`COMMIT`
///     (timed, its one sync included) a prepared `INSERT` per changeset binding the bytes of
///     `SyncChangesetCoding.encode` (encoded before the clock starts). No merge.
///
///   Untimed checks: the history's latest version is `N`, every peer's last client version is
///   integrated, some uploads were transformed (conflicts happened), and SQLite holds `N` rows
///   with the expected total of bytes. Fief's remark compares the median with the issue's
///   target of 100,000 changesets/s.
/// - **M2, sync changeset codec**: `SyncChangesetCoding.encode` and `decode` of a typical
///   one-object changeset (`createObject` and 4 `set`s: an int, a string, a double, a link) and
///   of a 1,000-instruction changeset (250 such objects with 3 `set`s each), in changesets/s
///   with MB/s of encoded bytes as a remark. Fief only: no peer has this format. A decode
///   is checked (untimed) to give back the changeset it was encoded from; the timed loops fold
///   sizes and instruction counts into totals that are checked.
/// - **M3, bytes per changed property**: the encoded size of a changeset holding one change of
///   a `Task` (an `Int` primary key): a `set` of an `Int`, a `set` of a 10-character `String`,
///   a `set` of a link (to an object with an `Int` primary key), a `listInsert` of an `Int`;
///   then 100 such changes on 100 objects in one changeset (the string table names the class
///   and property once), per change. The remark compares with the bytes of the value itself
///   (8 for an `Int` and for the link's `Int` key, 10 for the string). M3i: the `upload` frame
///   (`SyncMessageCodec.encode`) of 100 one-`Int`-set changesets, per changeset. Sizes are
///   exact, so there is one sample.
struct SyncMergeWorkload: Workload {
    var name: String { "sync-merge" }

    var summary: String {
        "sync: ServerHistory integration of concurrent one-object uploads (vs SQLite logging them), changeset codec, bytes per change"
    }

    /// The target for M1.
    static let targetChangesetsPerSecond = 100_000.0

    func run(in context: BenchContext) throws -> [ResultRow] {
        var rows: [ResultRow] = []
        rows.append(try integrationRow(context))
        rows += try codecRows(context)
        rows += try sizeRows()
        return rows
    }

    // MARK: M1

    private func integrationRow(_ context: BenchContext) throws -> ResultRow {
        let count = context.config.mode == .full ? 100_000 : 5_000
        let workload = UploadStream(count: count)
        let encoded = workload.uploads.map { SyncChangesetCoding.encode($0.changeset) }
        let encodedBytes = encoded.reduce(0) { $0 + $1.count }
        Log.progress("[\(name)] \(Format.grouped(count)) uploads from \(UploadStream.peers) peers, "
            + "\(Format.grouped(encodedBytes)) encoded bytes")
        var row = ResultRow(workload: name, number: "M1",
                            title: "Sync: integrate \(Format.grouped(count)) concurrent one-object changesets (10 peers, base lag 0–20)",
                            unit: "changesets/s", better: .higher)
        var fiefSamples: [Double] = []
        var sqliteSamples: [Double] = []
        var transformed = 0
        for run in 0 ..< context.config.runs {
            var history = ServerHistory()
            var refused = 0
            var failure: (any Error)?
            let fiefSeconds = measureSeconds {
                for upload in workload.uploads {
                    do {
                        if try history.integrate(upload) == nil { refused += 1 }
                    } catch {
                        failure = error
                        return
                    }
                }
            }
            if let failure { throw BenchError.disagreement(workload: name, engine: "Fief", detail: "integrate failed: \(failure)") }
            transformed = try check(history, workload, refused: refused)
            fiefSamples.append(Double(count) / fiefSeconds)

            let sqliteSeconds = try logInSQLite(context, workload, encoded, totalBytes: encodedBytes)
            sqliteSamples.append(Double(count) / sqliteSeconds)
            Log.progress("[\(name)] run \(run + 1): Fief \(Int(fiefSamples[run])) changesets/s "
                + "(\(transformed) transformed), SQLite \(Int(sqliteSamples[run])) changesets/s")
        }
        let fief = Stats(samples: fiefSamples)
        row.figures["Fief"] = fief
        row.figures["SQLite"] = Stats(samples: sqliteSamples)
        let verdict = fief.median >= Self.targetChangesetsPerSecond ? "meets" : "misses"
        row.remarks["Fief"] = "\(verdict) the target of 100,000/s: \(Format.ratio(fief.median / Self.targetChangesetsPerSecond)) of it; "
            + "\(Format.grouped(transformed)) uploads changed by the merge"
        row.remarks["SQLite"] = "logging the encoded changesets, no merge"
        return row
    }

    /// Checks the history after integrating every upload; returns how many entries the merge
    /// changed (uploads that lost a conflict).
    private func check(_ history: ServerHistory, _ workload: UploadStream, refused: Int) throws -> Int {
        let count = workload.uploads.count
        guard refused == 0, history.latestVersion == UInt64(count) else {
            throw BenchError.disagreement(workload: name, engine: "Fief",
                                          detail: "latest version \(history.latestVersion) after \(count) uploads, \(refused) refused")
        }
        for (peer, clientVersion) in workload.lastClientVersions where history.integratedClientVersions[peer] != clientVersion {
            throw BenchError.disagreement(workload: name, engine: "Fief",
                                          detail: "peer \(peer) sent up to client version \(clientVersion), "
                                              + "the history integrated \(history.integratedClientVersions[peer].map(String.init) ?? "none")")
        }
        var transformed = 0
        for (entry, upload) in zip(history.entries, workload.uploads) {
            guard entry.originFileIdent == upload.originFileIdent, entry.originClientVersion == upload.clientVersion else {
                throw BenchError.disagreement(workload: name, engine: "Fief", detail: "server version \(entry.serverVersion) is not the upload sent at its turn")
            }
            if entry.changeset != upload.changeset { transformed += 1 }
        }
        guard transformed > 0 else {
            throw BenchError.disagreement(workload: name, engine: "Fief", detail: "no upload was transformed: the workload makes no conflicts")
        }
        return transformed
    }

    /// Appends the encoded changesets to a fresh SQLite table in one transaction; returns the
    /// seconds from `BEGIN` to the end of `COMMIT`.
    private func logInSQLite(_ context: BenchContext, _ workload: UploadStream, _ encoded: [[UInt8]], totalBytes: Int) throws -> Double {
        let directory = try context.scratch.freshDirectory("sync-merge-SQLite")
        defer { context.scratch.remove(directory) }
        let connection = try SQLiteConnection(path: directory + "/history.sqlite", create: true)
        defer { connection.close() }
        try connection.execute("PRAGMA page_size=4096")
        try connection.execute("PRAGMA journal_mode=WAL")
        try connection.execute("PRAGMA synchronous=FULL")
        try connection.execute("CREATE TABLE changeset(id INTEGER PRIMARY KEY, origin INTEGER NOT NULL, client_version INTEGER NOT NULL, body BLOB NOT NULL)")
        let insert = try connection.prepare("INSERT INTO changeset(id, origin, client_version, body) VALUES (?, ?, ?, ?)")
        let begin = try connection.prepare("BEGIN")
        let commit = try connection.prepare("COMMIT")
        let uploads = workload.uploads
        let seconds = try measureSeconds {
            try connection.transaction(begin: begin, commit: commit) {
                for index in uploads.indices {
                    try connection.bind(insert, 1, index + 1)
                    try connection.bind(insert, 2, Int(uploads[index].originFileIdent))
                    try connection.bind(insert, 3, Int(uploads[index].clientVersion))
                    try encoded[index].withUnsafeBytes { bytes in
                        try connection.bind(insert, 4, bytes)
                        try connection.run(insert, "INSERT changeset")
                    }
                }
            }
        }
        let summary = try connection.text("SELECT count(*) || ' ' || sum(length(body)) FROM changeset")
        guard summary == "\(uploads.count) \(totalBytes)" else {
            throw BenchError.disagreement(workload: name, engine: "SQLite",
                                          detail: "rows and bytes \(summary), expected \(uploads.count) \(totalBytes)")
        }
        return seconds
    }

    // MARK: M2

    private struct CodecCase {
        let label: String
        let changeset: SyncChangeset
        let iterations: Int
    }

    private func codecRows(_ context: BenchContext) throws -> [ResultRow] {
        let full = context.config.mode == .full
        let cases = [
            CodecCase(label: "typical one-object changeset (create + 4 sets)", changeset: SampleChangesets.typical(object: 42),
                      iterations: full ? 300_000 : 5_000),
            CodecCase(label: "1,000-instruction changeset", changeset: SampleChangesets.thousandInstructions(),
                      iterations: full ? 3_000 : 50),
        ]
        var rows: [ResultRow] = []
        for (index, testCase) in cases.enumerated() {
            let bytes = SyncChangesetCoding.encode(testCase.changeset)
            guard (try? SyncChangesetCoding.decode(bytes)) == testCase.changeset else {
                throw BenchError.disagreement(workload: name, engine: "Fief", detail: "\(testCase.label): the bytes do not decode to the changeset")
            }
            let letters = index == 0 ? ("a", "b") : ("c", "d")
            var encodeSamples: [Double] = []
            var decodeSamples: [Double] = []
            for run in 0 ..< context.config.runs {
                var encodedBytes = 0
                let encodeSeconds = measureSeconds {
                    for _ in 0 ..< testCase.iterations { encodedBytes &+= SyncChangesetCoding.encode(testCase.changeset).count }
                }
                guard encodedBytes == bytes.count * testCase.iterations else {
                    throw BenchError.disagreement(workload: name, engine: "Fief", detail: "\(testCase.label): encoding is not deterministic")
                }
                var instructions = 0
                var failure: (any Error)?
                let decodeSeconds = measureSeconds {
                    for _ in 0 ..< testCase.iterations {
                        do {
                            instructions &+= try SyncChangesetCoding.decode(bytes).instructions.count
                        } catch {
                            failure = error
                            return
                        }
                    }
                }
                if let failure { throw BenchError.disagreement(workload: name, engine: "Fief", detail: "\(testCase.label): \(failure)") }
                guard instructions == testCase.changeset.instructions.count * testCase.iterations else {
                    throw BenchError.disagreement(workload: name, engine: "Fief", detail: "\(testCase.label): decoded \(instructions) instructions")
                }
                encodeSamples.append(Double(testCase.iterations) / encodeSeconds)
                decodeSamples.append(Double(testCase.iterations) / decodeSeconds)
                Log.progress("[\(name)] \(testCase.label), run \(run + 1): encode \(Int(encodeSamples[run])), decode \(Int(decodeSamples[run])) changesets/s")
            }
            rows.append(codecRow("M2" + letters.0, "Sync changeset encode: \(testCase.label)", encodeSamples, bytes: bytes.count))
            rows.append(codecRow("M2" + letters.1, "Sync changeset decode: \(testCase.label)", decodeSamples, bytes: bytes.count))
        }
        return rows
    }

    /// A codec row: changesets per second, with MB/s of encoded bytes and the size as a remark.
    private func codecRow(_ number: String, _ title: String, _ samples: [Double], bytes: Int) -> ResultRow {
        var row = ResultRow(workload: name, number: number, title: title, unit: "changesets/s", better: .higher)
        let stats = Stats(samples: samples)
        row.figures["Fief"] = stats
        row.remarks["Fief"] = "\(Format.figure(stats.median * Double(bytes) / 1e6, unit: "MB/s")) MB/s; \(bytes)-byte changeset"
        return row
    }

    // MARK: M3

    /// One kind of change for M3: its row letters (alone; 100 in a changeset), the bytes of its
    /// value, and the instruction making it on the `Task` with a given primary key.
    private struct SizeCase {
        let letter: (single: String, hundred: String)
        let label: String
        let valueBytes: Int
        let change: (Int64) -> SyncInstruction
    }

    private func sizeRows() throws -> [ResultRow] {
        let cases = [
            SizeCase(letter: ("a", "e"), label: "set of an Int", valueBytes: 8) {
                .set(SyncTarget(className: "Task", object: .primaryKey(.int($0)), property: "priority"), .int(1_000_000 + $0), isDefault: false)
            },
            SizeCase(letter: ("b", "f"), label: "set of a 10-character String", valueBytes: 10) {
                .set(SyncTarget(className: "Task", object: .primaryKey(.int($0)), property: "title"), .string("title-\(1000 + $0 % 9000)"), isDefault: false)
            },
            SizeCase(letter: ("c", "g"), label: "set of a link", valueBytes: 8) {
                .set(SyncTarget(className: "Task", object: .primaryKey(.int($0)), property: "owner"),
                     .link(className: "User", object: .primaryKey(.int(5_000 + $0))), isDefault: false)
            },
            SizeCase(letter: ("d", "h"), label: "list insert of an Int", valueBytes: 8) {
                .listInsert(SyncTarget(className: "Task", object: .primaryKey(.int($0)), property: "estimates"), index: 0, .int(300 + $0))
            },
        ]
        var single: [ResultRow] = []
        var hundred: [ResultRow] = []
        for sizeCase in cases {
            let one = SyncChangeset([sizeCase.change(123_456)])
            let many = SyncChangeset((0 ..< 100).map { sizeCase.change(123_456 + Int64($0)) })
            try checkRoundTrip(one, sizeCase.label)
            try checkRoundTrip(many, sizeCase.label)
            single.append(sizeRow("M3" + sizeCase.letter.single, "Bytes per change: one \(sizeCase.label) in its own changeset",
                                  bytes: Double(SyncChangesetCoding.encode(one).count), valueBytes: sizeCase.valueBytes))
            hundred.append(sizeRow("M3" + sizeCase.letter.hundred, "Bytes per change: 100 × \(sizeCase.label) (100 objects) in one changeset",
                                   bytes: Double(SyncChangesetCoding.encode(many).count) / 100, valueBytes: sizeCase.valueBytes))
        }
        // M3i: the upload frame of 100 one-Int-set changesets.
        let payloads = (0 ..< 100).map { SyncChangesetCoding.encode(SyncChangeset([cases[0].change(123_456 + Int64($0))])) }
        let upload = SyncMessage.upload(UploadMessage(
            session: 1, progressClientVersion: 1_100, progressServerVersion: 250_000,
            changesets: payloads.enumerated().map { index, payload in
                UploadChangeset(clientVersion: 1_001 + UInt64(index), lastIntegratedServerVersion: 250_000,
                                timestamp: 0x0001_9A00_0000_0000 + UInt64(index) << 16, payload: payload)
            }))
        let frame = SyncMessageCodec.encode(upload)
        guard (try? SyncMessageCodec.decode(frame)) == upload else {
            throw BenchError.disagreement(workload: name, engine: "Fief", detail: "the upload frame does not decode to its message")
        }
        let payloadBytes = payloads.reduce(0) { $0 + $1.count }
        var frameRow = ResultRow(workload: name, number: "M3i", title: "Upload frame bytes per changeset: 100 one-Int-set changesets",
                                 unit: "bytes/changeset", better: .lower)
        frameRow.figures["Fief"] = Stats(samples: [Double(frame.count) / 100])
        frameRow.remarks["Fief"] = "\(frame.count)-byte frame: \(payloadBytes) bytes of changesets, \(frame.count - payloadBytes) of framing"
        return single + hundred + [frameRow]
    }

    private func sizeRow(_ number: String, _ title: String, bytes: Double, valueBytes: Int) -> ResultRow {
        var row = ResultRow(workload: name, number: number, title: title, unit: "bytes/change", better: .lower)
        row.figures["Fief"] = Stats(samples: [bytes])
        row.remarks["Fief"] = "value \(valueBytes) bytes: \(Format.ratio(bytes / Double(valueBytes))) of it"
        return row
    }

    private func checkRoundTrip(_ changeset: SyncChangeset, _ label: String) throws {
        guard (try? SyncChangesetCoding.decode(SyncChangesetCoding.encode(changeset))) == changeset else {
            throw BenchError.disagreement(workload: name, engine: "Fief", detail: "\(label): the encoded changeset does not decode to itself")
        }
    }
}

/// The uploads of M1, made before any clock starts: `count` one-object changesets from
/// ``peers`` peers in a fixed pseudo-random order, with the bases and timestamps described on
/// ``SyncMergeWorkload``.
private struct UploadStream {
    /// Simulated peers, client file identities 1 through `peers`.
    static let peers = 10
    /// Objects every peer writes to (primary keys 0..<sharedObjects).
    static let sharedObjects = 32
    /// The properties of `Task` a changeset sets (a string, an int, a bool and a double).
    static let properties = ["title", "priority", "done", "score"]

    /// The uploads, in the order the server receives them.
    let uploads: [ClientUpload]
    /// Each peer's newest client version.
    let lastClientVersions: [UInt64: UInt64]

    init(count: Int) {
        var random = SplitMix64(seed: 0x5EED_3E26)
        var clientVersions = [UInt64](repeating: 0, count: Self.peers + 1)
        var bases = [UInt64](repeating: 0, count: Self.peers + 1)
        var clocks = [UInt64](repeating: 0, count: Self.peers + 1)
        var ownObjects = [Int](repeating: 0, count: Self.peers + 1)
        var sharedCreated = Array(repeating: Set<Int>(), count: Self.peers + 1)
        var uploads: [ClientUpload] = []
        uploads.reserveCapacity(count)
        for index in 0 ..< count {
            let peer = 1 + random.next(below: Self.peers)
            let lag = UInt64(random.next(below: 21))
            let latest = UInt64(index)
            let base = max(bases[peer], latest >= lag ? latest - lag : 0)
            bases[peer] = base
            clientVersions[peer] += 1
            // A hybrid logical clock: made when the peer had seen `base`, after its own last write.
            let timestamp = max(0x0001_9A00_0000_0000 + (base << 16) + UInt64(random.next(below: 1 << 12)), clocks[peer] + 1)
            clocks[peer] = timestamp

            let key: Int64
            let create: Bool
            if random.next(below: 5) == 0 {
                let shared = random.next(below: Self.sharedObjects)
                key = Int64(shared)
                create = sharedCreated[peer].insert(shared).inserted
            } else if ownObjects[peer] == 0 || random.next(below: 2) == 0 {
                key = Int64(peer) << 32 | Int64(ownObjects[peer])
                ownObjects[peer] += 1
                create = true
            } else {
                key = Int64(peer) << 32 | Int64(random.next(below: ownObjects[peer]))
                create = false
            }
            let object = SyncObjectID.primaryKey(.int(key))
            var instructions: [SyncInstruction] = create ? [.createObject(className: "Task", object: object)] : []
            let setCount = 2 + random.next(below: 2)
            var start = random.next(below: Self.properties.count)
            for _ in 0 ..< setCount {
                let property = Self.properties[start]
                start = (start + 1) % Self.properties.count
                let value: SyncValue = switch property {
                case "title": .string("task \(key & 0xFFFF) rev \(clientVersions[peer])")
                case "priority": .int(Int64(random.next(below: 5)))
                case "done": .bool(random.next(below: 2) == 0)
                default: .double(Double(random.next(below: 1000)) / 4)
                }
                instructions.append(.set(SyncTarget(className: "Task", object: object, property: property), value, isDefault: false))
            }
            uploads.append(ClientUpload(originFileIdent: UInt64(peer), clientVersion: clientVersions[peer], baseServerVersion: base,
                                        timestamp: timestamp, changeset: SyncChangeset(instructions)))
        }
        self.uploads = uploads
        var last: [UInt64: UInt64] = [:]
        for peer in 1 ... Self.peers where clientVersions[peer] > 0 { last[UInt64(peer)] = clientVersions[peer] }
        lastClientVersions = last
    }
}

/// The changesets of M2.
private enum SampleChangesets {
    /// A new `Task` with primary key `object`: `createObject`, then a `set` of an int, a
    /// string, a double and a link to a `User`.
    static func typical(object: Int64) -> SyncChangeset {
        SyncChangeset(instructions(object: object))
    }

    /// 250 objects × (`createObject` + 3 `set`s) = 1,000 instructions.
    static func thousandInstructions() -> SyncChangeset {
        SyncChangeset((0 ..< 250).flatMap { instructions(object: 10_000 + $0).prefix(4) })
    }

    /// `createObject` of `Task` `object`, then `set`s of `priority` (int), `title` (string),
    /// `score` (double) and `owner` (a link to `User` 7).
    private static func instructions(object: Int64) -> [SyncInstruction] {
        let id = SyncObjectID.primaryKey(.int(object))
        let target = { (property: String) in SyncTarget(className: "Task", object: id, property: property) }
        return [
            .createObject(className: "Task", object: id),
            .set(target("priority"), .int(object % 5), isDefault: false),
            .set(target("title"), .string("Buy milk and bread #\(object)"), isDefault: false),
            .set(target("score"), .double(Double(object) * 0.25), isDefault: false),
            .set(target("owner"), .link(className: "User", object: .primaryKey(.int(7))), isDefault: false),
        ]
    }
}
