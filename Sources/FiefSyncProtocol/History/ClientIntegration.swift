@_spi(Sync) import Fief

/// The client's half of the merge, on a synced realm: what to upload, and how to integrate a
/// download (FORMAT.md, II.15).
///
/// A download is integrated in one write transaction: the realm undoes its pending changesets,
/// applies the server's changesets in the server's order (its own included, in their
/// integrated form), drops the pending changesets the server now holds, transforms the rest past
/// the other clients' changesets just applied, and applies them again. The realm then holds the
/// server's history followed by its own pending changesets, which is what the server will hold
/// once it integrates them: every copy converges. A download of nothing but the realm's own
/// oldest pending changesets, exactly as it recorded them, only moves the download cursor.
@_spi(Sync) public enum ClientIntegration {
    /// The changesets after the upload cursor `clientVersion`, oldest first, ready to send:
    /// this file's own objects carry the identity the server assigned.
    public static func uploads(from realm: Realm, after clientVersion: UInt64) throws -> [ClientUpload] {
        let state = try realm.syncHistoryState()
        return try realm.syncHistoryEntries(after: clientVersion).map { e in
            ClientUpload(originFileIdent: state.fileIdent, clientVersion: e.clientVersion, baseServerVersion: e.baseServerVersion,
                         timestamp: e.timestamp, changeset: e.changeset.replacingFileIdent(0, with: state.fileIdent))
        }
    }

    /// Integrates server history entries that follow the realm's download cursor. Entries the
    /// realm already has are skipped; a gap before the first new one is an error (the caller
    /// asks again from the cursor). Returns the number of entries integrated.
    ///
    /// With `view` (a session whose view is filtered, see ``ClientView``), the view's change is
    /// applied after the entries, in the same transaction, under the pending changesets: they
    /// are not transformed past it, so nothing of them is lost, and the device's copy equals the
    /// server's again once the server has integrated them.
    @discardableResult
    public static func integrate(_ downloaded: some Collection<ServerHistoryEntry>, view: ClientView? = nil, into realm: Realm) throws -> Int {
        var integrated = 0
        try realm.write {
            let state = try realm.syncHistoryState()
            let own = state.fileIdent
            let fresh = downloaded.filter { $0.serverVersion > state.downloadedServerVersion }
            guard fresh.first != nil || view != nil else { return }
            if let first = fresh.first, first.serverVersion != state.downloadedServerVersion + 1 {
                throw ClientIntegrationError.gap(expected: state.downloadedServerVersion + 1, received: first.serverVersion)
            }
            let newestTimestamp = fresh.lazy.map(\.timestamp).max() ?? 0
            if view == nil, let last = fresh.last, try echoesPendingAsRecorded(fresh, state: state, realm: realm) {
                try realm.observeSyncTimestamp(newestTimestamp)
                try realm.setSyncDownloadCursor(serverVersion: last.serverVersion, clientVersion: last.originClientVersion)
                integrated = fresh.count
                return
            }
            let pending = try realm.undoPendingSyncChangesets()
            var ownIntegrated = state.downloadedClientVersion
            var others: [(changeset: MergeChangeset, footprint: ChangesetFootprint)] = []
            var serverVersion = state.downloadedServerVersion
            for entry in fresh {
                guard entry.serverVersion == serverVersion + 1 else {
                    throw ClientIntegrationError.gap(expected: serverVersion + 1, received: entry.serverVersion)
                }
                serverVersion = entry.serverVersion
                let local = entry.changeset.replacingFileIdent(own, with: 0)
                try realm.integrateServerSyncChangeset(local, ownFileIdent: own)
                if entry.originFileIdent == own {
                    ownIntegrated = max(ownIntegrated, entry.originClientVersion)
                } else {
                    others.append((MergeChangeset(local, timestamp: entry.timestamp, originFileIdent: entry.originFileIdent),
                                   ChangesetFootprint(local.instructions)))
                }
                integrated += 1
            }
            try realm.observeSyncTimestamp(newestTimestamp)
            if let view { try apply(view, to: realm, ownFileIdent: own) }
            // Each pending changeset is transformed past the others' changesets, in order; their
            // footprints are computed once for all of them.
            for p in pending where p.clientVersion > ownIntegrated {
                var rebased = MergeChangeset(p.changeset, timestamp: p.timestamp, originFileIdent: own)
                var footprint = ChangesetFootprint(p.changeset.instructions)
                for (other, otherFootprint) in others {
                    var earlier = other
                    ChangesetTransform.transform(left: &earlier, leftFootprint: otherFootprint, right: &rebased, rightFootprint: &footprint)
                }
                try realm.redoSyncChangeset(SyncHistoryEntry(clientVersion: p.clientVersion, baseServerVersion: serverVersion,
                                                             timestamp: p.timestamp, changeset: rebased.changeset))
            }
            try realm.setSyncDownloadCursor(serverVersion: serverVersion, clientVersion: ownIntegrated)
        }
        return integrated
    }

    /// Whether `fresh`, the entries that follow the download cursor, are the realm's oldest
    /// pending changesets exactly as it recorded them, one for one and in order: no other
    /// client's changeset came between them on the server, so the server transformed none.
    /// Undoing the pending changesets, applying these and redoing the rest would then leave
    /// the realm as it is, and the integration only moves the download cursor past them.
    ///
    /// That keeps an upload of many changesets linear: the server acknowledges them in batches
    /// (``WireLimits/changesetsPerMessageSent`` a message), and undoing and redoing all that
    /// is still pending at each batch made 105,000 offline writes take 11 rounds of up to
    /// 105,000 undos and redos. The pending changesets left keep their base server version:
    /// what lies between it and the cursor is this file's own, which the server does not
    /// transform an upload past (a server that drops history before such a base would have to
    /// reset the client instead, see `ServerHistory.compact(through:)`).
    ///
    /// Sets and maps qualify: a write stores them in the order their changeset replays to. The
    /// one exception is a list or dictionary that is a member of a set of mixed values: an edit
    /// inside it is recorded as erasing the old member and inserting the new one, which every
    /// other copy appends, while the writer keeps it in its place (where its live handle finds
    /// it). Such a changeset takes the whole way, which gives the writer the others' order.
    private static func echoesPendingAsRecorded(_ fresh: [ServerHistoryEntry], state: SyncHistoryState, realm: Realm) throws -> Bool {
        guard let last = fresh.last else { return false }
        for (offset, entry) in fresh.enumerated() {
            guard entry.originFileIdent == state.fileIdent, entry.serverVersion == state.downloadedServerVersion + UInt64(offset) + 1,
                  entry.originClientVersion == state.downloadedClientVersion + UInt64(offset) + 1,
                  !entry.changeset.instructions.contains(where: replacesANestedSetMember) else { return false }
        }
        let recorded = try realm.syncHistoryEntries(after: state.downloadedClientVersion, through: last.originClientVersion)
        guard recorded.count == fresh.count else { return false }
        return zip(fresh, recorded).allSatisfy { entry, mine in
            entry.changeset.replacingFileIdent(state.fileIdent, with: 0) == mine.changeset
        }
    }

    /// Whether `instruction` inserts or erases a list or dictionary as a member of a set.
    private static func replacesANestedSetMember(_ instruction: SyncInstruction) -> Bool {
        switch instruction {
        case .setInsert(_, .list), .setInsert(_, .dictionary), .setErase(_, .list), .setErase(_, .dictionary): true
        default: false
        }
    }

    /// Applies a view change with the pending changesets undone: with `replacesView`, every
    /// object the change does not list goes first (locally only: erases applied from the
    /// server are never uploaded).
    private static func apply(_ view: ClientView, to realm: Realm, ownFileIdent: UInt64) throws {
        if view.replacesView {
            var listed: Set<SyncObjectKey> = []
            for case let .createObject(className, object) in view.changeset.instructions {
                listed.insert(SyncObjectKey(className: className, object: object))
            }
            var drops: [SyncInstruction] = []
            for className in realm.syncTopLevelClassNames {
                for object in try realm.syncObjectIDs(of: className) where !listed.contains(SyncObjectKey(className: className, object: object)) {
                    drops.append(.eraseObject(className: className, object: object))
                }
            }
            if !drops.isEmpty { try realm.integrateServerSyncChangeset(SyncChangeset(drops), ownFileIdent: ownFileIdent) }
        }
        try realm.integrateServerSyncChangeset(view.changeset.replacingFileIdent(ownFileIdent, with: 0), ownFileIdent: ownFileIdent)
    }
}

/// The change of the objects a device holds, from a download of a session whose view the
/// server filters (see `DownloadView`): decoded, ready for ``ClientIntegration/integrate(_:view:into:)``.
@_spi(Sync) public struct ClientView: Sendable {
    /// `createObject` and the state of entering objects, `eraseObject` of leaving ones.
    public var changeset: SyncChangeset
    /// Whether `changeset` lists the whole view: every other object is dropped.
    public var replacesView: Bool

    public init(changeset: SyncChangeset, replacesView: Bool) {
        self.changeset = changeset
        self.replacesView = replacesView
    }
}

/// A download that cannot be integrated as it is.
@_spi(Sync) public enum ClientIntegrationError: Error, Equatable, CustomStringConvertible {
    /// The download does not continue from the realm's download cursor.
    case gap(expected: UInt64, received: UInt64)

    public var description: String {
        switch self {
        case let .gap(e, r): "download starts at server version \(r), but the realm expects \(e)"
        }
    }
}
