import FiefStorage

/// The sync history's storage trees (FORMAT.md, II.15): `sync.history`, one entry per
/// changeset not yet integrated by the server as this file knows it, keyed by client version;
/// and `sync.state`, the file's identity, cursors and clock.
enum SyncHistoryStore {
    static let historyTree = "sync.history"
    static let stateTree = "sync.state"
    static let entryVersion: UInt8 = 1

    private enum StateKey: String, CaseIterable {
        case fileIdent, identSalt, uploadedClientVersion, uploadedServerVersion
        case downloadedServerVersion, downloadedClientVersion, latestClientVersion, clock
    }

    // MARK: State

    static func readState(_ txn: Transaction) throws -> SyncHistoryState {
        var state = SyncHistoryState()
        guard let tree = try txn.tree(stateTree) else { return state }
        for key in StateKey.allCases {
            guard let bytes = try tree.get(Array(key.rawValue.utf8)) else { continue }
            let v = try SchemaManager.decodeU64(bytes, "\(stateTree) \(key.rawValue)")
            switch key {
            case .fileIdent: state.fileIdent = v
            case .identSalt: state.identSalt = v
            case .uploadedClientVersion: state.uploadedClientVersion = v
            case .uploadedServerVersion: state.uploadedServerVersion = v
            case .downloadedServerVersion: state.downloadedServerVersion = v
            case .downloadedClientVersion: state.downloadedClientVersion = v
            case .latestClientVersion: state.latestClientVersion = v
            case .clock: state.clock = v
            }
        }
        return state
    }

    static func writeState(_ txn: Transaction, _ state: SyncHistoryState, old: SyncHistoryState) throws {
        let tree = try txn.tree(stateTree) ?? txn.createTree(stateTree)
        let pairs: [(StateKey, UInt64, UInt64)] = [
            (.fileIdent, state.fileIdent, old.fileIdent), (.identSalt, state.identSalt, old.identSalt),
            (.uploadedClientVersion, state.uploadedClientVersion, old.uploadedClientVersion),
            (.uploadedServerVersion, state.uploadedServerVersion, old.uploadedServerVersion),
            (.downloadedServerVersion, state.downloadedServerVersion, old.downloadedServerVersion),
            (.downloadedClientVersion, state.downloadedClientVersion, old.downloadedClientVersion),
            (.latestClientVersion, state.latestClientVersion, old.latestClientVersion), (.clock, state.clock, old.clock),
        ]
        // An absent key reads as 0, so only the values that changed are written.
        for (key, value, previous) in pairs where value != previous {
            try tree.put(Array(key.rawValue.utf8), withUnsafeBytes(of: value.littleEndian) { Array($0) })
        }
    }

    // MARK: Entries

    static func key(_ clientVersion: UInt64) -> [UInt8] { withUnsafeBytes(of: clientVersion.bigEndian) { Array($0) } }

    static func encode(_ entry: SyncHistoryEntry, changeset: [UInt8], undo: UndoLog) -> [UInt8] {
        var out: [UInt8] = [entryVersion]
        withUnsafeBytes(of: entry.timestamp.littleEndian) { out.append(contentsOf: $0) }
        CellCoding.appendVarint(entry.baseServerVersion, to: &out)
        CellCoding.appendVarint(UInt64(changeset.count), to: &out)
        out.append(contentsOf: changeset)
        let undoBytes = undo.encode()
        CellCoding.appendVarint(UInt64(undoBytes.count), to: &out)
        out.append(contentsOf: undoBytes)
        return out
    }

    /// Entry `clientVersion` from its stored bytes, with its undo log still encoded (only an
    /// undo needs it decoded).
    static func decode(clientVersion: UInt64, _ bytes: [UInt8]) throws -> (SyncHistoryEntry, undo: [UInt8]) {
        let parts: (UInt64, UInt64, [UInt8], [UInt8])? = bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            guard r.byte() == entryVersion, let t = r.u64(), let base = r.varint(),
                  let changeset = r.lengthPrefixed(), let undo = r.lengthPrefixed(), r.remaining == 0 else { return nil }
            return (t, base, changeset, undo)
        }
        guard let (timestamp, base, changesetBytes, undoBytes) = parts else {
            throw RealmError.corruptChangeset(offset: 0, reason: "\(historyTree) entry \(clientVersion) is malformed")
        }
        let changeset: SyncChangeset
        do { changeset = try SyncChangesetCoding.decode(changesetBytes) } catch {
            throw RealmError.corruptChangeset(offset: error.offset, reason: "\(historyTree) entry \(clientVersion): \(error)")
        }
        return (SyncHistoryEntry(clientVersion: clientVersion, baseServerVersion: base, timestamp: timestamp, changeset: changeset), undoBytes)
    }

    /// Stores `entry` with its undo log; `changeset` is `entry.changeset` encoded, when the
    /// caller has it already.
    static func put(_ txn: Transaction, _ entry: SyncHistoryEntry, changeset: [UInt8]? = nil, undo: UndoLog) throws {
        let tree = try txn.tree(historyTree) ?? txn.createTree(historyTree)
        let bytes = changeset ?? SyncChangesetCoding.encode(entry.changeset)
        try tree.put(key(entry.clientVersion), encode(entry, changeset: bytes, undo: undo))
    }

    /// The entries with a client version above `clientVersion`, up to `last`, oldest first.
    static func entries(_ txn: Transaction, after clientVersion: UInt64, through last: UInt64 = .max) throws -> [SyncHistoryEntry] {
        try stored(txn, after: clientVersion, through: last).map { try decode(clientVersion: $0.0, $0.1).0 }
    }

    /// The entries with a client version above `clientVersion`, oldest first, each with its
    /// undo log.
    static func entriesWithUndo(_ txn: Transaction, after clientVersion: UInt64) throws -> [(SyncHistoryEntry, UndoLog)] {
        try stored(txn, after: clientVersion, through: .max).map {
            let (entry, undo) = try decode(clientVersion: $0.0, $0.1)
            return (entry, try UndoLog.decode(undo))
        }
    }

    /// The client version of the oldest entry above `clientVersion`, if any (nothing decoded).
    static func firstVersion(_ txn: Transaction, after clientVersion: UInt64) throws -> UInt64? {
        guard let tree = try txn.tree(historyTree) else { return nil }
        var first: UInt64?
        try tree.forEach(from: key(clientVersion &+ 1)) { k, _ in
            if k.count == 8 { first = k.withUnsafeBytes { UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) } }
            return false
        }
        return first
    }

    /// The stored bytes of the entries with a client version above `clientVersion`, up to `last`.
    private static func stored(_ txn: Transaction, after clientVersion: UInt64, through last: UInt64) throws -> [(UInt64, [UInt8])] {
        guard let tree = try txn.tree(historyTree) else { return [] }
        var raw: [(UInt64, [UInt8])] = []
        try tree.forEach(from: key(clientVersion &+ 1)) { k, v in
            guard k.count == 8 else { return false }
            let version = k.withUnsafeBytes { UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) }
            guard version <= last else { return false }
            raw.append((version, Array(v)))
            return true
        }
        return raw
    }

    /// Removes the entries up to `clientVersion`: the server's history holds them now.
    static func trim(_ txn: Transaction, through clientVersion: UInt64) throws {
        guard let tree = try txn.tree(historyTree) else { return }
        var keys: [[UInt8]] = []
        try tree.forEach(from: key(0)) { k, _ in
            guard k.count == 8, k.withUnsafeBytes({ UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) }) <= clientVersion else { return false }
            keys.append(Array(k))
            return true
        }
        for k in keys { _ = try tree.delete(k) }
    }
}
