/// What a user may do with a realm. Each level implies the lower ones:
/// `read` < `write` < `admin`.
public enum AccessLevel: String, Codable, Sendable, CaseIterable, Comparable {
    /// Bind the realm and download its history.
    case read
    /// Also upload changesets.
    case write
    /// Also manage the realm's permissions: grant levels and create offers.
    case admin

    /// Whether the level lets its holder bind and download (always true).
    public var mayRead: Bool { true }
    /// Whether the level lets its holder upload.
    public var mayWrite: Bool { self >= .write }
    /// Whether the level lets its holder change who may do what.
    public var mayManage: Bool { self == .admin }

    private var rank: Int {
        switch self {
        case .read: 1
        case .write: 2
        case .admin: 3
        }
    }

    public static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool { lhs.rank < rhs.rank }
}
