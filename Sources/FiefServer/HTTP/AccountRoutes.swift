import Hummingbird

/// Confirming password accounts and resetting passwords (``AccountFlowConfiguration``); no
/// access token, every call rate-limited like logins:
///
/// - `POST /auth/confirm` `{token, tokenId}` confirms the account.
/// - `POST /auth/confirm/resend` `{username}` sends a new confirmation token to the webhook.
/// - `POST /auth/password/reset/send` `{username}` sends a password-reset token to the webhook.
/// - `POST /auth/password/reset` `{token, tokenId, password}` sets the password and ends the
///   account's sessions.
/// - `POST /auth/password/reset/call` `{username, password, args}` asks the webhook, as
///   RealmSwift's reset function, and answers `{"status": "success" | "pending"}`.
///
/// The others answer `{"status": "ok"}`; the two `send` routes answer the same for unknown names.
enum AccountRoutes {
    static func add(to router: Router<ServerRequestContext>, auth: AuthService) {
        let group = router.group("auth")
        group.post("confirm") { request, context in
            try await RouteHandling.handle(context) {
                try await auth.confirm(try await JSONBody.decode(AccountTokenRequest.self, from: request), address: context.remoteAddress)
                return try JSONBody.response(["status": "ok"])
            }
        }
        group.post("confirm/resend") { request, context in
            try await RouteHandling.handle(context) {
                try await auth.resendConfirmation(try await JSONBody.decode(AccountNameRequest.self, from: request), address: context.remoteAddress)
                return try JSONBody.response(["status": "ok"])
            }
        }
        group.post("password/reset/send") { request, context in
            try await RouteHandling.handle(context) {
                try await auth.sendPasswordReset(try await JSONBody.decode(AccountNameRequest.self, from: request), address: context.remoteAddress)
                return try JSONBody.response(["status": "ok"])
            }
        }
        group.post("password/reset/call") { request, context in
            try await RouteHandling.handle(context) {
                try JSONBody.response(try await auth.callResetPasswordFunction(try await JSONBody.decode(ResetFunctionRequest.self, from: request),
                                                                               address: context.remoteAddress))
            }
        }
        group.post("password/reset") { request, context in
            try await RouteHandling.handle(context) {
                try await auth.resetPassword(try await JSONBody.decode(ResetPasswordRequest.self, from: request), address: context.remoteAddress)
                return try JSONBody.response(["status": "ok"])
            }
        }
    }
}
