import Hummingbird

/// `GET /realms/rules?path=<path>` and `PUT /realms/rules` (body ``SetRulesRequest``): a
/// realm's permission rules (``RealmRules``), for the realm's managers (the `admin` level) and
/// server administrators. Both need `Authorization: Bearer <access token>`.
///
/// ```sh
/// curl -X PUT -H "Authorization: Bearer $TOKEN" http://127.0.0.1:9080/realms/rules \
///   -d '{"path": "/default", "rules": {"roles": [{"name": "all", "default": {"read": "TRUEPREDICATE", "write": "owner_id == $user.id"}}]}}'
/// ```
enum RulesRoutes {
    static func add(to router: Router<ServerRequestContext>, auth: AuthService, permissions: PermissionService, hub: SyncHub) {
        router.get("realms/rules") { request, context in
            try await RouteHandling.handle(context) {
                let user = try RouteHandling.authenticate(request, auth: auth)
                let path = try permissions.path(request.uri.queryParameters.get("path") ?? "", for: user)
                try await permissions.requireManager(user, of: path)
                return try JSONBody.response(RulesResponse(path: path.value, rules: try await hub.rules(path)))
            }
        }
        router.put("realms/rules") { request, context in
            try await RouteHandling.handle(context) {
                let user = try RouteHandling.authenticate(request, auth: auth)
                let body = try await JSONBody.decode(SetRulesRequest.self, from: request)
                let path = try permissions.path(body.path, for: user)
                try await permissions.requireManager(user, of: path)
                try body.rules?.validate()
                try await hub.setRules(body.rules, path: path)
                return try JSONBody.response(RulesResponse(path: path.value, rules: body.rules))
            }
        }
    }
}

/// The body of `PUT /realms/rules`.
public struct SetRulesRequest: Codable, Sendable, Equatable {
    /// The realm path; `~` is the caller's id.
    public var path: String
    /// The new rules; null removes them (everyone who may open the realm reads and writes all of it).
    public var rules: RealmRules?

    public init(path: String, rules: RealmRules?) {
        self.path = path
        self.rules = rules
    }
}

/// A realm's rules, as the rules routes answer.
public struct RulesResponse: Codable, Sendable, Equatable {
    /// The normalized realm path.
    public var path: String
    /// The rules; null when the realm has none.
    public var rules: RealmRules?
}
