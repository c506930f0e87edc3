@_spi(Sync) import Fief

/// What the clients of filtered sessions held after their last few views, by client file, so
/// that a client that reconnects continues with changes of its view instead of receiving the
/// whole view again (FORMAT.md III.10).
///
/// A view arrives in the download message that ends at server version `v`. When that message
/// also carried history, it moved the client's download cursor to `v`: a client whose cursor is
/// at or after `v` has integrated it. A view sent without history (a new subscription set while
/// nothing new happened) leaves the cursor where it was, so a client back at exactly `v` may
/// never have received it: such a snapshot is *unconfirmed* and is not trusted at `v` (the
/// client gets a whole view). Kept in memory only, within a budget of object keys over all files
/// (the least recently recorded files go first): a client the server no longer knows gets a
/// whole view, which is always correct.
struct HeldViews {
    private struct Snapshot {
        var version: UInt64
        var held: Set<SyncObjectKey>
        /// Whether the message that carried the view moved the client's cursor to `version`.
        var confirmed: Bool
    }

    /// The most object keys kept over all files.
    let budget: Int
    /// Snapshots kept per file.
    let perFile: Int
    private var byFile: [UInt64: [Snapshot]] = [:]
    /// Files in the order they last recorded, oldest first.
    private var order: [UInt64] = []
    private var keys = 0

    init(budget: Int = 4_000_000, perFile: Int = 4) {
        self.budget = budget
        self.perFile = perFile
    }

    /// Client file `file` holds `held` once it has integrated server version `version`;
    /// `confirmed` when the message carrying the view moved the client's cursor to `version`.
    mutating func record(file: UInt64, version: UInt64, held: Set<SyncObjectKey>, confirmed: Bool = true) {
        var snapshots = byFile[file] ?? []
        if let last = snapshots.last, last.version == version {
            keys -= last.held.count
            snapshots.removeLast()
        }
        snapshots.append(Snapshot(version: version, held: held, confirmed: confirmed))
        keys += held.count
        while snapshots.count > perFile { keys -= snapshots.removeFirst().held.count }
        byFile[file] = snapshots
        order.removeAll { $0 == file }
        order.append(file)
        while keys > budget, let oldest = order.first {
            order.removeFirst()
            keys -= byFile.removeValue(forKey: oldest)?.reduce(0) { $0 + $1.held.count } ?? 0
        }
    }

    /// What `file` held after the newest view at or before `version`, and that view's version.
    func held(file: UInt64, at version: UInt64) -> (version: UInt64, held: Set<SyncObjectKey>)? {
        guard let snapshot = byFile[file]?.last(where: { $0.version <= version }),
              snapshot.confirmed || snapshot.version < version else { return nil }
        return (snapshot.version, snapshot.held)
    }
}
