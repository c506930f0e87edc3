import FiefStorage

/// The column chunks of one cluster that a read transaction has looked up, as buffers into the
/// map that stay valid while the transaction lives: later reads of the cluster skip the tree.
final class PinnedCluster {
    /// Column number 0 holds the object keys.
    @exclusivity(unchecked) private var chunks: [(UnsafeRawBufferPointer, ColumnChunk.Layout)?] = []
    @exclusivity(unchecked) private var missing: [Bool] = []

    /// The chunk of `column`, `.some(nil)` when the cluster has no chunk for it, or nil when
    /// not looked up yet.
    @inline(__always)
    func chunk(_ column: UInt16) -> (UnsafeRawBufferPointer, ColumnChunk.Layout)?? {
        let i = Int(column)
        guard i < chunks.count else { return nil }
        if let chunk = chunks[i] { return .some(chunk) }
        return missing[i] ? .some(nil) : nil
    }

    func set(_ column: UInt16, _ chunk: (UnsafeRawBufferPointer, ColumnChunk.Layout)?) {
        let i = Int(column)
        if i >= chunks.count {
            chunks.append(contentsOf: repeatElement(nil, count: i + 1 - chunks.count))
            missing.append(contentsOf: repeatElement(false, count: i + 1 - missing.count))
        }
        chunks[i] = chunk
        missing[i] = chunk == nil
    }
}
