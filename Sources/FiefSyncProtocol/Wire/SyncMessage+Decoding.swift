extension SyncMessage {
    /// The fewest bytes an upload changeset takes: three one-byte varints, the payload encoding
    /// byte and a one-byte length.
    static let minimumUploadChangesetSize = 5
    /// The fewest bytes a download changeset takes: four one-byte varints, the encoding byte and
    /// a one-byte length.
    static let minimumDownloadChangesetSize = 6
    /// The fewest bytes a subscription takes: three empty strings.
    static let minimumSubscriptionSize = 3

    /// Reads the fields of a message of `kind` (everything after the frame header).
    static func readFields(
        of kind: SyncMessageKind, from reader: inout WireReader, limits: WireLimits
    ) throws(WireError) -> SyncMessage {
        switch kind {
        case .bind:
            let session = try reader.readUInt32("session")
            let path = try reader.readString("path", maxLength: limits.maxStringLength)
            let token = try reader.readString("accessToken", maxLength: limits.maxStringLength)
            let flags = try reader.readFlags("flags", allowed: bindFlags)
            return .bind(BindMessage(
                session: session, path: path, accessToken: token,
                needsFileIdent: flags & bindNeedsFileIdent != 0,
                isSubscriptionBased: flags & bindIsSubscriptionBased != 0))
        case .identAssigned:
            return .identAssigned(IdentAssignedMessage(
                session: try reader.readUInt32("session"),
                fileIdent: try reader.readVarint("fileIdent"),
                salt: try reader.readVarint("salt")))
        case .ident:
            let session = try reader.readUInt32("session")
            let fileIdent = try reader.readVarint("fileIdent")
            let salt = try reader.readVarint("salt")
            let download = DownloadCursor(
                serverVersion: try reader.readVarint("downloadCursor.serverVersion"),
                lastIntegratedClientVersion: try reader.readVarint("downloadCursor.lastIntegratedClientVersion"))
            let upload = UploadCursor(
                clientVersion: try reader.readVarint("uploadCursor.clientVersion"),
                lastIntegratedServerVersion: try reader.readVarint("uploadCursor.lastIntegratedServerVersion"))
            return .ident(IdentMessage(session: session, fileIdent: fileIdent, salt: salt, downloadCursor: download, uploadCursor: upload))
        case .upload:
            return .upload(try readUpload(from: &reader, limits: limits))
        case .download:
            return .download(try readDownload(from: &reader, limits: limits))
        case .mark:
            return .mark(MarkMessage(session: try reader.readUInt32("session"), requestIdent: try reader.readVarint("requestIdent")))
        case .unbind:
            return .unbind(session: try reader.readUInt32("session"))
        case .unbound:
            return .unbound(session: try reader.readUInt32("session"))
        case .error:
            let flags = try reader.readFlags("flags", allowed: errorFlags)
            let session = flags & errorHasSession != 0 ? try reader.readUInt32("session") : nil
            let code = try reader.readVarint("code", maximum: UInt64(UInt16.max))
            let message = try reader.readString("message", maxLength: limits.maxStringLength)
            return .error(ErrorMessage(
                session: session, code: SyncErrorCode(rawValue: UInt16(code)), message: message,
                tryAgain: flags & errorTryAgain != 0, clientResetRequired: flags & errorClientResetRequired != 0))
        case .ping:
            return .ping(timestamp: try reader.readVarint("timestamp"))
        case .pong:
            return .pong(timestamp: try reader.readVarint("timestamp"))
        case .query:
            return .query(try readQuery(from: &reader, limits: limits))
        case .queryError:
            return .queryError(QueryErrorMessage(
                session: try reader.readUInt32("session"),
                queryVersion: try reader.readVarint("queryVersion"),
                subscriptionName: try reader.readString("subscriptionName", maxLength: limits.maxStringLength),
                message: try reader.readString("message", maxLength: limits.maxStringLength),
                line: try reader.readUInt32("line"),
                column: try reader.readUInt32("column")))
        }
    }

    private static func readUpload(from reader: inout WireReader, limits: WireLimits) throws(WireError) -> UploadMessage {
        let session = try reader.readUInt32("session")
        let progressClientVersion = try reader.readVarint("progressClientVersion")
        let progressServerVersion = try reader.readVarint("progressServerVersion")
        let count = try reader.readCount(
            "changesets.count", limit: limits.maxChangesetsPerMessage, minimumEntrySize: minimumUploadChangesetSize)
        var changesets: [UploadChangeset] = []
        changesets.reserveCapacity(count)
        var totalPayloadSize = 0
        for index in 0 ..< count {
            let clientVersion = try reader.readVarint("changesets[\(index)].clientVersion")
            let lastIntegratedServerVersion = try reader.readVarint("changesets[\(index)].lastIntegratedServerVersion")
            let timestamp = try reader.readVarint("changesets[\(index)].timestamp")
            let payload = try ChangesetPayloadCompression.read(
                "changesets[\(index)].payload", from: &reader, limits: limits, totalPayloadSize: &totalPayloadSize)
            changesets.append(UploadChangeset(
                clientVersion: clientVersion, lastIntegratedServerVersion: lastIntegratedServerVersion,
                timestamp: timestamp, payload: payload))
        }
        return UploadMessage(
            session: session, progressClientVersion: progressClientVersion, progressServerVersion: progressServerVersion,
            changesets: changesets)
    }

    private static func readDownload(from reader: inout WireReader, limits: WireLimits) throws(WireError) -> DownloadMessage {
        let session = try reader.readUInt32("session")
        let progress = DownloadProgress(
            downloadServerVersion: try reader.readVarint("progress.downloadServerVersion"),
            downloadLastIntegratedClientVersion: try reader.readVarint("progress.downloadLastIntegratedClientVersion"),
            uploadClientVersion: try reader.readVarint("progress.uploadClientVersion"),
            uploadLastIntegratedServerVersion: try reader.readVarint("progress.uploadLastIntegratedServerVersion"),
            latestServerVersion: try reader.readVarint("progress.latestServerVersion"))
        let downloadableBytes = try reader.readVarint("downloadableBytes")
        let downloadedBytes = try reader.readVarint("downloadedBytes")
        let count = try reader.readCount(
            "changesets.count", limit: limits.maxChangesetsPerMessage, minimumEntrySize: minimumDownloadChangesetSize)
        var changesets: [DownloadChangeset] = []
        changesets.reserveCapacity(count)
        var totalPayloadSize = 0
        for index in 0 ..< count {
            let serverVersion = try reader.readVarint("changesets[\(index)].serverVersion")
            let lastIntegratedClientVersion = try reader.readVarint("changesets[\(index)].lastIntegratedClientVersion")
            let originFileIdent = try reader.readVarint("changesets[\(index)].originFileIdent")
            let originTimestamp = try reader.readVarint("changesets[\(index)].originTimestamp")
            let payload = try ChangesetPayloadCompression.read(
                "changesets[\(index)].payload", from: &reader, limits: limits, totalPayloadSize: &totalPayloadSize)
            changesets.append(DownloadChangeset(
                serverVersion: serverVersion, lastIntegratedClientVersion: lastIntegratedClientVersion,
                originFileIdent: originFileIdent, originTimestamp: originTimestamp, payload: payload))
        }
        var view: DownloadView?
        let viewFlags = try reader.readFlags("view.flags", allowed: Self.viewFlags)
        if viewFlags & Self.viewPresent != 0 {
            let queryVersion = try reader.readVarint("view.queryVersion")
            let payload = try ChangesetPayloadCompression.read("view.payload", from: &reader, limits: limits, totalPayloadSize: &totalPayloadSize)
            view = DownloadView(queryVersion: queryVersion, replacesView: viewFlags & Self.viewReplaces != 0, payload: payload,
                                continues: viewFlags & Self.viewContinues != 0)
        } else if viewFlags != 0 {
            throw reader.error(.invalidFlags(viewFlags, allowed: Self.viewPresent), field: "view.flags", at: reader.offset - 1)
        }
        return DownloadMessage(
            session: session, progress: progress, downloadableBytes: downloadableBytes, downloadedBytes: downloadedBytes,
            changesets: changesets, view: view)
    }

    private static func readQuery(from reader: inout WireReader, limits: WireLimits) throws(WireError) -> QueryMessage {
        let session = try reader.readUInt32("session")
        let queryVersion = try reader.readVarint("queryVersion")
        let count = try reader.readCount(
            "subscriptions.count", limit: limits.maxSubscriptions, minimumEntrySize: minimumSubscriptionSize)
        var subscriptions: [QuerySubscription] = []
        subscriptions.reserveCapacity(count)
        for index in 0 ..< count {
            subscriptions.append(QuerySubscription(
                name: try reader.readString("subscriptions[\(index)].name", maxLength: limits.maxStringLength),
                className: try reader.readString("subscriptions[\(index)].className", maxLength: limits.maxStringLength),
                query: try reader.readString("subscriptions[\(index)].query", maxLength: limits.maxStringLength)))
        }
        return QueryMessage(session: session, queryVersion: queryVersion, subscriptions: subscriptions)
    }
}
