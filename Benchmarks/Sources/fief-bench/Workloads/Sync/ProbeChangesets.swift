@_spi(Sync) import Fief

/// Real changesets for the protocol-level writers (S3, S4): what a FiefSync device records when
/// it creates ``SyncProbe``s, encoded with the client's own codec, so the server integrates and
/// stores exactly what it would from devices, and a device downloading them ends up with the
/// probes.
enum ProbeChangesets {
    /// One changeset creating probes `<prefix>-<i>` with value `i`, for every `i` in `indices`:
    /// a `createObject` by primary key and a `set` of `value` each.
    static func creating(_ prefix: String, _ indices: Range<Int>) -> [UInt8] {
        var instructions: [SyncInstruction] = []
        instructions.reserveCapacity(indices.count * 2)
        for index in indices {
            let object = SyncObjectID.primaryKey(.string("\(prefix)-\(index)"))
            instructions.append(.createObject(className: "SyncProbe", object: object))
            instructions.append(.set(SyncTarget(className: "SyncProbe", object: object, property: "value"), .int(Int64(index)), isDefault: false))
        }
        return SyncChangesetCoding.encode(SyncChangeset(instructions))
    }

    /// One changeset setting the value of probes `<prefix>-<i>`, for each `(i, value)`.
    static func setting(_ prefix: String, _ pairs: [(Int, Int)]) -> [UInt8] {
        SyncChangesetCoding.encode(SyncChangeset(pairs.map { index, value in
            .set(SyncTarget(className: "SyncProbe", object: .primaryKey(.string("\(prefix)-\(index)")), property: "value"), .int(Int64(value)), isDefault: false)
        }))
    }

    /// What ``SyncBenchDevice/summary()`` reports for a realm holding `count` probes whose
    /// values sum to `sum`.
    static func summary(count: Int, sum: Int) -> String { "\(count) probes, sum \(sum)" }
}
