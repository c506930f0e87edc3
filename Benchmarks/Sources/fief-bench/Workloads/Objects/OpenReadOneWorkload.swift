import Foundation

/// O11 (cold) and O12 (warm): open a loaded store of N objects and read one object by primary
/// key, all four fields. Each engine's store is built and closed first; then each round opens
/// it, reads object N/2, and closes it (the close is not timed). Every close must release the
/// store's files, so each open is a real one.
///
/// Cold: before each open, every file of the store is synced and dropped from the page cache
/// with `posix_fadvise(POSIX_FADV_DONTNEED)`, so the open reads from the disk what it touches.
/// Warm: the page cache keeps whatever the previous rounds read.
struct OpenReadOneWorkload: ObjectWorkload {
    let cold: Bool

    var name: String { cold ? "o11-open-cold" : "o12-open-warm" }
    var summary: String {
        "open a store of N objects and read one object by primary key (\(cold ? "page cache dropped first" : "page cache warm"))"
    }

    func run(in context: ObjectContext) throws -> [ResultRow] {
        let probe = context.dataset.count / 2
        let expected = context.dataset.initialState().lookupDigest([probe])
        var row = ResultRow(workload: name, number: cold ? "O11" : "O12",
                            title: "Open + read one object, page cache \(cold ? "dropped (cold)" : "warm")",
                            unit: "ms", better: .lower)
        for engine in context.engines {
            let directory = try context.scratch.freshDirectory("\(name)-\(engine.name)")
            defer { context.scratch.remove(directory) }
            try context.writeLoadedStore(engine, in: directory)
            row.figures[engine.name] = try context.sample(name, engine, unit: row.unit) { _ in
                let files = try Files.regularFiles(in: directory)
                if cold { try files.forEach(Files.dropFromPageCache) }
                var opened: (any ObjectStore)?
                var digest = ObjectDigest()
                let seconds = try measureSeconds {
                    let store = try engine.open(in: directory, .durable)
                    opened = store
                    digest = try store.lookup([probe])
                }
                try opened?.close()
                opened = nil
                try context.check(name, engine, "object read after open", digest, expected: expected)
                let leftOpen = Files.stillOpen(files)
                if !leftOpen.isEmpty {
                    throw BenchError.harness("\(engine.name) still has \(leftOpen.joined(separator: ", ")) open after close")
                }
                return seconds * 1000
            }
        }
        return [row]
    }
}
