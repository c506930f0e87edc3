/// The largest frames, counts and lengths a decoder accepts.
///
/// The decoder checks every length and count against these limits, and against the bytes left in
/// the frame, before it allocates anything, so a hostile peer cannot make it reserve more memory
/// than the limits allow. A server typically keeps ``default``; tests use smaller limits.
public struct WireLimits: Equatable, Sendable {
    /// The largest frame, in bytes. Default 64 MiB.
    public var maxFrameSize: Int
    /// The most changesets in one upload or download. Default 100 000.
    public var maxChangesetsPerMessage: Int
    /// The largest changeset payload once decompressed, in bytes. Default 16 MiB.
    public var maxPayloadSize: Int
    /// The most payload bytes (decompressed) in one message, all changesets together.
    /// Default 256 MiB.
    public var maxTotalPayloadSize: Int
    /// The longest string (path, token, message, query...), in UTF-8 bytes. Default 1 MiB.
    public var maxStringLength: Int
    /// The most subscriptions in one query message. Default 10 000.
    public var maxSubscriptions: Int

    /// Creates limits. Negative values are treated as 0.
    public init(
        maxFrameSize: Int = 64 << 20,
        maxChangesetsPerMessage: Int = 100_000,
        maxPayloadSize: Int = 16 << 20,
        maxTotalPayloadSize: Int = 256 << 20,
        maxStringLength: Int = 1 << 20,
        maxSubscriptions: Int = 10_000
    ) {
        self.maxFrameSize = max(0, maxFrameSize)
        self.maxChangesetsPerMessage = max(0, maxChangesetsPerMessage)
        self.maxPayloadSize = max(0, maxPayloadSize)
        self.maxTotalPayloadSize = max(0, maxTotalPayloadSize)
        self.maxStringLength = max(0, maxStringLength)
        self.maxSubscriptions = max(0, maxSubscriptions)
    }

    /// The default limits.
    public static let `default` = WireLimits()

    /// The most changesets Fief's client puts in one `upload` and its server in one `download`,
    /// whatever their size: a tenth of the default ``maxChangesetsPerMessage``. Small
    /// changesets (a counter increment records about 25 bytes) would otherwise fill a message
    /// of a few MiB with more changesets than a peer with the default limits takes.
    public static let changesetsPerMessageSent = 10_000
}
