import Foundation
import FiefSyncProtocol

/// The transport's half of version negotiation (FORMAT.md III.8): the client states the
/// versions it speaks in the WebSocket upgrade request's `Fief-Sync-Protocol` header, as
/// `LOW-HIGH` (or one number), and the server answers with the negotiated version in the same
/// header of its response.
public enum ProtocolHandshake {
    /// The header's name.
    public static let headerName = "Fief-Sync-Protocol"

    /// The header value for a range, for example `1-1`.
    public static func headerValue(for range: ClosedRange<SyncProtocolVersion>) -> String {
        "\(range.lowerBound.rawValue)-\(range.upperBound.rawValue)"
    }

    /// The range a header value states; nil when it is not `LOW-HIGH` or `N` with 1 ≤ LOW ≤ HIGH ≤ 255.
    public static func range(fromHeader value: String) -> ClosedRange<SyncProtocolVersion>? {
        let parts = value.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let low = UInt8(parts[0]), let high = UInt8(parts[parts.count - 1]), low >= 1, low <= high else {
            return nil
        }
        return SyncProtocolVersion(rawValue: low)...SyncProtocolVersion(rawValue: high)
    }
}
