/// A version of the sync wire protocol.
///
/// Every frame starts with the protocol version it was written in (see `FORMAT.md`, Part III).
/// A client and a server each speak a range of versions; before the first message they agree on
/// one with ``negotiate(clientRange:serverRange:)`` and from then on write every frame in it.
///
/// Versions are ordered, so ranges of them can be written as `SyncProtocolVersion.v1 ... .v1`.
public struct SyncProtocolVersion: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The version number as it appears in byte 0 of every frame. Version 0 is never valid.
    public let rawValue: UInt8

    /// Creates a version from its number.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Version 1: the messages and encoding specified in `FORMAT.md`, Part III.
    public static let v1 = SyncProtocolVersion(rawValue: 1)

    /// The version this library writes by default.
    public static let current: SyncProtocolVersion = .v1

    /// Every version this library can read and write.
    public static let supported: ClosedRange<SyncProtocolVersion> = .v1 ... .v1

    public static func < (lhs: SyncProtocolVersion, rhs: SyncProtocolVersion) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { "\(rawValue)" }

    /// Picks the version a client and a server will speak: the highest version both support.
    ///
    /// The function is pure, so both ends (and tests) can run it on the ranges they exchanged and
    /// reach the same answer.
    ///
    /// - Parameters:
    ///   - clientRange: the versions the client speaks.
    ///   - serverRange: the versions the server speaks.
    /// - Returns: the highest version in both ranges.
    /// - Throws: ``VersionNegotiationError`` naming both ranges when they do not overlap.
    public static func negotiate(
        clientRange: ClosedRange<SyncProtocolVersion>,
        serverRange: ClosedRange<SyncProtocolVersion>
    ) throws(VersionNegotiationError) -> SyncProtocolVersion {
        let highest = min(clientRange.upperBound, serverRange.upperBound)
        let lowest = max(clientRange.lowerBound, serverRange.lowerBound)
        guard lowest <= highest else {
            throw VersionNegotiationError(clientRange: clientRange, serverRange: serverRange)
        }
        return highest
    }
}
