@_spi(Sync) import Fief
import FiefSyncProtocol
import Foundation

/// A realm's rules as they bind one user: the role that applies to them, each class's rule,
/// and the values `$user...` stands for in the filters (`$user.id`, `$user.isAdmin` and
/// `$user.custom_data.<field>`).
struct AppliedRules: Sendable, Equatable {
    /// Whether nothing is filtered or refused: the realm has no rules, or the user is a server
    /// administrator or manages the realm.
    let isUnrestricted: Bool
    /// The role that applies (nil: none, so nothing may be read or written).
    let role: RealmRules.Role?
    /// The values of `$user.id` and the like.
    let variables: [String: SyncValue]

    /// `rules` for `user`, whose level on the realm is `level` and whose custom data is
    /// `customData` (its scalars are `$user.custom_data.<dotted path>`; a field the user
    /// lacks is null in filters).
    init(_ rules: RealmRules?, for user: AuthenticatedUser, level: AccessLevel?, customData: [String: CustomDataValue]? = nil) {
        isUnrestricted = rules == nil || user.isAdmin || level == .admin
        role = rules?.role(of: user.id)
        var variables: [String: SyncValue] = ["user.id": .string(user.id), "user.isAdmin": .bool(user.isAdmin)]
        for (path, value) in CustomDataValue.scalars(of: customData ?? [:]) {
            let scalar: SyncValue? = switch value {
            case .bool(let v): .bool(v)
            case .int(let v): .int(v)
            case .double(let v): .double(v)
            case .string(let v): .string(v)
            case .null, .array, .object: nil
            }
            variables["user.custom_data." + path] = scalar
        }
        self.variables = variables
    }

    /// Rules that bind nobody.
    static let unrestricted = AppliedRules()

    private init() {
        isUnrestricted = true
        role = nil
        variables = [:]
    }

    /// Whether `className` is internal to the server (`__User`...): only the server writes it.
    static func isInternal(_ className: String) -> Bool { className.hasPrefix("__") }

    /// The rule for the objects of `className`; nil: the user may neither read nor write them.
    func rule(for className: String) -> RealmRules.ClassRule? {
        if isUnrestricted { return RealmRules.ClassRule(read: "TRUEPREDICATE", write: "TRUEPREDICATE", create: true, delete: true) }
        guard let role else { return nil }
        return role.classes?[className] ?? role.default
    }

    /// The read filter of `className` (nil: nothing is readable).
    func readFilter(for className: String) -> String? { rule(for: className)?.read }

    /// A short description of who the rules bind, for messages.
    var roleDescription: String { role.map { "role \($0.name)" } ?? "no role" }
}
