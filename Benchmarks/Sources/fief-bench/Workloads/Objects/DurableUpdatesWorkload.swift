/// O8: durable small transactions, each adding 1 to the score of one random object and
/// committing with a full sync: from 1 writer thread (O8a) and several concurrent writer threads
/// (O8b); for engines with an async actor API (Fief's `asyncWrite`), also from 1 actor (O8c) and
/// from several concurrent actors (O8d).
///
/// Every writer thread (or actor) gets its own writer from the engine (its own connection, or a
/// handle on a shared pool where that is how the engine is used) before the clock starts. A few
/// untimed commits warm the store up; an untimed read of every object at the end checks every
/// commit. Fief's remarks on O8b and O8d give the ratios issue 4's target is stated in: several
/// writers against one, and against SQLite's several writers.
struct DurableUpdatesWorkload: ObjectWorkload {
    let name = "o8-durable-updates"
    let summary = "one-object durable update transactions from 1 and 8 concurrent writer threads, and 1 and 8 actors"

    /// One row of O8: how many writers, and whether they are threads or actors.
    private struct Variant {
        let number: String
        let writers: Int
        let actors: Bool

        var title: String {
            actors ? "Durable one-object asyncWrite txns, \(writers) actor\(writers == 1 ? "" : "s")"
                : "Durable one-object update txns, \(writers) writer\(writers == 1 ? "" : "s")"
        }
    }

    func run(in context: ObjectContext) throws -> [ResultRow] {
        let config = context.config
        let dataset = context.dataset
        let many = config.concurrentWriters
        let variants = [Variant(number: "O8a", writers: 1, actors: false), Variant(number: "O8b", writers: many, actors: false),
                        Variant(number: "O8c", writers: 1, actors: true), Variant(number: "O8d", writers: many, actors: true)]
        let perVariant = context.runs * config.commits
        let ids = dataset.randomIDs(config.commitWarmup + variants.count * perVariant, seed: 0x08_C0)
        var rows = variants.map { ResultRow(workload: name, number: $0.number, title: $0.title, unit: "commits/s", better: .higher) }
        var floorSamples = try measureFloor(context)
        for engine in context.engines {
            try context.withStore(engine, label: name) { store, _ in
                var expected = dataset.initialState()
                let source = store.writerSource()
                expected.incrementScores(ids[0..<config.commitWarmup])
                _ = try Self.commit(Array(ids[0..<config.commitWarmup]), writers: 1, source)
                for (index, variant) in variants.enumerated() {
                    let actorWriting = store as? any ObjectActorWriting
                    if variant.actors && actorWriting == nil {
                        rows[index].remarks[engine.name] = "no async actor API"
                        continue
                    }
                    let first = config.commitWarmup + index * perVariant
                    rows[index].figures[engine.name] = try context.sample(name, engine, unit: rows[index].unit, warmups: 0) { run in
                        let slice = Array(ids[(first + run * config.commits)..<(first + (run + 1) * config.commits)])
                        expected.incrementScores(slice)
                        let seconds = if variant.actors, let actorWriting {
                            try actorWriting.commitFromActors(slice, actors: variant.writers)
                        } else {
                            try Self.commit(slice, writers: variant.writers, source)
                        }
                        return Double(slice.count) / seconds
                    }
                }
                try context.check(name, engine, "objects after commits", store.readAll(), expected: expected.digest)
            }
        }
        floorSamples += try measureFloor(context)
        let floor = Stats(samples: floorSamples).median
        for (engine, figure) in rows[0].figures where floor > 0 {
            // The floor's figure once, on the row's first engine; the fraction on every engine.
            let what = engine == context.engines.first?.name
                ? " of \(Format.figure(floor, unit: rows[0].unit)) commits/s, one 4 KiB page written and synced per commit" : ""
            rows[0].remarks[engine] = "\(Format.ratio(figure.median / floor)) the disk's floor\(what)"
        }
        Self.addRatios(&rows, engine: "Fief", peer: "SQLite")
        return rows
    }

    /// The disk's floor for O8a, `context.runs` times, each over as many commits as a run.
    private func measureFloor(_ context: ObjectContext) throws -> [Double] {
        let directory = try context.scratch.freshDirectory("\(name)-floor")
        defer { context.scratch.remove(directory) }
        return try (0..<context.runs).map { _ in
            try DiskSyncFloor.commitsPerSecond(in: directory, commits: context.config.commits)
        }
    }

    /// Commits one update per id of `ids`, spread round-robin over `writers` threads; returns
    /// the seconds from the common start to the last commit.
    private static func commit(_ ids: [Int], writers: Int, _ source: any ObjectWriterSource) throws -> Double {
        try ThreadGang.run(count: writers) { thread, ready in
            let writer = try source.makeWriter()
            defer { try? writer.close() }
            ready()
            for index in stride(from: thread, to: ids.count, by: writers) { try writer.incrementScore(id: ids[index]) }
        }
    }

    /// Remarks on `engine`'s many-writer rows: O8b against its single thread (O8a); O8d against
    /// its single actor (O8c) and single thread (O8a); both against `peer`'s O8b.
    private static func addRatios(_ rows: inout [ResultRow], engine: String, peer: String) {
        guard rows.count == 4 else { return }
        func median(_ row: Int, _ name: String) -> Double? { rows[row].figures[name]?.median }
        for (many, singles) in [(1, [0]), (3, [2, 0])] {
            guard let mine = median(many, engine) else { continue }
            var parts: [String] = []
            for single in singles {
                if let one = median(single, engine), one > 0 { parts.append("\(Format.ratio(mine / one)) \(rows[single].number)") }
            }
            if let theirs = median(1, peer), theirs > 0 { parts.append("\(Format.ratio(mine / theirs)) \(peer) \(rows[1].number)") }
            if !parts.isEmpty { rows[many].remarks[engine] = parts.joined(separator: ", ") }
        }
    }
}
