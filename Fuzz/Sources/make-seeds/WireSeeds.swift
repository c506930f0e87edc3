import FiefSyncProtocol

/// Seed frames for `fuzz-sync-wire`: one or more of every message kind with edge values, frames
/// with compressed payloads, and a few frames the decoder refuses (so the fuzzer starts next to
/// every check). Deterministic: the same bytes on every run.
func wireSeeds() -> [(name: String, bytes: [UInt8])] {
    let progress = DownloadProgress(
        downloadServerVersion: 120, downloadLastIntegratedClientVersion: 7, uploadClientVersion: 7,
        uploadLastIntegratedServerVersion: 118, latestServerVersion: 130)
    let smallChangeset: [UInt8] = [0x01, 0x02, 0x03, 0x44, 0x6F, 0x67, 0x04, 0x6E, 0x61, 0x6D, 0x65, 0x02, 0x03, 0x00, 0x00, 0x00]
    let compressible = Array(repeating: Array("createObject Task title done ".utf8), count: 60).flatMap { $0 }
    let mixed = (0 ..< 1500).map { UInt8(truncatingIfNeeded: ($0 * 7) ^ ($0 >> 4)) }
    let messages: [(String, SyncMessage)] = [
        ("bind", .bind(BindMessage(session: 1, path: "/~/tasks", accessToken: "eyJhbGciOiJIUzI1NiJ9.e30.sig", needsFileIdent: true, isSubscriptionBased: false))),
        ("bind-flexible", .bind(BindMessage(session: 4_000_000_000, path: "/shared/ünïcode 🦊", accessToken: "", needsFileIdent: false, isSubscriptionBased: true))),
        ("bind-empty", .bind(BindMessage(session: 0, path: "", accessToken: "", needsFileIdent: false, isSubscriptionBased: false))),
        ("ident-assigned", .identAssigned(IdentAssignedMessage(session: 1, fileIdent: 42, salt: 0x1234_5678_9ABC_DEF0))),
        ("ident-assigned-max", .identAssigned(IdentAssignedMessage(session: .max, fileIdent: .max, salt: .max))),
        ("ident", .ident(IdentMessage(
            session: 1, fileIdent: 42, salt: 99, downloadCursor: DownloadCursor(serverVersion: 120, lastIntegratedClientVersion: 7),
            uploadCursor: UploadCursor(clientVersion: 9, lastIntegratedServerVersion: 118)))),
        ("ident-zero", .ident(IdentMessage(
            session: 0, fileIdent: 0, salt: 0, downloadCursor: DownloadCursor(serverVersion: 0, lastIntegratedClientVersion: 0),
            uploadCursor: UploadCursor(clientVersion: 0, lastIntegratedServerVersion: 0)))),
        ("upload-empty", .upload(UploadMessage(session: 1, progressClientVersion: 9, progressServerVersion: 118, changesets: []))),
        ("upload-small", .upload(UploadMessage(session: 1, progressClientVersion: 11, progressServerVersion: 118, changesets: [
            UploadChangeset(clientVersion: 10, lastIntegratedServerVersion: 118, timestamp: 0x0001_8F00_0000_0001, payload: smallChangeset),
            UploadChangeset(clientVersion: 11, lastIntegratedServerVersion: 118, timestamp: 0x0001_8F00_0000_0002, payload: []),
        ]))),
        ("upload-compressed", .upload(UploadMessage(session: 2, progressClientVersion: 3, progressServerVersion: 1, changesets: [
            UploadChangeset(clientVersion: 3, lastIntegratedServerVersion: 1, timestamp: 77, payload: compressible),
        ]))),
        ("upload-mixed", .upload(UploadMessage(session: 2, progressClientVersion: .max, progressServerVersion: .max, changesets: [
            UploadChangeset(clientVersion: .max, lastIntegratedServerVersion: .max, timestamp: .max, payload: mixed),
            UploadChangeset(clientVersion: 1, lastIntegratedServerVersion: 0, timestamp: 0, payload: compressible),
        ]))),
        ("download-empty", .download(DownloadMessage(session: 1, progress: progress, downloadableBytes: 0, downloadedBytes: 0, changesets: []))),
        ("download-view", .download(DownloadMessage(session: 1, progress: progress, downloadableBytes: 0, downloadedBytes: 0, changesets: [],
                                                    view: DownloadView(queryVersion: 1, replacesView: true, payload: [1, 2, 3])))),
        ("download-view-part", .download(DownloadMessage(session: 1, progress: progress, downloadableBytes: 0, downloadedBytes: 0, changesets: [],
                                                         view: DownloadView(queryVersion: 1, replacesView: false, payload: [1, 2, 3], continues: true)))),
        ("download-small", .download(DownloadMessage(session: 1, progress: progress, downloadableBytes: 1000, downloadedBytes: 16, changesets: [
            DownloadChangeset(serverVersion: 121, lastIntegratedClientVersion: 7, originFileIdent: 43, originTimestamp: 5, payload: smallChangeset),
        ]))),
        ("download-compressed", .download(DownloadMessage(session: 3, progress: progress, downloadableBytes: .max, downloadedBytes: .max, changesets: [
            DownloadChangeset(serverVersion: 122, lastIntegratedClientVersion: 7, originFileIdent: 44, originTimestamp: 6, payload: compressible),
            DownloadChangeset(serverVersion: 123, lastIntegratedClientVersion: 7, originFileIdent: 44, originTimestamp: 7, payload: [0xFF]),
        ]))),
        ("mark", .mark(MarkMessage(session: 1, requestIdent: 1))),
        ("mark-max", .mark(MarkMessage(session: .max, requestIdent: .max))),
        ("unbind", .unbind(session: 1)),
        ("unbound", .unbound(session: 300)),
        ("error-connection", .error(ErrorMessage(session: nil, code: .unsupportedProtocolVersion, message: "no common version", tryAgain: false, clientResetRequired: false))),
        ("error-session", .error(ErrorMessage(session: 1, code: .badAuthentication, message: "token expired", tryAgain: true, clientResetRequired: false))),
        ("error-reset", .error(ErrorMessage(session: 2, code: .clientResetRequired, message: "history compacted", tryAgain: false, clientResetRequired: true))),
        ("error-write-not-allowed", .error(ErrorMessage(session: 1, code: .writeNotAllowed, message: "revert client versions 4-6, 9", tryAgain: false, clientResetRequired: false))),
        ("error-unknown-code", .error(ErrorMessage(session: 9, code: SyncErrorCode(rawValue: 999), message: "", tryAgain: true, clientResetRequired: true))),
        ("ping", .ping(timestamp: 1_700_000_000_000)),
        ("ping-zero", .ping(timestamp: 0)),
        ("pong", .pong(timestamp: .max)),
        ("query", .query(QueryMessage(session: 1, queryVersion: 3, subscriptions: [
            QuerySubscription(name: "mine", className: "Task", query: "owner == 'me' AND done == false"),
            QuerySubscription(name: "", className: "Dog", query: "TRUEPREDICATE"),
        ]))),
        ("query-empty", .query(QueryMessage(session: 1, queryVersion: 0, subscriptions: []))),
        ("query-error", .queryError(QueryErrorMessage(session: 1, queryVersion: 3, subscriptionName: "mine", message: "unknown property 'ownr'", line: 1, column: 1))),
        ("query-error-max", .queryError(QueryErrorMessage(session: .max, queryVersion: .max, subscriptionName: "é", message: "", line: .max, column: .max))),
    ]
    var seeds = messages.map { (name: "\($0.0)", bytes: SyncMessageCodec.encode($0.1)) }
    // Frames the decoder refuses: each starts the fuzzer next to one check.
    let ping = SyncMessageCodec.encode(.ping(timestamp: 5))
    seeds.append((name: "bad-version", bytes: [2] + ping.dropFirst()))
    seeds.append((name: "bad-type", bytes: [1, 99, 5]))
    seeds.append((name: "bad-trailing", bytes: ping + [0]))
    seeds.append((name: "bad-overlong-varint", bytes: [1, 10, 0x80, 0x00]))
    seeds.append((name: "bad-truncated-upload", bytes: Array(SyncMessageCodec.encode(messages[8].1).dropLast(3))))
    seeds.append((name: "bad-flags", bytes: [1, 9, 0xF0, 0, 0]))
    return seeds
}
