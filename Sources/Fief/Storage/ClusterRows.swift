/// A read-only view of one cluster's rows for a set of columns, either in place from the
/// file's map or from the write transaction's decoded copy. Valid only inside the closure that
/// received it.
struct ClusterRows {
    enum Source {
        case chunk(UnsafeRawBufferPointer, ColumnChunk.Layout)
        case values(ColumnValues)
        case keys([UInt64])
        case missing(StoredValue)
    }

    let start: UInt64
    let count: Int
    let keySource: Source
    let columns: [ColumnBinding]
    let sources: [Source]

    func key(_ row: Int) -> UInt64 {
        switch keySource {
        case .chunk(let chunk, let layout): layout.integer(chunk, row)
        case .keys(let keys): keys[row]
        case .values, .missing: 0
        }
    }

    /// The value of column number `i` (an index into `columns`) at `row`.
    func value(_ i: Int, _ row: Int) -> StoredValue {
        switch sources[i] {
        case .chunk(let chunk, _):
            ColumnChunk.value(chunk, row: row, type: columns[i].type, collection: columns[i].collection)
        case .values(let values): row < values.count ? values[row] : columns[i].defaultValue
        case .missing(let value): value
        case .keys: .null
        }
    }
}
