import FiefSyncProtocol

/// The `fuzz-sync-wire` oracle: a frame decodes to a message or fails with a `WireError` that
/// points inside the frame; a decoded message encodes to a frame that decodes to the same
/// message, and encoding is deterministic. Anything else traps ("FUZZ FAILURE").
public enum SyncWireHarness {
    /// Small limits, so that the fuzzer reaches them with short inputs.
    public static let limits = WireLimits(
        maxFrameSize: 1 << 20,
        maxChangesetsPerMessage: 1000,
        maxPayloadSize: 256 << 10,
        maxTotalPayloadSize: 1 << 20,
        maxStringLength: 4096,
        maxSubscriptions: 100
    )

    /// What happened to one input.
    public enum Outcome: Equatable, CustomStringConvertible {
        case decoded(SyncMessageKind)
        case refused(WireError)

        public var description: String {
            switch self {
            case .decoded(let kind): "decoded \(kind)"
            case .refused(let error): "refused: \(error)"
            }
        }
    }

    @discardableResult
    public static func run(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        let message: SyncMessage
        do {
            message = try SyncMessageCodec.decode(bytes, limits: limits)
        } catch {
            guard error.offset >= 0, error.offset <= bytes.count, !error.field.isEmpty, !error.description.isEmpty else {
                fatalError("FUZZ FAILURE: error points outside the \(bytes.count)-byte frame: \(error)")
            }
            return .refused(error)
        }
        // A re-encoded frame may be larger than the input (a compressed payload under the
        // threshold is sent raw), so only the frame-size limit is lifted for the second decode.
        var relaxed = limits
        relaxed.maxFrameSize = .max
        let frame = SyncMessageCodec.encode(message)
        let again: SyncMessage
        do {
            again = try SyncMessageCodec.decode(frame, limits: relaxed)
        } catch {
            fatalError("FUZZ FAILURE: the re-encoded \(message.kind) does not decode: \(error)")
        }
        guard again == message else {
            fatalError("FUZZ FAILURE: the \(message.kind) changed in a round trip: \(message) became \(again)")
        }
        guard SyncMessageCodec.encode(again) == frame else {
            fatalError("FUZZ FAILURE: encoding the \(message.kind) is not deterministic")
        }
        return .decoded(message.kind)
    }
}
