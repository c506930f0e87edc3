@_spi(Sync) import Fief

/// The client's half of the merge, on a synced realm: what to upload, and how to integrate a
/// download (FORMAT.md, II.15).
///
/// A download is integrated in one write transaction: the realm undoes its pending changesets,
/// applies the server's changesets in the server's order (its own included, in their
/// integrated form), drops the pending changesets the server now holds, transforms the rest past
/// the other clients' changesets just applied, and applies them again. The realm then holds the
/// server's history followed by its own pending changesets, which is what the server will hold
/// once it integrates them: every copy converges.
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
    @discardableResult
    public static func integrate(_ downloaded: some Collection<ServerHistoryEntry>, into realm: Realm) throws -> Int {
        var integrated = 0
        try realm.write {
            let state = try realm.syncHistoryState()
            let own = state.fileIdent
            let fresh = downloaded.filter { $0.serverVersion > state.downloadedServerVersion }
            guard let first = fresh.first else { return }
            guard first.serverVersion == state.downloadedServerVersion + 1 else {
                throw ClientIntegrationError.gap(expected: state.downloadedServerVersion + 1, received: first.serverVersion)
            }
            let pending = try realm.undoPendingSyncChangesets()
            var ownIntegrated = state.downloadedClientVersion
            var others: [(changeset: MergeChangeset, footprint: ChangesetFootprint)] = []
            var serverVersion = state.downloadedServerVersion
            var newestTimestamp: UInt64 = 0
            for entry in fresh {
                guard entry.serverVersion == serverVersion + 1 else {
                    throw ClientIntegrationError.gap(expected: serverVersion + 1, received: entry.serverVersion)
                }
                serverVersion = entry.serverVersion
                let local = entry.changeset.replacingFileIdent(own, with: 0)
                try realm.integrateServerSyncChangeset(local, ownFileIdent: own)
                newestTimestamp = max(newestTimestamp, entry.timestamp)
                if entry.originFileIdent == own {
                    ownIntegrated = max(ownIntegrated, entry.originClientVersion)
                } else {
                    others.append((MergeChangeset(local, timestamp: entry.timestamp, originFileIdent: entry.originFileIdent),
                                   ChangesetFootprint(local.instructions)))
                }
                integrated += 1
            }
            try realm.observeSyncTimestamp(newestTimestamp)
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
