import Hummingbird

/// A user's API keys, all with `Authorization: Bearer <access token>` of the user:
///
/// - `POST /auth/api-keys` `{name}` → `{id, name, key, disabled}`: the key is in this answer only.
/// - `GET /auth/api-keys` → `{apiKeys: [{id, name, disabled}]}`, oldest first.
/// - `GET /auth/api-keys/<id>` → `{id, name, disabled}`.
/// - `PUT /auth/api-keys/<id>/disable` and `PUT /auth/api-keys/<id>/enable` → `{id, name, disabled}`.
/// - `DELETE /auth/api-keys/<id>` → `{status: "deleted"}`.
///
/// `POST /auth/login` `{provider: "api-key", token: <key>}` logs in as the key's user.
enum APIKeyRoutes {
    static func add(to router: Router<ServerRequestContext>, auth: AuthService) {
        let group = router.group("auth/api-keys")
        group.post { request, context in
            try await RouteHandling.handle(context) {
                let caller = try RouteHandling.authenticate(request, auth: auth)
                let body = try await JSONBody.decode(CreateAPIKeyRequest.self, from: request)
                return try JSONBody.response(try await auth.createAPIKey(named: body.name, for: caller))
            }
        }
        group.get { request, context in
            try await RouteHandling.handle(context) {
                let caller = try RouteHandling.authenticate(request, auth: auth)
                return try JSONBody.response(APIKeyListResponse(apiKeys: try await auth.apiKeys(of: caller)))
            }
        }
        group.get(":id") { request, context in
            try await RouteHandling.handle(context) {
                let caller = try RouteHandling.authenticate(request, auth: auth)
                return try JSONBody.response(try await auth.apiKey(id: context.parameters.get("id") ?? "", of: caller))
            }
        }
        for (action, disabled) in [("disable", true), ("enable", false)] {
            group.put(":id/\(action)") { request, context in
                try await RouteHandling.handle(context) {
                    let caller = try RouteHandling.authenticate(request, auth: auth)
                    let id = context.parameters.get("id") ?? ""
                    try await auth.setAPIKey(id: id, of: caller, disabled: disabled)
                    return try JSONBody.response(try await auth.apiKey(id: id, of: caller))
                }
            }
        }
        group.delete(":id") { request, context in
            try await RouteHandling.handle(context) {
                let caller = try RouteHandling.authenticate(request, auth: auth)
                try await auth.deleteAPIKey(id: context.parameters.get("id") ?? "", of: caller)
                return try JSONBody.response(["status": "deleted"])
            }
        }
    }
}
