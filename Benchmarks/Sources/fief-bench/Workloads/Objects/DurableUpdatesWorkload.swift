/// O8: durable small transactions, each adding 1 to the score of one random object and
/// committing with a full sync, from 1 writer (O8a) and from several concurrent writers (O8b).
///
/// Every writer thread gets its own writer from the engine (its own connection, or a handle on a
/// shared pool where that is how the engine is used) before the clock starts. A few untimed
/// commits warm the store up; an untimed read of every object at the end checks every commit.
struct DurableUpdatesWorkload: ObjectWorkload {
    let name = "o8-durable-updates"
    let summary = "one-object durable update transactions from 1 and from 8 concurrent writers"

    func run(in context: ObjectContext) throws -> [ResultRow] {
        let config = context.config
        let dataset = context.dataset
        let variants = [1, config.concurrentWriters]
        let perVariant = context.runs * config.commits
        let ids = dataset.randomIDs(config.commitWarmup + variants.count * perVariant, seed: 0x08_C0)
        var expected = dataset.initialState()
        expected.incrementScores(ids)
        let expectedDigest = expected.digest

        var rows = variants.enumerated().map { index, writers in
            ResultRow(workload: name, number: index == 0 ? "O8a" : "O8b",
                      title: "Durable one-object update txns, \(writers) writer\(writers == 1 ? "" : "s")",
                      unit: "commits/s", better: .higher)
        }
        for engine in context.engines {
            try context.withStore(engine, label: name) { store, _ in
                let source = store.writerSource()
                _ = try Self.commit(ids[0..<config.commitWarmup], writers: 1, source)
                for (index, writers) in variants.enumerated() {
                    let first = config.commitWarmup + index * perVariant
                    rows[index].figures[engine.name] = try context.sample(name, engine, unit: rows[index].unit, warmups: 0) { run in
                        let slice = ids[(first + run * config.commits)..<(first + (run + 1) * config.commits)]
                        return Double(slice.count) / (try Self.commit(slice, writers: writers, source))
                    }
                }
                try context.check(name, engine, "objects after commits", store.readAll(), expected: expectedDigest)
            }
        }
        return rows
    }

    /// Commits one update per id of `ids`, spread round-robin over `writers` threads; returns
    /// the seconds from the common start to the last commit.
    private static func commit(_ ids: ArraySlice<Int>, writers: Int, _ source: any ObjectWriterSource) throws -> Double {
        let ids = Array(ids)
        return try ThreadGang.run(count: writers) { thread, ready in
            let writer = try source.makeWriter()
            defer { try? writer.close() }
            ready()
            for index in stride(from: thread, to: ids.count, by: writers) { try writer.incrementScore(id: ids[index]) }
        }
    }
}
