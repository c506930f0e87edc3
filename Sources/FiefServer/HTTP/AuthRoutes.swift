import Hummingbird

/// `/auth/register`, `/auth/login`, `/auth/refresh`, `/auth/logout`.
enum AuthRoutes {
    static func add(to router: Router<ServerRequestContext>, auth: AuthService) {
        let group = router.group("auth")
        group.post("register") { request, context in
            try await handle { try JSONBody.response(try await auth.register(try await JSONBody.decode(RegisterRequest.self, from: request), address: context.remoteAddress)) }
        }
        group.post("login") { request, context in
            try await handle { try JSONBody.response(try await auth.login(try await JSONBody.decode(LoginRequest.self, from: request), address: context.remoteAddress)) }
        }
        group.post("refresh") { request, _ in
            try await handle { try JSONBody.response(try await auth.refresh(try await JSONBody.decode(RefreshRequest.self, from: request))) }
        }
        group.post("logout") { request, _ in
            try await handle {
                try await auth.logout(try await JSONBody.decode(RefreshRequest.self, from: request))
                return try JSONBody.response(["status": "loggedOut"])
            }
        }
    }

    /// Runs a route, turning every error into an ``APIError``.
    private static func handle(_ body: () async throws -> Response) async throws -> Response {
        do { return try await body() } catch { throw APIError.from(error) }
    }
}
