import Hummingbird

/// `DELETE /users/<id>` with `Authorization: Bearer <access token>` of the user or of an
/// administrator: deletes the account (`user.delete()`) with its API keys, custom data,
/// grants, offers (revoked) and tokens → `{status: "deleted"}`. The realms under `/<id>/` stay
/// on the server; open sync connections end when their access token expires (30 minutes at
/// most), since a refresh is refused at once.
///
/// `POST /auth/link` with the user's access token and a login body (`jwt` or `password`) links
/// that identity to the user (``AuthService/link(_:to:address:)``) → a new login of the user.
enum UserRoutes {
    static func add(to router: Router<ServerRequestContext>, auth: AuthService) {
        router.post("auth/link") { request, context in
            try await RouteHandling.handle(context) {
                let caller = try RouteHandling.authenticate(request, auth: auth)
                let body = try await JSONBody.decode(LoginRequest.self, from: request)
                return try JSONBody.response(try await auth.link(body, to: caller, address: context.remoteAddress))
            }
        }
        router.delete("users/:id") { request, context in
            try await RouteHandling.handle(context) {
                let caller = try RouteHandling.authenticate(request, auth: auth)
                try await auth.deleteUser(context.parameters.get("id") ?? "", by: caller)
                return try JSONBody.response(["status": "deleted"])
            }
        }
    }
}
