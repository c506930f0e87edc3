import FiefQueryLanguage
import Foundation

/// The permission rules of one realm: per role and per class, which objects a user may read
/// and write, written as Realm Query Language filters, and whether they may create and delete.
///
/// Rules are set by a realm's managers with `PUT /realms/rules`. A realm without rules lets
/// everyone who may open it read and write everything (its path permission decides). With
/// rules, each user gets the first role that applies to them (a role without `users` applies to
/// everyone), and from it the rule of each class (or the role's `default`). Classes a role does
/// not mention and that have no default may be neither read nor written. Server
/// administrators and the realm's managers (`admin` level) are not bound by rules.
///
/// Filters may name the user: `owner_id == $user.id`. Internal classes (names starting with
/// `__`, such as `__User`) are written only by the server.
///
/// ```json
/// {"roles": [
///   {"name": "reviewer", "users": ["4f2c…"], "default": {"read": "TRUEPREDICATE", "write": "TRUEPREDICATE"}},
///   {"name": "member", "classes": {
///     "Todo": {"read": "TRUEPREDICATE", "write": "owner_id == $user.id", "create": true, "delete": false}}}
/// ]}
/// ```
public struct RealmRules: Codable, Sendable, Equatable {
    /// The roles, in the order they are tried.
    public var roles: [Role]

    /// Creates rules.
    public init(roles: [Role]) {
        self.roles = roles
    }

    /// A set of users and what they may do.
    public struct Role: Codable, Sendable, Equatable {
        /// The role's name (unique in the rules), for messages.
        public var name: String
        /// The ids of the users the role applies to; nil: everyone.
        public var users: [String]?
        /// The rule of each class.
        public var classes: [String: ClassRule]?
        /// The rule of classes not in `classes`; nil: no access.
        public var `default`: ClassRule?

        /// Creates a role.
        public init(name: String, users: [String]? = nil, classes: [String: ClassRule]? = nil, default: ClassRule? = nil) {
            self.name = name
            self.users = users
            self.classes = classes
            self.default = `default`
        }
    }

    /// What a role may do with the objects of one class.
    public struct ClassRule: Codable, Sendable, Equatable {
        /// The objects the role may read (the server never sends others); nil: none.
        public var read: String?
        /// The objects the role may change; nil: none.
        public var write: String?
        /// Whether the role may create objects (default: when it may write).
        public var create: Bool?
        /// Whether the role may delete the objects it may write (default: when it may write).
        public var delete: Bool?

        /// Creates a class rule.
        public init(read: String? = nil, write: String? = nil, create: Bool? = nil, delete: Bool? = nil) {
            self.read = read
            self.write = write
            self.create = create
            self.delete = delete
        }

        /// Whether the role may create objects of the class.
        public var mayCreate: Bool { create ?? (write != nil) }
        /// Whether the role may delete objects it may write.
        public var mayDelete: Bool { delete ?? (write != nil) }
    }

    /// The role that applies to `userId`, if any.
    public func role(of userId: String) -> Role? {
        roles.first { $0.users?.contains(userId) ?? true }
    }

    /// Checks the rules before they are stored: role names unique and non-empty, every filter
    /// a query that parses, without SORT, DISTINCT or LIMIT. Throws
    /// ``PermissionError/invalidRequest(_:)`` naming the role, class and position. Properties
    /// are checked against the realm's schema when a session uses the rules.
    public func validate() throws(PermissionError) {
        var names: Set<String> = []
        for role in roles {
            guard !role.name.isEmpty else { throw .invalidRequest("a role has an empty name") }
            guard names.insert(role.name).inserted else { throw .invalidRequest("two roles are named \"\(role.name)\"") }
            var rules = (role.classes ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            if let d = role.default { rules.append(("default", d)) }
            for (className, rule) in rules {
                for (kind, filter) in [("read", rule.read), ("write", rule.write)] {
                    guard let filter else { continue }
                    do {
                        let parsed = try QueryLanguage.parse(filter)
                        guard parsed.descriptors.isEmpty else {
                            throw PermissionError.invalidRequest("role \(role.name), \(className), \(kind): SORT, DISTINCT and LIMIT cannot be used in a rule")
                        }
                    } catch let error as QueryParseError {
                        throw .invalidRequest("role \(role.name), \(className), \(kind) filter, line \(error.line), column \(error.column): \(error.message)")
                    } catch {
                        throw error as? PermissionError ?? .invalidRequest("\(error)")
                    }
                }
            }
        }
    }

    /// The rules as stored (JSON with sorted keys).
    func storedJSON() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Rules read back from storage; ``ServerStoreError/corrupt(_:)`` when they do not decode.
    static func decodeStored(_ json: String, path: String) throws -> RealmRules {
        do { return try JSONDecoder().decode(RealmRules.self, from: Data(json.utf8)) } catch {
            throw ServerStoreError.corrupt("the stored rules of \(path) do not decode: \(error)")
        }
    }
}
