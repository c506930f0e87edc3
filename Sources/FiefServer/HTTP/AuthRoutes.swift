import Hummingbird

/// `/auth/register`, `/auth/login`, `/auth/refresh`, `/auth/logout`.
enum AuthRoutes {
    static func add(to router: Router<ServerRequestContext>, auth: AuthService, metrics: ServerMetrics) {
        let group = router.group("auth")
        group.post("register") { request, context in
            try await handle(context) {
                switch try await auth.register(try await JSONBody.decode(RegisterRequest.self, from: request), address: context.remoteAddress) {
                case .loggedIn(let login): return try JSONBody.response(login)
                case .awaitingConfirmation(let userId):
                    return try JSONBody.response(AwaitingConfirmationResponse(userId: userId, status: "awaitingConfirmation"))
                }
            }
        }
        group.post("login") { request, context in
            try await handle(context) {
                do {
                    let answer = try await auth.login(try await JSONBody.decode(LoginRequest.self, from: request), address: context.remoteAddress)
                    metrics.loginAttempt("success")
                    return try JSONBody.response(answer)
                } catch {
                    metrics.loginAttempt(APIError.from(error).code)
                    throw error
                }
            }
        }
        group.post("refresh") { request, context in
            try await handle(context) { try JSONBody.response(try await auth.refresh(try await JSONBody.decode(RefreshRequest.self, from: request))) }
        }
        group.post("logout") { request, context in
            try await handle(context) {
                try await auth.logout(try await JSONBody.decode(RefreshRequest.self, from: request))
                return try JSONBody.response(["status": "loggedOut"])
            }
        }
    }

    private static func handle(_ context: ServerRequestContext, _ body: () async throws -> Response) async throws -> Response {
        try await RouteHandling.handle(context, body)
    }
}
