import Foundation

/// O15: the size of a store of N objects after the engine's own compaction. Each engine's store
/// is loaded (O1's one transaction) and closed; each round opens it, compacts it as its users do
/// (Fief: `shouldCompactOnLaunch`; SQLite and GRDB: `VACUUM` and a truncating WAL checkpoint),
/// reads a few objects back and closes it. The figure is the bytes of the store's data files:
/// every regular file in its directory except the shared-memory coordination files (Fief's
/// `.lock`, SQLite's `-shm`), which hold no data and keep their size whatever the data.
struct CompactedSizeWorkload: ObjectWorkload {
    let name = "o15-compacted-size"
    let summary = "file size of a store of N objects after the engine's compaction (Fief shouldCompactOnLaunch, SQLite VACUUM)"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        let probes = [0, context.dataset.count / 2, context.dataset.count - 1]
        let expected = context.dataset.initialState().lookupDigest(probes)
        var row = ResultRow(workload: name, number: "O15", title: "Store size after compaction",
                            unit: "MiB", better: .lower)
        for engine in context.engines {
            let directory = try context.scratch.freshDirectory("\(name)-\(engine.name)")
            defer { context.scratch.remove(directory) }
            try context.writeLoadedStore(engine, in: directory)
            let loaded = try Self.dataBytes(in: directory)
            row.figures[engine.name] = try context.sample(name, engine, unit: row.unit, warmups: 0) { _ in
                let store = try engine.open(in: directory, .durable)
                do {
                    try store.compact()
                    try context.check(name, engine, "objects read after compaction", try store.lookup(probes), expected: expected)
                    try store.close()
                } catch {
                    try? store.close()
                    throw error
                }
                return Double(try Self.dataBytes(in: directory)) / 1_048_576
            }
            row.remarks[engine.name] = "\(Format.figure(Double(loaded) / 1_048_576, unit: "MiB")) before"
        }
        return [row]
    }

    /// The bytes of the data files in `directory` (not the shared-memory coordination files).
    static func dataBytes(in directory: String) throws -> Int {
        try Files.regularFiles(in: directory).filter { !$0.hasSuffix(".lock") && !$0.hasSuffix("-shm") }.reduce(0) { total, path in
            total + ((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
    }
}
