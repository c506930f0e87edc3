import FiefSyncProtocol

/// Workload W1: the sync wire codec (`FiefSyncProtocol.SyncMessageCodec`), Fief only: no peer
/// speaks this protocol. Four rows, each in messages per second with the changeset payload
/// throughput (uncompressed bytes, MB/s) as a remark:
///
/// - W1a/W1b: encode and decode an `upload` of 100 small changesets (40 bytes each, under the
///   compression threshold, so sent raw).
/// - W1c/W1d: encode and decode an `upload` of one 64 KiB compressible changeset (LZ4 on the
///   wire).
///
/// An untimed decode checks that each frame gives back the message it was made from, and every
/// timed loop folds the results into a checksum it checks, so that nothing is optimized away.
struct WireCodecWorkload: Workload {
    var name: String { "wire-codec" }

    var summary: String {
        "FiefSyncProtocol only: encode/decode sync upload messages (100 × 40-byte changesets; one 64 KiB compressible changeset)"
    }

    private struct Case {
        let label: String
        let message: SyncMessage
        let payloadBytes: Int
        let iterations: Int
    }

    func run(in context: BenchContext) throws -> [ResultRow] {
        let full = context.config.mode == .full
        let cases = [
            Case(label: "100 × 40-byte changesets", message: Self.smallChangesets(), payloadBytes: 100 * 40,
                 iterations: full ? 100_000 : 3_000),
            Case(label: "one 64 KiB compressible changeset", message: Self.largeChangeset(), payloadBytes: 64 << 10,
                 iterations: full ? 20_000 : 400),
        ]
        var rows: [ResultRow] = []
        for (index, testCase) in cases.enumerated() {
            let frame = SyncMessageCodec.encode(testCase.message)
            guard (try? SyncMessageCodec.decode(frame)) == testCase.message else {
                throw BenchError.disagreement(workload: name, engine: "Fief", detail: "\(testCase.label): the frame does not decode to its message")
            }
            Log.progress("[\(name)] \(testCase.label): \(frame.count)-byte frame for \(testCase.payloadBytes) payload bytes")
            let letters = index == 0 ? ("a", "b") : ("c", "d")
            var encodeRow = ResultRow(workload: name, number: "W1" + letters.0, title: "Wire encode: upload of \(testCase.label)",
                                      unit: "msgs/s", better: .higher)
            var decodeRow = ResultRow(workload: name, number: "W1" + letters.1, title: "Wire decode: upload of \(testCase.label)",
                                      unit: "msgs/s", better: .higher)
            var encodeSamples: [Double] = []
            var decodeSamples: [Double] = []
            for run in 0 ..< context.config.runs {
                var encodedBytes = 0
                let encodeSeconds = measureSeconds {
                    for _ in 0 ..< testCase.iterations { encodedBytes &+= SyncMessageCodec.encode(testCase.message).count }
                }
                guard encodedBytes == frame.count * testCase.iterations else {
                    throw BenchError.disagreement(workload: name, engine: "Fief", detail: "encoding is not deterministic")
                }
                var decodedChangesets = 0
                var failure: (any Error)?
                let decodeSeconds = measureSeconds {
                    for _ in 0 ..< testCase.iterations {
                        do {
                            guard case .upload(let upload) = try SyncMessageCodec.decode(frame) else { continue }
                            decodedChangesets &+= upload.changesets.count
                        } catch {
                            failure = error
                        }
                    }
                }
                if let failure { throw BenchError.harness("\(testCase.label): \(failure)") }
                let expected = testCase.iterations * Self.changesetCount(testCase.message)
                guard decodedChangesets == expected else {
                    throw BenchError.disagreement(workload: name, engine: "Fief", detail: "decoded \(decodedChangesets) changesets, expected \(expected)")
                }
                encodeSamples.append(Double(testCase.iterations) / encodeSeconds)
                decodeSamples.append(Double(testCase.iterations) / decodeSeconds)
                Log.progress("[\(name)] \(testCase.label), run \(run + 1): encode \(Int(encodeSamples[run])) msgs/s, decode \(Int(decodeSamples[run])) msgs/s")
            }
            Self.finish(&encodeRow, encodeSamples, payloadBytes: testCase.payloadBytes, frameBytes: frame.count)
            Self.finish(&decodeRow, decodeSamples, payloadBytes: testCase.payloadBytes, frameBytes: frame.count)
            rows.append(encodeRow)
            rows.append(decodeRow)
        }
        return rows
    }

    /// Sets the row's figure (messages per second) and its remark (payload MB/s, frame size).
    private static func finish(_ row: inout ResultRow, _ samples: [Double], payloadBytes: Int, frameBytes: Int) {
        let stats = Stats(samples: samples)
        row.figures["Fief"] = stats
        let megabytes = stats.median * Double(payloadBytes) / 1e6
        row.remarks["Fief"] = "\(Int(megabytes.rounded())) MB/s of payload; \(frameBytes)-byte frame"
    }

    private static func changesetCount(_ message: SyncMessage) -> Int {
        guard case .upload(let upload) = message else { return 0 }
        return upload.changesets.count
    }

    /// An upload of 100 changesets of 40 pseudo-random bytes each.
    private static func smallChangesets() -> SyncMessage {
        var random = SplitMix64(seed: 0x57A7_1C)
        let changesets = (0 ..< 100).map { index in
            UploadChangeset(
                clientVersion: 1_000 + UInt64(index), lastIntegratedServerVersion: 5_000, timestamp: 0x0001_8F3A_0000_0000 + UInt64(index),
                payload: (0 ..< 40).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        }
        return .upload(UploadMessage(session: 1, progressClientVersion: 1_099, progressServerVersion: 5_000, changesets: changesets))
    }

    /// An upload of one 64 KiB changeset that looks like many `set` instructions: compressible.
    private static func largeChangeset() -> SyncMessage {
        var payload: [UInt8] = []
        payload.reserveCapacity(64 << 10)
        var index = 0
        while payload.count < 64 << 10 {
            payload += [0x05, 0x00, UInt8(truncatingIfNeeded: index & 0x7F), 0x01, 0x06]
            payload += Array("Task \(index % 97) title".utf8)
            index += 1
        }
        payload.removeLast(payload.count - (64 << 10))
        let changeset = UploadChangeset(clientVersion: 7, lastIntegratedServerVersion: 40, timestamp: 0x0001_8F3A_0000_0000, payload: payload)
        return .upload(UploadMessage(session: 1, progressClientVersion: 7, progressServerVersion: 40, changesets: [changeset]))
    }
}
