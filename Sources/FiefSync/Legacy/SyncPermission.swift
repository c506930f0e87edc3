import Foundation

/// How much a user may do with a synced realm.
public enum SyncAccessLevel: String, Sendable, CaseIterable, Comparable {
    /// No access.
    case none
    /// Open the realm and download its data.
    case read
    /// Also write to it (upload changes).
    case write
    /// Also manage who may use it: create offers and grant levels.
    case admin

    public static func < (lhs: SyncAccessLevel, rhs: SyncAccessLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One realm a user may use, and how: an element of ``SyncPermissionResults``.
///
/// ```swift
/// let permissions = try await user.retrievePermissions()
/// for permission in permissions where permission.mayWrite { print(permission.path) }
/// ```
public struct SyncPermission: Sendable, Hashable {
    /// The realm's path on the server, for example `/5f1c.../tasks` (`~` expanded).
    public let path: String
    /// The user the permission is for (the user who asked).
    public let userId: String?
    /// The level granted.
    public let accessLevel: SyncAccessLevel
    /// Whether the user may open and download the realm.
    public let mayRead: Bool
    /// Whether the user may write to the realm.
    public let mayWrite: Bool
    /// Whether the user may manage the realm's permissions.
    public let mayManage: Bool
    /// When the level was given.
    public let updatedAt: Date

    /// A permission with these values.
    public init(path: String, userId: String?, accessLevel: SyncAccessLevel, mayRead: Bool, mayWrite: Bool,
                mayManage: Bool, updatedAt: Date) {
        self.path = path
        self.userId = userId
        self.accessLevel = accessLevel
        self.mayRead = mayRead
        self.mayWrite = mayWrite
        self.mayManage = mayManage
        self.updatedAt = updatedAt
    }
}

/// The permissions ``User/retrievePermissions(callback:)`` finds: a collection of
/// ``SyncPermission``, ordered by path. It is a snapshot: safe to pass between threads.
public struct SyncPermissionResults: RandomAccessCollection, Sendable, Equatable {
    private let elements: [SyncPermission]

    /// Results holding `permissions`.
    public init(_ permissions: [SyncPermission]) {
        elements = permissions
    }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> SyncPermission { elements[position] }
}
