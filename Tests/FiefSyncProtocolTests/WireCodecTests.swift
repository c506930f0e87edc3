import XCTest
@testable import FiefSyncProtocol

/// Round trips of every sync message through `SyncMessageCodec`, and protocol-version negotiation.
final class WireCodecTests: XCTestCase {
    // MARK: Round trips

    func testEveryMessageKindRoundTripsWithEdgeValues() throws {
        let messages = WireSamples.edgeMessages()
        XCTAssertEqual(Set(messages.map(\.kind)), Set(SyncMessageKind.allCases), "every kind is covered")
        for message in messages {
            let frame = SyncMessageCodec.encode(message)
            XCTAssertEqual(frame[0], SyncProtocolVersion.current.rawValue)
            XCTAssertEqual(frame[1], message.kind.rawValue)
            XCTAssertEqual(try SyncMessageCodec.decode(frame), message, "\(message.kind)")
        }
    }

    func testDecodeAcceptsSlicesAndRawBuffers() throws {
        let message = SyncMessage.mark(MarkMessage(session: 7, requestIdent: 99))
        let frame = SyncMessageCodec.encode(message)
        let padded = [0xAA] + frame + [0xBB]
        XCTAssertEqual(try SyncMessageCodec.decode(padded[1 ..< padded.count - 1]), message)
        XCTAssertEqual(try frame.withUnsafeBytes { bytes throws(WireError) in try SyncMessageCodec.decode(bytes) }, message)
        // A collection without contiguous storage is copied once.
        XCTAssertEqual(try SyncMessageCodec.decode(frame.lazy.map { $0 }), message)
    }

    func testKnownBytesOfSmallMessages() {
        XCTAssertEqual(SyncMessageCodec.encode(.ping(timestamp: 300)), [1, 10, 0xAC, 0x02])
        XCTAssertEqual(SyncMessageCodec.encode(.unbind(session: 0)), [1, 7, 0])
        XCTAssertEqual(
            SyncMessageCodec.encode(.bind(BindMessage(session: 3, path: "/a", accessToken: "t", needsFileIdent: true, isSubscriptionBased: false))),
            [1, 1, 3, 2, 0x2F, 0x61, 1, 0x74, 0x01])
        XCTAssertEqual(
            SyncMessageCodec.encode(.error(ErrorMessage(session: nil, code: .badAuthentication, message: "", tryAgain: true, clientResetRequired: false))),
            [1, 9, 0x02, 0xC8, 0x01, 0])
        XCTAssertEqual(SyncMessageCodec.encode(.pong(timestamp: .max)), [1, 11] + Array(repeating: 0xFF, count: 9) + [0x01])
    }

    /// FORMAT.md, III.9.
    func testFormatWorkedExample() throws {
        func upload(_ payload: [UInt8]) -> SyncMessage {
            .upload(UploadMessage(session: 1, progressClientVersion: 5, progressServerVersion: 300, changesets: [
                UploadChangeset(clientVersion: 5, lastIntegratedServerVersion: 300, timestamp: 1000, payload: payload),
            ]))
        }
        let frame = SyncMessageCodec.encode(upload([1, 0, 0]))
        XCTAssertEqual(frame, [0x01, 0x04, 0x01, 0x05, 0xAC, 0x02, 0x01, 0x05, 0xAC, 0x02, 0xE8, 0x07, 0x00, 0x03, 0x01, 0x00, 0x00])
        let compressed = SyncMessageCodec.encode(upload(Array(repeating: 0x61, count: 2000)))
        XCTAssertEqual(Array(compressed[..<15]), [0x01, 0x04, 0x01, 0x05, 0xAC, 0x02, 0x01, 0x05, 0xAC, 0x02, 0xE8, 0x07, 0x01, 0xD0, 0x0F])
        XCTAssertEqual(Int(compressed[15]), compressed.count - 16, "the block's length, then the block")
        XCTAssertEqual(try SyncMessageCodec.decode(compressed), upload(Array(repeating: 0x61, count: 2000)))
    }

    func testSmallPayloadsAreSentRawAndLargeCompressiblePayloadsCompressed() throws {
        let small = [UInt8](repeating: 7, count: ChangesetPayloadCompression.threshold)
        let large = [UInt8](repeating: 7, count: ChangesetPayloadCompression.threshold + 1)
        func frame(_ payload: [UInt8]) -> [UInt8] {
            SyncMessageCodec.encode(.upload(UploadMessage(
                session: 1, progressClientVersion: 0, progressServerVersion: 0,
                changesets: [UploadChangeset(clientVersion: 1, lastIntegratedServerVersion: 0, timestamp: 0, payload: payload)])))
        }
        let smallFrame = frame(small)
        // header 2, session, two progress varints, count, three changeset varints: 9 bytes, then the encoding byte.
        XCTAssertEqual(smallFrame[9], ChangesetPayloadCompression.rawEncoding)
        XCTAssertGreaterThan(smallFrame.count, small.count)
        let largeFrame = frame(large)
        XCTAssertEqual(largeFrame[9], ChangesetPayloadCompression.lz4Encoding)
        XCTAssertLessThan(largeFrame.count, 100)
        XCTAssertEqual(try SyncMessageCodec.decode(largeFrame), try SyncMessageCodec.decode(frame(large)))
        guard case .upload(let decoded) = try SyncMessageCodec.decode(largeFrame) else { return XCTFail("not an upload") }
        XCTAssertEqual(decoded.changesets[0].payload, large)
    }

    func testIncompressiblePayloadsAreSentRaw() throws {
        var random = SeededRandom(seed: 5)
        let payload = (0 ..< 4096).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let message = SyncMessage.download(DownloadMessage(
            session: 2, progress: DownloadProgress(downloadServerVersion: 1, downloadLastIntegratedClientVersion: 2, uploadClientVersion: 3, uploadLastIntegratedServerVersion: 4, latestServerVersion: 5),
            downloadableBytes: 0, downloadedBytes: 4096,
            changesets: [DownloadChangeset(serverVersion: 1, lastIntegratedClientVersion: 0, originFileIdent: 9, originTimestamp: 1, payload: payload)]))
        let frame = SyncMessageCodec.encode(message)
        // header 2, session, 5 progress varints, 2 byte counts (4096 takes 2 bytes), count, 4 changeset varints = 16.
        XCTAssertEqual(frame[16], ChangesetPayloadCompression.rawEncoding)
        XCTAssertEqual(try SyncMessageCodec.decode(frame), message)
    }

    func testLargestCompressionRatioStaysWithinTheExpansionBound() throws {
        // Zeros compress as well as anything LZ4 can make; the decoder's plausibility bound must admit them.
        let payload = [UInt8](repeating: 0, count: 16 << 20)
        let message = SyncMessage.upload(UploadMessage(
            session: 1, progressClientVersion: 1, progressServerVersion: 0,
            changesets: [UploadChangeset(clientVersion: 1, lastIntegratedServerVersion: 0, timestamp: 5, payload: payload)]))
        let frame = SyncMessageCodec.encode(message)
        XCTAssertLessThan(frame.count, 70_000)
        XCTAssertEqual(try SyncMessageCodec.decode(frame), message)
    }

    func testErrorCodesRoundTripKnownOrNot() throws {
        for raw in [UInt16(0), 100, 104, 200, 204, 207, 208, 999, .max] {
            let message = SyncMessage.error(ErrorMessage(session: 5, code: SyncErrorCode(rawValue: raw), message: "x", tryAgain: false, clientResetRequired: true))
            XCTAssertEqual(try SyncMessageCodec.decode(SyncMessageCodec.encode(message)), message)
        }
        XCTAssertTrue(SyncErrorCode.badAuthentication.isKnown)
        XCTAssertFalse(SyncErrorCode(rawValue: 999).isKnown)
        XCTAssertEqual(SyncErrorCode(rawValue: 999).description, "unknown (999)")
        XCTAssertEqual(SyncErrorCode.clientResetRequired.description, "clientResetRequired (204)")
        XCTAssertEqual(SyncErrorCode.writeNotAllowed.description, "writeNotAllowed (208)")
        XCTAssertFalse(SyncErrorCode.writeNotAllowed.isConnectionLevel)
        XCTAssertTrue(SyncErrorCode.serverShuttingDown.isConnectionLevel)
        XCTAssertFalse(SyncErrorCode.badAuthentication.isConnectionLevel)
        XCTAssertEqual(Set(SyncErrorCode.allKnown).count, SyncErrorCode.allKnown.count)
        XCTAssertTrue(SyncErrorCode.allKnown.allSatisfy(\.isKnown))
    }

    /// The seed of `writeNotAllowed` in the fuzz corpus is what the encoder writes (as `make-seeds` would).
    func testWriteNotAllowedSeedMatchesTheEncoder() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let seed = try [UInt8](Data(contentsOf: root.appendingPathComponent("Fuzz/corpus/sync-wire/error-write-not-allowed.bin")))
        let message = SyncMessage.error(ErrorMessage(session: 1, code: .writeNotAllowed, message: "revert client versions 4-6, 9", tryAgain: false, clientResetRequired: false))
        XCTAssertEqual(SyncMessageCodec.encode(message), seed)
    }

    /// The download seeds in the fuzz corpus, with and without a view, are what the encoder writes.
    func testDownloadSeedsMatchTheEncoder() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let progress = DownloadProgress(downloadServerVersion: 120, downloadLastIntegratedClientVersion: 7, uploadClientVersion: 7,
                                        uploadLastIntegratedServerVersion: 118, latestServerVersion: 130)
        for (name, view) in [("download-empty", nil), ("download-view", DownloadView(queryVersion: 1, replacesView: true, payload: [1, 2, 3])),
                             ("download-view-part", DownloadView(queryVersion: 1, replacesView: false, payload: [1, 2, 3], continues: true))] {
            let seed = try [UInt8](Data(contentsOf: root.appendingPathComponent("Fuzz/corpus/sync-wire/\(name).bin")))
            let message = SyncMessage.download(DownloadMessage(session: 1, progress: progress, downloadableBytes: 0, downloadedBytes: 0, changesets: [], view: view))
            XCTAssertEqual(SyncMessageCodec.encode(message), seed, name)
            XCTAssertEqual(try SyncMessageCodec.decode(seed), message, name)
        }
    }

    func testSessionAccessor() {
        XCTAssertNil(SyncMessage.ping(timestamp: 1).session)
        XCTAssertEqual(SyncMessage.unbound(session: 4).session, 4)
        XCTAssertNil(SyncMessage.error(ErrorMessage(session: nil, code: .internalError, message: "", tryAgain: true, clientResetRequired: false)).session)
        XCTAssertEqual(SyncMessage.query(QueryMessage(session: 9, queryVersion: 1, subscriptions: [])).session, 9)
    }

    func testSeededRandomMessagesRoundTrip() throws {
        var random = SeededRandom(seed: 0x5EED_F1EF)
        var kinds: [SyncMessageKind: Int] = [:]
        var compressed = 0
        for iteration in 0 ..< 3000 {
            let message = WireSamples.randomMessage(&random)
            kinds[message.kind, default: 0] += 1
            let frame = SyncMessageCodec.encode(message)
            if frame.count < WireSamples.payloadBytes(of: message) { compressed += 1 }
            do {
                let decoded = try SyncMessageCodec.decode(frame)
                XCTAssertEqual(decoded, message, "iteration \(iteration)")
                XCTAssertEqual(SyncMessageCodec.encode(decoded), frame, "encoding is deterministic (iteration \(iteration))")
            } catch {
                XCTFail("iteration \(iteration): \(error)")
            }
        }
        XCTAssertEqual(Set(kinds.keys), Set(SyncMessageKind.allCases))
        XCTAssertGreaterThan(compressed, 0)
    }

    // MARK: Negotiation

    func testNegotiationPicksTheHighestCommonVersion() throws {
        let v = { (raw: UInt8) in SyncProtocolVersion(rawValue: raw) }
        XCTAssertEqual(try SyncProtocolVersion.negotiate(clientRange: .v1 ... .v1, serverRange: .v1 ... .v1), .v1)
        XCTAssertEqual(try SyncProtocolVersion.negotiate(clientRange: v(1) ... v(5), serverRange: v(3) ... v(9)), v(5))
        XCTAssertEqual(try SyncProtocolVersion.negotiate(clientRange: v(4) ... v(9), serverRange: v(1) ... v(6)), v(6))
        XCTAssertEqual(try SyncProtocolVersion.negotiate(clientRange: v(2) ... v(2), serverRange: v(1) ... v(3)), v(2))
        XCTAssertEqual(try SyncProtocolVersion.negotiate(clientRange: v(3) ... v(7), serverRange: v(7) ... v(200)), v(7))
        XCTAssertEqual(
            try SyncProtocolVersion.negotiate(clientRange: SyncProtocolVersion.supported, serverRange: SyncProtocolVersion.supported),
            SyncProtocolVersion.current)
        XCTAssertTrue(SyncProtocolVersion.supported.contains(.current))
    }

    func testNegotiationWithoutOverlapNamesBothRanges() {
        let v = { (raw: UInt8) in SyncProtocolVersion(rawValue: raw) }
        do {
            _ = try SyncProtocolVersion.negotiate(clientRange: v(1) ... v(2), serverRange: v(3) ... v(4))
            XCTFail("no overlap")
        } catch {
            XCTAssertEqual(error, VersionNegotiationError(clientRange: v(1) ... v(2), serverRange: v(3) ... v(4)))
            XCTAssertTrue(error.clientIsOlder)
            XCTAssertEqual(
                error.description,
                "no common sync protocol version: the client speaks 1...2, the server speaks 3...4 (the client is too old)")
            XCTAssertEqual(error.errorMessage.code, .unsupportedProtocolVersion)
            XCTAssertNil(error.errorMessage.session)
            XCTAssertFalse(error.errorMessage.tryAgain)
        }
        do {
            _ = try SyncProtocolVersion.negotiate(clientRange: v(5) ... v(6), serverRange: v(1) ... v(4))
            XCTFail("no overlap")
        } catch {
            XCTAssertFalse(error.clientIsOlder)
            XCTAssertTrue(error.description.hasSuffix("(the client is too new)"), error.description)
        }
    }

    func testFramesAreCheckedAgainstTheNegotiatedVersion() throws {
        let v2 = SyncProtocolVersion(rawValue: 2)
        let frame = SyncMessageCodec.encode(.ping(timestamp: 1), version: v2)
        XCTAssertEqual(frame[0], 2)
        XCTAssertEqual(try SyncMessageCodec.decode(frame, accepting: .v1 ... v2), .ping(timestamp: 1))
        XCTAssertThrowsError(try SyncMessageCodec.decode(frame)) { error in
            XCTAssertEqual((error as? WireError)?.problem, .unsupportedProtocolVersion(found: 2, supported: .v1 ... .v1))
        }
    }
}

/// Sample messages for the wire tests: fixed edge cases and seeded random ones.
enum WireSamples {
    static let unicode = "Grüße, 世界! 🦊\u{0}é"

    static func edgeMessages() -> [SyncMessage] {
        let big = [UInt8](repeating: 0x41, count: 70_000)
        let incompressible = (0 ..< 2000).map { UInt8(truncatingIfNeeded: $0 &* 197 &+ ($0 >> 3) &* 31) }
        return [
            .bind(BindMessage(session: 0, path: "", accessToken: "", needsFileIdent: false, isSubscriptionBased: false)),
            .bind(BindMessage(session: .max, path: "/~/tâches/" + unicode, accessToken: String(repeating: "eyJ", count: 500), needsFileIdent: true, isSubscriptionBased: true)),
            .identAssigned(IdentAssignedMessage(session: 1, fileIdent: .max, salt: 0)),
            .ident(IdentMessage(session: .max, fileIdent: 0, salt: .max,
                                downloadCursor: DownloadCursor(serverVersion: .max, lastIntegratedClientVersion: 0),
                                uploadCursor: UploadCursor(clientVersion: 127, lastIntegratedServerVersion: 128))),
            .upload(UploadMessage(session: 0, progressClientVersion: 0, progressServerVersion: 0, changesets: [])),
            .upload(UploadMessage(session: 3, progressClientVersion: .max, progressServerVersion: 1, changesets: [
                UploadChangeset(clientVersion: 1, lastIntegratedServerVersion: 0, timestamp: .max, payload: []),
                UploadChangeset(clientVersion: 2, lastIntegratedServerVersion: .max, timestamp: 0, payload: [0, 1, 2, 0xFF]),
                UploadChangeset(clientVersion: .max, lastIntegratedServerVersion: 2, timestamp: 1 << 63, payload: big),
                UploadChangeset(clientVersion: 4, lastIntegratedServerVersion: 2, timestamp: 12, payload: incompressible),
            ])),
            .download(DownloadMessage(
                session: 0, progress: DownloadProgress(downloadServerVersion: 0, downloadLastIntegratedClientVersion: 0, uploadClientVersion: 0, uploadLastIntegratedServerVersion: 0, latestServerVersion: 0),
                downloadableBytes: 0, downloadedBytes: 0, changesets: [])),
            .download(DownloadMessage(
                session: .max, progress: DownloadProgress(downloadServerVersion: .max, downloadLastIntegratedClientVersion: 1, uploadClientVersion: .max, uploadLastIntegratedServerVersion: 2, latestServerVersion: .max),
                downloadableBytes: .max, downloadedBytes: 1 << 40, changesets: [
                    DownloadChangeset(serverVersion: 5, lastIntegratedClientVersion: 0, originFileIdent: .max, originTimestamp: 0, payload: big),
                    DownloadChangeset(serverVersion: .max, lastIntegratedClientVersion: .max, originFileIdent: 0, originTimestamp: .max, payload: []),
                    DownloadChangeset(serverVersion: 7, lastIntegratedClientVersion: 3, originFileIdent: 2, originTimestamp: 9, payload: Array(unicode.utf8)),
                ])),
            .mark(MarkMessage(session: 0, requestIdent: 0)),
            .mark(MarkMessage(session: .max, requestIdent: .max)),
            .unbind(session: 0),
            .unbind(session: .max),
            .unbound(session: 0),
            .unbound(session: .max),
            .error(ErrorMessage(session: nil, code: .protocolViolation, message: "", tryAgain: false, clientResetRequired: false)),
            .error(ErrorMessage(session: 0, code: .clientResetRequired, message: unicode, tryAgain: true, clientResetRequired: true)),
            .error(ErrorMessage(session: .max, code: SyncErrorCode(rawValue: .max), message: "x", tryAgain: false, clientResetRequired: true)),
            .ping(timestamp: 0),
            .ping(timestamp: .max),
            .pong(timestamp: 0),
            .pong(timestamp: .max),
            .query(QueryMessage(session: 0, queryVersion: 0, subscriptions: [])),
            .query(QueryMessage(session: .max, queryVersion: .max, subscriptions: [
                QuerySubscription(name: "", className: "", query: ""),
                QuerySubscription(name: "mine", className: "Task", query: "owner == $0 AND title CONTAINS[c] '" + unicode + "'"),
            ])),
            .queryError(QueryErrorMessage(session: 0, queryVersion: 0, subscriptionName: "", message: "", line: 0, column: 0)),
            .queryError(QueryErrorMessage(session: .max, queryVersion: .max, subscriptionName: unicode, message: "unknown property 'ownr'", line: .max, column: .max)),
        ]
    }

    /// The payload bytes a message carries (before compression).
    static func payloadBytes(of message: SyncMessage) -> Int {
        switch message {
        case .upload(let upload): upload.changesets.reduce(0) { $0 + $1.payload.count }
        case .download(let download): download.changesets.reduce(download.view?.payload.count ?? 0) { $0 + $1.payload.count }
        default: 0
        }
    }

    static func randomNumber(_ random: inout SeededRandom) -> UInt64 {
        switch random.below(6) {
        case 0: 0
        case 1: .max
        case 2: random.next() & 0x7F
        case 3: random.next() & 0xFFFF
        default: random.next() >> random.below(64)
        }
    }

    static func randomSession(_ random: inout SeededRandom) -> UInt32 {
        UInt32(truncatingIfNeeded: randomNumber(&random))
    }

    static func randomString(_ random: inout SeededRandom) -> String {
        let pieces = ["a", "Task", "/", "~", "é", "世", "🦊", " ", "'", "\u{0}", "=="]
        return (0 ..< random.below(12)).map { _ in pieces[random.below(pieces.count)] }.joined()
    }

    static func randomPayload(_ random: inout SeededRandom) -> [UInt8] {
        switch random.below(10) {
        case 0: return []
        case 1, 2, 3, 4: return (0 ..< random.below(64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        case 5, 6:
            // Compressible: a few repeated words, past the compression threshold.
            let words: [[UInt8]] = [Array("createObject".utf8), Array("Task".utf8), [0, 0, 0, 1]]
            var bytes: [UInt8] = []
            let target = ChangesetPayloadCompression.threshold + random.below(6000)
            while bytes.count < target { bytes += words[random.below(words.count)] }
            return bytes
        default:
            return (0 ..< random.below(3000)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
    }

    static func randomMessage(_ random: inout SeededRandom) -> SyncMessage {
        let kind = SyncMessageKind.allCases[random.below(SyncMessageKind.allCases.count)]
        var n: UInt64 { randomNumber(&random) }
        switch kind {
        case .bind:
            return .bind(BindMessage(session: randomSession(&random), path: randomString(&random), accessToken: randomString(&random),
                                     needsFileIdent: random.chance(50), isSubscriptionBased: random.chance(50)))
        case .identAssigned:
            return .identAssigned(IdentAssignedMessage(session: randomSession(&random), fileIdent: n, salt: n))
        case .ident:
            return .ident(IdentMessage(session: randomSession(&random), fileIdent: n, salt: n,
                                       downloadCursor: DownloadCursor(serverVersion: n, lastIntegratedClientVersion: n),
                                       uploadCursor: UploadCursor(clientVersion: n, lastIntegratedServerVersion: n)))
        case .upload:
            let changesets = (0 ..< random.below(6)).map { _ in
                UploadChangeset(clientVersion: n, lastIntegratedServerVersion: n, timestamp: n, payload: randomPayload(&random))
            }
            return .upload(UploadMessage(session: randomSession(&random), progressClientVersion: n, progressServerVersion: n, changesets: changesets))
        case .download:
            let changesets = (0 ..< random.below(6)).map { _ in
                DownloadChangeset(serverVersion: n, lastIntegratedClientVersion: n, originFileIdent: n, originTimestamp: n, payload: randomPayload(&random))
            }
            return .download(DownloadMessage(
                session: randomSession(&random),
                progress: DownloadProgress(downloadServerVersion: n, downloadLastIntegratedClientVersion: n, uploadClientVersion: n,
                                           uploadLastIntegratedServerVersion: n, latestServerVersion: n),
                downloadableBytes: n, downloadedBytes: n, changesets: changesets,
                view: random.below(2) == 0 ? nil : DownloadView(queryVersion: n, replacesView: random.below(2) == 0, payload: randomPayload(&random),
                                                                continues: random.below(2) == 0)))
        case .mark:
            return .mark(MarkMessage(session: randomSession(&random), requestIdent: n))
        case .unbind:
            return .unbind(session: randomSession(&random))
        case .unbound:
            return .unbound(session: randomSession(&random))
        case .error:
            return .error(ErrorMessage(session: random.chance(50) ? randomSession(&random) : nil,
                                       code: SyncErrorCode(rawValue: UInt16(truncatingIfNeeded: n)), message: randomString(&random),
                                       tryAgain: random.chance(50), clientResetRequired: random.chance(50)))
        case .ping:
            return .ping(timestamp: n)
        case .pong:
            return .pong(timestamp: n)
        case .query:
            let subscriptions = (0 ..< random.below(5)).map { _ in
                QuerySubscription(name: randomString(&random), className: randomString(&random), query: randomString(&random))
            }
            return .query(QueryMessage(session: randomSession(&random), queryVersion: n, subscriptions: subscriptions))
        case .queryError:
            return .queryError(QueryErrorMessage(session: randomSession(&random), queryVersion: n, subscriptionName: randomString(&random),
                                                 message: randomString(&random), line: UInt32(truncatingIfNeeded: n), column: UInt32(truncatingIfNeeded: n)))
        }
    }
}
