import XCTest
@testable import FiefSyncProtocol

/// Frames the decoder must refuse, each with a `WireError` naming the message, field and offset.
final class WireErrorTests: XCTestCase {
    /// Decodes `frame` and returns the error it must throw.
    private func decodeError(_ frame: [UInt8], limits: WireLimits = .default, file: StaticString = #filePath, line: UInt = #line) -> WireError? {
        do {
            let message = try SyncMessageCodec.decode(frame, limits: limits)
            XCTFail("decoded \(message)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func frame(_ kind: SyncMessageKind, _ build: (inout WireWriter) -> Void) -> [UInt8] {
        var writer = WireWriter(reservingCapacity: 64)
        writer.writeByte(SyncProtocolVersion.current.rawValue)
        writer.writeByte(kind.rawValue)
        build(&writer)
        return writer.bytes
    }

    private func upload(payloads: [[UInt8]]) -> SyncMessage {
        .upload(UploadMessage(session: 1, progressClientVersion: 2, progressServerVersion: 3, changesets: payloads.enumerated().map {
            UploadChangeset(clientVersion: UInt64($0.offset), lastIntegratedServerVersion: 0, timestamp: 1, payload: $0.element)
        }))
    }

    // MARK: Truncation

    func testEveryTruncationFailsWithAFieldAndAnOffsetInsideTheFrame() {
        let compressible = [UInt8](repeating: 3, count: 5000)
        let messages = WireSamples.edgeMessages() + [upload(payloads: [[1, 2], compressible, [9]])]
        var checked = 0
        for message in messages {
            let frame = SyncMessageCodec.encode(message)
            // Large frames: every prefix near the header and the ends, and a stride through the middle.
            let lengths = frame.count < 600 ? Array(0 ..< frame.count)
                : Array(0 ..< 300) + Array(stride(from: 300, to: frame.count - 300, by: 97)) + Array(frame.count - 300 ..< frame.count)
            for length in lengths {
                guard let error = decodeError(Array(frame[..<length])) else { continue }
                checked += 1
                XCTAssertLessThanOrEqual(error.offset, length, "\(error)")
                XCTAssertFalse(error.field.isEmpty)
                if length >= 2 {
                    XCTAssertEqual(error.messageKind, message.kind, "\(error)")
                    XCTAssertTrue(error.field.hasPrefix("\(message.kind)."), error.field)
                    guard case .truncated = error.problem else { return XCTFail("prefix \(length) of \(message.kind): \(error)") }
                } else {
                    XCTAssertNil(error.messageKind)
                }
            }
        }
        XCTAssertGreaterThan(checked, 2000)
    }

    func testTruncatedPayloadNamesTheChangesetAndItsOffset() {
        let frame = SyncMessageCodec.encode(upload(payloads: [[1], [2], [3], Array(repeating: 4, count: 100)]))
        let error = decodeError(Array(frame.dropLast(10)))
        XCTAssertEqual(error?.field, "upload.changesets[3].payload")
        // 2 header + 3 one-byte varints + count, then 3 changesets of 3 varints + encoding + length + 1 byte,
        // then changeset 3's varints: its payload (encoding byte) starts at 6 + 18 + 3 = 27.
        XCTAssertEqual(error?.offset, 27)
        XCTAssertEqual(error?.problem, .truncated(needed: 100, available: 90))
        XCTAssertEqual(
            error?.description,
            "bad upload message: upload.changesets[3].payload at byte 27: the frame ends early: needs 100 bytes, 90 left")
        XCTAssertEqual(error?.syncErrorCode, .badMessage)
    }

    func testEmptyFrame() {
        let error = decodeError([])
        XCTAssertEqual(error, WireError(messageKind: nil, field: "frame.version", offset: 0, problem: .truncated(needed: 1, available: 0)))
        XCTAssertEqual(error?.description, "bad frame: frame.version at byte 0: the frame ends early: needs 1 byte, 0 left")
    }

    // MARK: Header

    func testEveryUnknownTypeByteIsRefused() {
        var frame = SyncMessageCodec.encode(.ping(timestamp: 5))
        for type in UInt8.min ... UInt8.max where SyncMessageKind(rawValue: type) == nil {
            frame[1] = type
            XCTAssertEqual(decodeError(frame), WireError(messageKind: nil, field: "frame.type", offset: 1, problem: .unknownMessageType(type)))
        }
        XCTAssertEqual(decodeError([1, 200])?.description, "bad frame: frame.type at byte 1: unknown message type 200")
    }

    func testFlippedTypeBytesNeverTrap() {
        // A valid frame reinterpreted as every other kind: each decodes or fails with a WireError.
        for message in WireSamples.edgeMessages() {
            var frame = SyncMessageCodec.encode(message)
            for kind in SyncMessageKind.allCases where kind != message.kind {
                frame[1] = kind.rawValue
                do {
                    let decoded = try SyncMessageCodec.decode(frame)
                    XCTAssertEqual(decoded.kind, kind)
                } catch {
                    XCTAssertEqual(error.messageKind, kind)
                }
            }
        }
        // A concrete case: an unbind frame read as a ping decodes; a bind read as an ident runs out.
        var unbind = SyncMessageCodec.encode(.unbind(session: 9))
        unbind[1] = SyncMessageKind.ping.rawValue
        XCTAssertEqual(try SyncMessageCodec.decode(unbind), .ping(timestamp: 9))
        var bind = SyncMessageCodec.encode(.bind(BindMessage(session: 1, path: "", accessToken: "", needsFileIdent: false, isSubscriptionBased: false)))
        bind[1] = SyncMessageKind.ident.rawValue
        XCTAssertEqual(decodeError(bind)?.field, "ident.downloadCursor.lastIntegratedClientVersion")
    }

    func testWrongProtocolVersionNamesBoth() {
        for version: UInt8 in [0, 2, 7, 255] {
            var frame = SyncMessageCodec.encode(.ping(timestamp: 5))
            frame[0] = version
            let error = decodeError(frame)
            XCTAssertEqual(error, WireError(messageKind: nil, field: "frame.version", offset: 0, problem: .unsupportedProtocolVersion(found: version, supported: .v1 ... .v1)))
            XCTAssertEqual(error?.syncErrorCode, .unsupportedProtocolVersion)
            XCTAssertEqual(error?.errorMessage.code, .unsupportedProtocolVersion)
        }
        XCTAssertEqual(
            decodeError([7, 10, 0])?.description,
            "bad frame: frame.version at byte 0: protocol version 7 is not supported (this peer speaks 1...1)")
    }

    // MARK: Fields

    func testTrailingBytes() {
        let frame = SyncMessageCodec.encode(.unbound(session: 4)) + [0, 0]
        let error = decodeError(frame)
        XCTAssertEqual(error, WireError(messageKind: .unbound, field: "unbound", offset: 3, problem: .trailingBytes(count: 2)))
        XCTAssertEqual(error?.description, "bad unbound message: unbound at byte 3: 2 bytes after the end of the message")
    }

    func testMalformedVarints() {
        // Not in shortest form: 0x80 0x00 is 0 in two bytes.
        XCTAssertEqual(decodeError([1, 10, 0x80, 0x00]), WireError(messageKind: .ping, field: "ping.timestamp", offset: 2, problem: .malformedVarint))
        // Eleven bytes, and a 10th byte above 1: over 64 bits.
        XCTAssertEqual(decodeError([1, 10] + Array(repeating: 0xFF, count: 10) + [0x01])?.problem, .malformedVarint)
        XCTAssertEqual(decodeError([1, 10] + Array(repeating: 0xFF, count: 9) + [0x02])?.problem, .malformedVarint)
        // A session over UInt32.max.
        XCTAssertEqual(
            decodeError([1, 7, 0x80, 0x80, 0x80, 0x80, 0x10]),
            WireError(messageKind: .unbind, field: "unbind.session", offset: 2, problem: .valueTooLarge(value: 1 << 32, maximum: UInt64(UInt32.max))))
        // An error code over UInt16.max.
        XCTAssertEqual(
            decodeError([1, 9, 0, 0x80, 0x80, 0x04, 0])?.problem, .valueTooLarge(value: 65536, maximum: 65535))
        XCTAssertEqual(decodeError([1, 9, 0, 0x80, 0x80, 0x04, 0])?.field, "error.code")
    }

    func testUndefinedFlagBits() {
        let bind = frame(.bind) { writer in
            writer.writeVarint(UInt64(1)); writer.writeString("/p"); writer.writeString("t"); writer.writeByte(0x04)
        }
        XCTAssertEqual(decodeError(bind), WireError(messageKind: .bind, field: "bind.flags", offset: 8, problem: .invalidFlags(4, allowed: 3)))
        XCTAssertEqual(decodeError([1, 9, 0x08, 0, 0])?.field, "error.flags")
    }

    func testInvalidUTF8() {
        let bind = frame(.bind) { writer in
            writer.writeVarint(UInt64(1)); writer.writeVarint(UInt64(2)); writer.writeByte(0xC3); writer.writeByte(0x28)
            writer.writeString(""); writer.writeByte(0)
        }
        XCTAssertEqual(decodeError(bind), WireError(messageKind: .bind, field: "bind.path", offset: 3, problem: .invalidUTF8))
        let query = frame(.query) { writer in
            writer.writeVarint(UInt64(1)); writer.writeVarint(UInt64(1)); writer.writeVarint(UInt64(1))
            writer.writeString("a"); writer.writeString("b"); writer.writeVarint(UInt64(1)); writer.writeByte(0xFF)
        }
        XCTAssertEqual(decodeError(query)?.field, "query.subscriptions[0].query")
    }

    // MARK: Limits

    func testCountsOverTheLimitsNameTheField() {
        let limits = WireLimits(maxChangesetsPerMessage: 3, maxSubscriptions: 2)
        let four = SyncMessageCodec.encode(upload(payloads: [[], [], [], []]))
        XCTAssertEqual(decodeError(four, limits: limits), WireError(messageKind: .upload, field: "upload.changesets.count", offset: 5, problem: .countOverLimit(count: 4, limit: 3)))
        XCTAssertEqual(decodeError(four, limits: limits)?.syncErrorCode, .tooLarge)
        XCTAssertNoThrow(try SyncMessageCodec.decode(SyncMessageCodec.encode(upload(payloads: [[], [], []])), limits: limits))
        let subscriptions = SyncMessageCodec.encode(.query(QueryMessage(session: 1, queryVersion: 1, subscriptions: Array(repeating: QuerySubscription(name: "a", className: "b", query: "c"), count: 3))))
        XCTAssertEqual(decodeError(subscriptions, limits: limits)?.field, "query.subscriptions.count")
        let download = SyncMessageCodec.encode(.download(DownloadMessage(
            session: 1, progress: DownloadProgress(downloadServerVersion: 0, downloadLastIntegratedClientVersion: 0, uploadClientVersion: 0, uploadLastIntegratedServerVersion: 0, latestServerVersion: 0),
            downloadableBytes: 0, downloadedBytes: 0,
            changesets: Array(repeating: DownloadChangeset(serverVersion: 1, lastIntegratedClientVersion: 1, originFileIdent: 1, originTimestamp: 1, payload: []), count: 4))))
        XCTAssertEqual(decodeError(download, limits: limits)?.problem, .countOverLimit(count: 4, limit: 3))
    }

    func testHugeCountsAreRefusedBeforeAllocating() {
        // A count of 2^62 changesets in a tiny frame: over the limit, and over what the bytes could hold.
        let huge = frame(.upload) { writer in
            writer.writeVarint(UInt64(1)); writer.writeVarint(UInt64(0)); writer.writeVarint(UInt64(0)); writer.writeVarint(UInt64(1) << 62)
        }
        XCTAssertEqual(decodeError(huge)?.problem, .countOverLimit(count: 1 << 62, limit: WireLimits.default.maxChangesetsPerMessage))
        let unlimited = WireLimits(maxChangesetsPerMessage: .max)
        XCTAssertEqual(decodeError(huge, limits: unlimited)?.problem, .truncated(needed: .max, available: 0))
        // Within the limit, but more than the bytes left could hold.
        let many = frame(.upload) { writer in
            writer.writeVarint(UInt64(1)); writer.writeVarint(UInt64(0)); writer.writeVarint(UInt64(0)); writer.writeVarint(UInt64(1000))
        }
        XCTAssertEqual(decodeError(many), WireError(messageKind: .upload, field: "upload.changesets.count", offset: 5, problem: .truncated(needed: 5000, available: 0)))
    }

    func testLengthsOverTheLimitsNameTheField() {
        let limits = WireLimits(maxPayloadSize: 100, maxTotalPayloadSize: 250, maxStringLength: 8)
        let bind = SyncMessageCodec.encode(.bind(BindMessage(session: 1, path: "/ok", accessToken: "too long a token", needsFileIdent: false, isSubscriptionBased: false)))
        XCTAssertEqual(decodeError(bind, limits: limits), WireError(messageKind: .bind, field: "bind.accessToken", offset: 7, problem: .lengthOverLimit(length: 16, limit: 8)))
        XCTAssertEqual(decodeError(bind, limits: limits)?.syncErrorCode, .tooLarge)

        let raw = SyncMessageCodec.encode(upload(payloads: [Array(repeating: 1, count: 100), Array(repeating: 2, count: 101)]))
        XCTAssertEqual(decodeError(raw, limits: limits)?.field, "upload.changesets[1].payload")
        XCTAssertEqual(decodeError(raw, limits: limits)?.problem, .lengthOverLimit(length: 101, limit: 100))

        // Compressed: the declared size is checked before anything is allocated or decompressed.
        let compressed = SyncMessageCodec.encode(upload(payloads: [Array(repeating: 7, count: 5000)]))
        XCTAssertEqual(compressed[9], ChangesetPayloadCompression.lz4Encoding)
        XCTAssertEqual(decodeError(compressed, limits: limits)?.problem, .lengthOverLimit(length: 5000, limit: 100))
        XCTAssertEqual(decodeError(compressed, limits: limits)?.offset, 10)

        // The total of the message's payloads.
        let total = SyncMessageCodec.encode(upload(payloads: [Array(repeating: 1, count: 100), Array(repeating: 2, count: 100), Array(repeating: 3, count: 100)]))
        let error = decodeError(total, limits: limits)
        XCTAssertEqual(error?.field, "upload.changesets[2].payload (total of the message's payloads)")
        XCTAssertEqual(error?.problem, .lengthOverLimit(length: 300, limit: 250))
    }

    func testNegativeLimitsActAsZeroWithoutTrapping() {
        var limits = WireLimits()
        limits.maxChangesetsPerMessage = -1
        limits.maxStringLength = -5
        limits.maxPayloadSize = -1
        XCTAssertEqual(decodeError(SyncMessageCodec.encode(upload(payloads: [[]])), limits: limits)?.problem, .countOverLimit(count: 1, limit: -1))
        let bind = SyncMessageCodec.encode(.bind(BindMessage(session: 1, path: "/p", accessToken: "", needsFileIdent: false, isSubscriptionBased: false)))
        XCTAssertEqual(decodeError(bind, limits: limits)?.problem, .lengthOverLimit(length: 2, limit: -5))
        limits.maxChangesetsPerMessage = 10
        XCTAssertEqual(decodeError(SyncMessageCodec.encode(upload(payloads: [[1]])), limits: limits)?.field, "upload.changesets[0].payload")
        // Empty strings and payloads fit a limit of 0.
        XCTAssertNoThrow(try SyncMessageCodec.decode(SyncMessageCodec.encode(upload(payloads: [[]])), limits: limits))
    }

    func testFrameOverTheLimit() {
        let frame = SyncMessageCodec.encode(upload(payloads: [Array(repeating: 1, count: 200)]))
        let error = decodeError(frame, limits: WireLimits(maxFrameSize: 100))
        XCTAssertEqual(error, WireError(messageKind: nil, field: "frame", offset: 0, problem: .frameTooLarge(size: frame.count, limit: 100)))
        XCTAssertEqual(error?.errorMessage.code, .tooLarge)
    }

    // MARK: Compressed payloads

    /// An upload frame with one changeset whose payload is written by `payload`.
    private func uploadFrame(payload: (inout WireWriter) -> Void) -> [UInt8] {
        frame(.upload) { writer in
            for value: UInt64 in [1, 0, 0, 1, 1, 0, 0] { writer.writeVarint(value) }
            payload(&writer)
        }
    }

    private func lz4(_ bytes: [UInt8]) -> [UInt8] {
        ChangesetPayloadCompression.compress(bytes)!
    }

    func testCorruptLZ4DataIsRefused() {
        let original = Array(repeating: Array("createObject Task ".utf8), count: 100).flatMap { $0 }
        var block = lz4(original)
        // An offset pointing before the start of the output: corrupt.
        block = [0x1F, 0x41, 0xFF, 0xFF] + Array(block.dropFirst(4))
        let corrupt = uploadFrame { writer in
            writer.writeByte(ChangesetPayloadCompression.lz4Encoding)
            writer.writeVarint(UInt64(original.count)); writer.writeVarint(UInt64(block.count))
            block.withUnsafeBytes { writer.writeBytes($0) }
        }
        XCTAssertEqual(decodeError(corrupt), WireError(messageKind: .upload, field: "upload.changesets[0].payload", offset: 9, problem: .corruptCompressedData(declared: UInt64(original.count))))

        // Random garbage never decodes to the declared size and never traps.
        var random = SeededRandom(seed: 77)
        for _ in 0 ..< 300 {
            let garbage = (0 ..< 1 + random.below(200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let declared = UInt64(1 + random.below(garbage.count * 255))
            let frame = uploadFrame { writer in
                writer.writeByte(ChangesetPayloadCompression.lz4Encoding)
                writer.writeVarint(declared); writer.writeVarint(UInt64(garbage.count))
                garbage.withUnsafeBytes { writer.writeBytes($0) }
            }
            do {
                _ = try SyncMessageCodec.decode(frame)
            } catch {
                XCTAssertEqual(error.field, "upload.changesets[0].payload")
            }
        }
        // An empty LZ4 block.
        let empty = uploadFrame { writer in
            writer.writeByte(ChangesetPayloadCompression.lz4Encoding); writer.writeVarint(UInt64(10)); writer.writeVarint(UInt64(0))
        }
        XCTAssertEqual(decodeError(empty)?.problem, .corruptCompressedData(declared: 10))
    }

    func testDeclaredUncompressedSizeMustMatch() {
        let original = [UInt8](repeating: 9, count: 3000)
        let block = lz4(original)
        func frame(declaring declared: UInt64) -> [UInt8] {
            uploadFrame { writer in
                writer.writeByte(ChangesetPayloadCompression.lz4Encoding)
                writer.writeVarint(declared); writer.writeVarint(UInt64(block.count))
                block.withUnsafeBytes { writer.writeBytes($0) }
            }
        }
        guard case .upload(let upload) = try? SyncMessageCodec.decode(frame(declaring: 3000)) else { return XCTFail("the exact size decodes") }
        XCTAssertEqual(upload.changesets[0].payload, original)
        // Declared larger than the data: LZ4 stops short.
        XCTAssertEqual(decodeError(frame(declaring: 3001))?.problem, .uncompressedSizeMismatch(declared: 3001, actual: 3000))
        XCTAssertEqual(
            decodeError(frame(declaring: 3001))?.description,
            "bad upload message: upload.changesets[0].payload at byte 9: the LZ4 data decompresses to 3000 bytes, not the declared 3001")
        // Declared smaller: the output does not fit.
        XCTAssertEqual(decodeError(frame(declaring: 2999))?.problem, .corruptCompressedData(declared: 2999))
        XCTAssertEqual(decodeError(frame(declaring: 0))?.problem, .corruptCompressedData(declared: 0))
        // Declared far beyond what the block could expand to: refused before allocating.
        let implausible = UInt64(block.count) * 255 + 25
        XCTAssertEqual(decodeError(frame(declaring: implausible))?.problem, .implausibleUncompressedSize(declared: implausible, compressedSize: block.count))
        XCTAssertEqual(decodeError(frame(declaring: implausible))?.offset, 10)
    }

    func testUnknownPayloadEncoding() {
        let frame = uploadFrame { writer in writer.writeByte(2); writer.writeVarint(UInt64(0)) }
        XCTAssertEqual(decodeError(frame), WireError(messageKind: .upload, field: "upload.changesets[0].payload", offset: 9, problem: .unknownPayloadEncoding(2)))
    }

    func testCompressedPayloadsBelowTheThresholdAreAccepted() throws {
        // Another encoder may compress small payloads; the decoder accepts it.
        let original: [UInt8] = Array("abcabcabcabcabcabcabcabcabcabc".utf8)
        let block = lz4(original)
        let frame = uploadFrame { writer in
            writer.writeByte(ChangesetPayloadCompression.lz4Encoding)
            writer.writeVarint(UInt64(original.count)); writer.writeVarint(UInt64(block.count))
            block.withUnsafeBytes { writer.writeBytes($0) }
        }
        guard case .upload(let upload) = try SyncMessageCodec.decode(frame) else { return XCTFail("not an upload") }
        XCTAssertEqual(upload.changesets[0].payload, original)
    }

    // MARK: Fuzz findings

    /// Replays the fuzzer's regressions and seed corpus (Fuzz/regressions/fuzz-sync-wire and
    /// Fuzz/corpus/sync-wire): each frame decodes or fails with a WireError, and what decodes
    /// survives a second round trip.
    func testFuzzRegressionsAndSeedsReplay() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var replayed = 0
        var decoded = 0
        for directory in ["Fuzz/regressions/fuzz-sync-wire", "Fuzz/corpus/sync-wire"] {
            let url = root.appendingPathComponent(directory)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() where !name.hasSuffix(".md") {
                let bytes = try [UInt8](Data(contentsOf: url.appendingPathComponent(name)))
                replayed += 1
                guard let message = try? SyncMessageCodec.decode(bytes) else { continue }
                decoded += 1
                XCTAssertEqual(try SyncMessageCodec.decode(SyncMessageCodec.encode(message)), message, name)
            }
        }
        XCTAssertGreaterThan(replayed, 0, "the corpus is missing")
        XCTAssertGreaterThan(decoded, 0)
    }
}
