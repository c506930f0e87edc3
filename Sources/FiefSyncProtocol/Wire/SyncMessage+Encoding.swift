extension SyncMessage {
    /// Flag bits of a bind message's flags byte.
    static let bindNeedsFileIdent: UInt8 = 0x01
    static let bindIsSubscriptionBased: UInt8 = 0x02
    static let bindFlags: UInt8 = 0x03
    /// Flag bits of a download's view byte.
    static let viewPresent: UInt8 = 0x01
    static let viewReplaces: UInt8 = 0x02
    static let viewContinues: UInt8 = 0x04
    static let viewFlags: UInt8 = 0x07
    /// Flag bits of an error message's flags byte.
    static let errorHasSession: UInt8 = 0x01
    static let errorTryAgain: UInt8 = 0x02
    static let errorClientResetRequired: UInt8 = 0x04
    static let errorFlags: UInt8 = 0x07

    /// A generous guess of the frame's size, so that encoding allocates once.
    var estimatedFrameSize: Int {
        switch self {
        case .upload(let message):
            message.changesets.reduce(40) { $0 + 32 + $1.payload.count }
        case .download(let message):
            message.changesets.reduce(96 + (message.view?.payload.count ?? 0)) { $0 + 48 + $1.payload.count }
        case .bind(let message):
            32 + message.path.utf8.count + message.accessToken.utf8.count
        case .error(let message):
            32 + message.message.utf8.count
        case .query(let message):
            message.subscriptions.reduce(32) { $0 + 12 + $1.name.utf8.count + $1.className.utf8.count + $1.query.utf8.count }
        case .queryError(let message):
            48 + message.subscriptionName.utf8.count + message.message.utf8.count
        default:
            64
        }
    }

    /// Writes the message's fields (everything after the frame header).
    func writeFields(to writer: inout WireWriter) {
        switch self {
        case .bind(let message):
            writer.writeVarint(message.session)
            writer.writeString(message.path)
            writer.writeString(message.accessToken)
            var flags: UInt8 = 0
            if message.needsFileIdent { flags |= Self.bindNeedsFileIdent }
            if message.isSubscriptionBased { flags |= Self.bindIsSubscriptionBased }
            writer.writeByte(flags)
        case .identAssigned(let message):
            writer.writeVarint(message.session)
            writer.writeVarint(message.fileIdent)
            writer.writeVarint(message.salt)
        case .ident(let message):
            writer.writeVarint(message.session)
            writer.writeVarint(message.fileIdent)
            writer.writeVarint(message.salt)
            writer.writeVarint(message.downloadCursor.serverVersion)
            writer.writeVarint(message.downloadCursor.lastIntegratedClientVersion)
            writer.writeVarint(message.uploadCursor.clientVersion)
            writer.writeVarint(message.uploadCursor.lastIntegratedServerVersion)
        case .upload(let message):
            writer.writeVarint(message.session)
            writer.writeVarint(message.progressClientVersion)
            writer.writeVarint(message.progressServerVersion)
            writer.writeVarint(UInt64(message.changesets.count))
            for changeset in message.changesets {
                writer.writeVarint(changeset.clientVersion)
                writer.writeVarint(changeset.lastIntegratedServerVersion)
                writer.writeVarint(changeset.timestamp)
                ChangesetPayloadCompression.write(changeset.payload, to: &writer)
            }
        case .download(let message):
            writer.writeVarint(message.session)
            writer.writeVarint(message.progress.downloadServerVersion)
            writer.writeVarint(message.progress.downloadLastIntegratedClientVersion)
            writer.writeVarint(message.progress.uploadClientVersion)
            writer.writeVarint(message.progress.uploadLastIntegratedServerVersion)
            writer.writeVarint(message.progress.latestServerVersion)
            writer.writeVarint(message.downloadableBytes)
            writer.writeVarint(message.downloadedBytes)
            writer.writeVarint(UInt64(message.changesets.count))
            for changeset in message.changesets {
                writer.writeVarint(changeset.serverVersion)
                writer.writeVarint(changeset.lastIntegratedClientVersion)
                writer.writeVarint(changeset.originFileIdent)
                writer.writeVarint(changeset.originTimestamp)
                ChangesetPayloadCompression.write(changeset.payload, to: &writer)
            }
            if let view = message.view {
                writer.writeByte(Self.viewPresent | (view.replacesView ? Self.viewReplaces : 0) | (view.continues ? Self.viewContinues : 0))
                writer.writeVarint(view.queryVersion)
                ChangesetPayloadCompression.write(view.payload, to: &writer)
            } else {
                writer.writeByte(0)
            }
        case .mark(let message):
            writer.writeVarint(message.session)
            writer.writeVarint(message.requestIdent)
        case .unbind(let session), .unbound(let session):
            writer.writeVarint(session)
        case .error(let message):
            var flags: UInt8 = 0
            if message.session != nil { flags |= Self.errorHasSession }
            if message.tryAgain { flags |= Self.errorTryAgain }
            if message.clientResetRequired { flags |= Self.errorClientResetRequired }
            writer.writeByte(flags)
            if let session = message.session { writer.writeVarint(session) }
            writer.writeVarint(UInt64(message.code.rawValue))
            writer.writeString(message.message)
        case .ping(let timestamp), .pong(let timestamp):
            writer.writeVarint(timestamp)
        case .query(let message):
            writer.writeVarint(message.session)
            writer.writeVarint(message.queryVersion)
            writer.writeVarint(UInt64(message.subscriptions.count))
            for subscription in message.subscriptions {
                writer.writeString(subscription.name)
                writer.writeString(subscription.className)
                writer.writeString(subscription.query)
            }
        case .queryError(let message):
            writer.writeVarint(message.session)
            writer.writeVarint(message.queryVersion)
            writer.writeString(message.subscriptionName)
            writer.writeString(message.message)
            writer.writeVarint(message.line)
            writer.writeVarint(message.column)
        }
    }
}
