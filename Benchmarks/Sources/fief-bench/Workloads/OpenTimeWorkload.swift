/// Workload 8: how long it takes to open a large existing store and read one key.
///
/// Each engine builds a store of 16-byte keys and 800-byte values (1 GiB of live data in full
/// mode) in 64 MiB transactions, checks it with a full scan, and closes it. Then it is opened and
/// one key in the middle is read, once untimed and then several timed times, closing in between
/// (close is not timed). The page cache is warm: this measures the engine's own open work, not
/// the disk. Each close is checked to have released the store's files, so no open is served by
/// a handle left over from the previous one. A second row reports the file sizes.
struct OpenTimeWorkload: Workload {
    let name = "open-time"
    let summary = "open a large store (1 GiB full, 20 MiB quick) and read one key; median of several opens"

    func run(in context: BenchContext) throws -> [ResultRow] {
        let config = context.config
        let valueSize = config.openValueSize
        let recordSize = RecordFormat.keySize + valueSize
        let records = config.openLiveBytes / recordSize
        let perBatch = max(1, config.openBatchBytes / recordSize)
        let probeIndex = records / 2
        let probeKeys = RecordFormat.keys([probeIndex])
        let probeValue = RecordArena(recordSize: valueSize, count: 1) {
            RecordFormat.writeValue(index: probeIndex, generation: 0, into: $1)
        }
        var probeDigest = Digest()
        probeDigest.add(key: probeKeys[0], value: probeValue[0])

        var openRow = ResultRow(workload: name, number: "8",
                                title: "Open \(Format.mebibytes(config.openLiveBytes)) store + read one key",
                                unit: "ms", better: .lower)
        var sizeRow = ResultRow(workload: name, number: "8s", title: "Open-time store file size", unit: "MiB", better: .lower)
        for engine in context.engines {
            let directory = try context.scratch.freshDirectory("\(name)-\(engine.name)")
            defer { context.scratch.remove(directory) }

            context.progress(name, engine, "building \(records) records of \(recordSize) bytes")
            let store = try engine.create(in: directory, StoreSetup())
            var fullDigest = Digest()
            for start in stride(from: 0, to: records, by: perBatch) {
                let batch = start..<min(start + perBatch, records)
                let puts = Self.batch(batch, valueSize: valueSize)
                for j in 0..<puts.count { fullDigest.add(key: puts.key(j), value: puts.value(j)) }
                try store.putInOneTransaction(puts, 0..<puts.count)
            }
            try context.check(name, engine, "scan of the built store", store.scan(), expected: fullDigest)
            try store.close()
            let files = engine.storeFiles(in: directory)
            sizeRow.figures[engine.name] = Stats(single: Double(Files.totalSize(files)) / 1_048_576)

            var samples: [Double] = []
            for attempt in 0...config.openRepeats {
                var reopened: (any KVStore)?
                var digest = Digest()
                let seconds = try measureSeconds {
                    let opened = try engine.open(in: directory, StoreSetup())
                    reopened = opened
                    digest = try opened.get(probeKeys, order: [0])
                }
                try reopened?.close()
                reopened = nil
                try context.check(name, engine, "value read after open", digest, expected: probeDigest)
                let leftOpen = Files.stillOpen(files)
                if !leftOpen.isEmpty {
                    throw BenchError.harness("\(engine.name) still has \(leftOpen.joined(separator: ", ")) open after close")
                }
                if attempt > 0 { samples.append(seconds * 1000) }
            }
            openRow.figures[engine.name] = Stats(samples: samples)
            context.progress(name, engine, "open + get: \(Format.figure(openRow.figures[engine.name]!.median, unit: "ms")) ms")
        }
        return [openRow, sizeRow]
    }

    /// Puts of records `range` with `valueSize`-byte values, in ascending key order.
    private static func batch(_ range: Range<Int>, valueSize: Int) -> PutList {
        let keys = RecordFormat.keys(range)
        let values = RecordArena(recordSize: valueSize, count: range.count) {
            RecordFormat.writeValue(index: range.lowerBound + $0, generation: 0, into: $1)
        }
        return PutList(keys: keys, keyIndices: Array(0..<range.count), values: .alignedWithKeys(values))
    }
}
