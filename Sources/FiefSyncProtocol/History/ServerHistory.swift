@_spi(Sync) import Fief

/// One changeset of a realm's server history: its place in the total order (the server
/// version), who made it, and its instructions as integrated (transformed past every
/// concurrent changeset before it).
@_spi(Sync) public struct ServerHistoryEntry: Hashable, Sendable {
    public var serverVersion: UInt64
    public var originFileIdent: UInt64
    public var originClientVersion: UInt64
    public var timestamp: UInt64
    public var changeset: SyncChangeset

    public init(serverVersion: UInt64, originFileIdent: UInt64, originClientVersion: UInt64, timestamp: UInt64, changeset: SyncChangeset) {
        self.serverVersion = serverVersion
        self.originFileIdent = originFileIdent
        self.originClientVersion = originClientVersion
        self.timestamp = timestamp
        self.changeset = changeset
    }
}

/// A changeset a client uploaded: made by file `originFileIdent` as its `clientVersion`, after
/// integrating the server history up to `baseServerVersion`.
@_spi(Sync) public struct ClientUpload: Hashable, Sendable {
    public var originFileIdent: UInt64
    public var clientVersion: UInt64
    public var baseServerVersion: UInt64
    public var timestamp: UInt64
    public var changeset: SyncChangeset

    public init(originFileIdent: UInt64, clientVersion: UInt64, baseServerVersion: UInt64, timestamp: UInt64, changeset: SyncChangeset) {
        self.originFileIdent = originFileIdent
        self.clientVersion = clientVersion
        self.baseServerVersion = baseServerVersion
        self.timestamp = timestamp
        self.changeset = changeset
    }
}

/// Why an upload cannot be integrated, or a download cannot be served.
@_spi(Sync) public enum ServerHistoryError: Error, Equatable, CustomStringConvertible {
    /// The upload claims a base the server never reached.
    case baseVersionInTheFuture(base: UInt64, latest: UInt64)
    /// The history before `oldestAvailable` was compacted: the client must reset its file.
    case historyCompacted(requested: UInt64, oldestAvailable: UInt64)
    /// File identity 0 is reserved for a file's own objects in its own history.
    case missingFileIdent

    public var description: String {
        switch self {
        case let .baseVersionInTheFuture(b, l): "upload based on server version \(b), but the history ends at \(l)"
        case let .historyCompacted(r, o): "server version \(r) was compacted away (the history starts after \(o)): client reset required"
        case .missingFileIdent: "upload without a client file identity"
        }
    }
}

/// A realm's server history: the one total order of its changesets, and the integration of
/// uploads into it (see ``ChangesetTransform``). Pure: the server persists it and the
/// simulator runs it in memory.
///
/// ```swift
/// var history = ServerHistory()
/// if let entry = try history.integrate(upload) {
///     // persist `entry`, acknowledge the upload, send it to every bound client
/// }
/// ```
@_spi(Sync) public struct ServerHistory: Sendable {
    /// The entries after ``compactedThrough``, in server-version order.
    public private(set) var entries: [ServerHistoryEntry] = []
    /// Versions up to this one were removed by compaction.
    public private(set) var compactedThrough: UInt64 = 0
    /// The newest client version integrated, per client file.
    public private(set) var integratedClientVersions: [UInt64: UInt64] = [:]
    /// The footprint of each entry, computed once when it is appended.
    private var footprints: [ChangesetFootprint] = []
    /// The entries as runs of one origin each, so that an upload skips its own file's entries
    /// a run at a time: a device back from a long time offline uploads thousands of changesets
    /// based on the same old version, and each would otherwise step over all the others.
    private var runs = OriginRuns()

    public init() {}

    /// A history loaded from storage.
    public init(entries: [ServerHistoryEntry], compactedThrough: UInt64, integratedClientVersions: [UInt64: UInt64]) {
        self.entries = entries
        self.compactedThrough = compactedThrough
        self.integratedClientVersions = integratedClientVersions
        footprints = entries.map { ChangesetFootprint($0.changeset.instructions) }
        for entry in entries { runs.append(entry) }
    }

    /// The newest server version.
    public var latestVersion: UInt64 { compactedThrough + UInt64(entries.count) }

    /// Transforms `upload` past the changesets of other clients its maker had not seen and
    /// appends it. Returns nil for an upload already integrated (a client sends again what it
    /// could not see acknowledged).
    ///
    /// `admit` sees the transformed changeset and returns what enters the history: a server
    /// enforcing permission rules leaves out the instructions the writer may not make. The
    /// entry is appended even when nothing is admitted, so the writer's own changeset comes
    /// back to it, and reverts what was left out.
    public mutating func integrate(_ upload: ClientUpload, admitting admit: ((SyncChangeset) -> SyncChangeset)? = nil) throws(ServerHistoryError) -> ServerHistoryEntry? {
        guard upload.originFileIdent != 0 else { throw .missingFileIdent }
        if let done = integratedClientVersions[upload.originFileIdent], upload.clientVersion <= done { return nil }
        // Indexes, not a slice of `entries`: a slice alive at the append below would make the
        // append copy the whole history.
        var incoming = MergeChangeset(upload.changeset, timestamp: upload.timestamp, originFileIdent: upload.originFileIdent)
        var footprint = ChangesetFootprint(upload.changeset.instructions)
        let first = try index(after: upload.baseServerVersion)
        runs.forEachIndex(from: first, of: entries.count, compactedThrough: compactedThrough, except: upload.originFileIdent) { i in
            var earlier = MergeChangeset(entries[i].changeset, timestamp: entries[i].timestamp, originFileIdent: entries[i].originFileIdent)
            ChangesetTransform.transform(left: &earlier, leftFootprint: footprints[i], right: &incoming, rightFootprint: &footprint)
        }
        if let admit {
            let admitted = admit(incoming.changeset)
            if admitted != incoming.changeset {
                incoming.changeset = admitted
                footprint = ChangesetFootprint(admitted.instructions)
            }
        }
        let entry = ServerHistoryEntry(serverVersion: latestVersion + 1, originFileIdent: upload.originFileIdent,
                                       originClientVersion: upload.clientVersion, timestamp: upload.timestamp,
                                       changeset: incoming.changeset)
        entries.append(entry)
        footprints.append(footprint)
        runs.append(entry)
        integratedClientVersions[upload.originFileIdent] = upload.clientVersion
        return entry
    }

    /// Appends entries another writer integrated and stored: another server instance on a
    /// shared store. They must follow ``latestVersion`` without a gap.
    public mutating func appendStored(_ stored: some Sequence<ServerHistoryEntry>) {
        for entry in stored {
            precondition(entry.serverVersion == latestVersion + 1, "stored entry \(entry.serverVersion) does not follow \(latestVersion)")
            entries.append(entry)
            footprints.append(ChangesetFootprint(entry.changeset.instructions))
            runs.append(entry)
            integratedClientVersions[entry.originFileIdent] = max(integratedClientVersions[entry.originFileIdent] ?? 0, entry.originClientVersion)
        }
    }

    /// The entries after server version `version`.
    public func entries(after version: UInt64) throws(ServerHistoryError) -> ArraySlice<ServerHistoryEntry> {
        entries[try index(after: version)...]
    }

    /// The index in ``entries`` of the entry after server version `version`.
    private func index(after version: UInt64) throws(ServerHistoryError) -> Int {
        guard version <= latestVersion else { throw .baseVersionInTheFuture(base: version, latest: latestVersion) }
        guard version >= compactedThrough else { throw .historyCompacted(requested: version, oldestAvailable: compactedThrough) }
        return Int(version - compactedThrough)
    }

    /// Replaces the changeset of the entry at `index` of ``entries`` (its compacted form) and
    /// returns the new entry.
    mutating func replaceChangeset(at index: Int, with changeset: SyncChangeset) -> ServerHistoryEntry {
        entries[index].changeset = changeset
        footprints[index] = ChangesetFootprint(changeset.instructions)
        return entries[index]
    }

    /// Removes the entries up to `version` (clients behind it will need a client reset).
    ///
    /// "Behind" counts a client's pending changesets too: one may keep a base server version
    /// older than its download cursor (when its own changesets came back as it recorded them,
    /// `ClientIntegration` only moved the cursor), and its upload is refused with a client
    /// reset if that base was removed.
    public mutating func compact(through version: UInt64) {
        let v = min(version, latestVersion)
        guard v > compactedThrough else { return }
        entries.removeFirst(Int(v - compactedThrough))
        footprints.removeFirst(Int(v - compactedThrough))
        compactedThrough = v
        runs.drop(through: v)
    }
}
