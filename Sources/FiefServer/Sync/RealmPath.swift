/// A realm path as the server stores it: `/` then components of letters, digits and `.-_`,
/// with `~` replaced by the user's id.
public struct RealmPath: Hashable, Sendable, CustomStringConvertible {
    /// The normalized path, for example `/0f3a…/tasks`.
    public let value: String
    /// Its components.
    public let components: [String]

    /// The longest path accepted, in bytes.
    public static let maximumLength = 512

    /// Parses `raw` for `userId`: `~` as a whole component is the user's id. Refuses (badPath)
    /// an empty or relative path, empty components, `.` and `..`, other characters, and names
    /// ending in `.realm`, `.realm.lock` or `.realm.management`, as Realm did.
    public init(_ raw: String, userId: String) throws(SessionFailure) {
        guard raw.utf8.count <= Self.maximumLength else { throw SessionFailure(.badPath, "the path is longer than \(Self.maximumLength) bytes") }
        guard raw.hasPrefix("/") else { throw SessionFailure(.badPath, "the path \(raw) does not start with /") }
        let parts = raw.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else { throw SessionFailure(.badPath, "the path \(raw) has an empty component") }
        var components: [String] = []
        for part in parts {
            if part == "~" { components.append(userId); continue }
            guard part != ".", part != "..",
                  part.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-_".unicodeScalars.contains($0)) }) else {
                throw SessionFailure(.badPath, "the path component \(part) is not made of letters, digits and . - _")
            }
            components.append(part)
        }
        for suffix in [".realm", ".realm.lock", ".realm.management"] where raw.hasSuffix(suffix) {
            throw SessionFailure(.badPath, "a realm path cannot end with \(suffix)")
        }
        self.components = components
        value = "/" + components.joined(separator: "/")
    }

    /// The id of the user who owns the path: the first component of a path under `/<id>/`;
    /// nil for a path of one component such as `/default`.
    public var ownerId: String? { components.count >= 2 ? components[0] : nil }

    /// Whether `user` may create the realm and has `admin` on it by rule: administrators
    /// anywhere, other users under `/<their id>/`. Others need a grant (``PermissionService``).
    public func isAccessible(by user: AuthenticatedUser) -> Bool {
        user.isAdmin || ownerId == user.id
    }

    public var description: String { value }
}
