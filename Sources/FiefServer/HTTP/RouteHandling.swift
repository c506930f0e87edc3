import Hummingbird

/// What every JSON route shares: errors as ``APIError`` bodies and bearer authentication.
enum RouteHandling {
    /// Runs a route, turning every error into an ``APIError``; unexpected ones are logged.
    static func handle(_ context: ServerRequestContext, _ body: () async throws -> Response) async throws -> Response {
        do { return try await body() } catch {
            let api = APIError.from(error)
            if api.code == "internalError" { context.logger.error("request failed", metadata: ["error": "\(error)"]) }
            throw api
        }
    }

    /// The user of the request's `Authorization: Bearer <access token>` header;
    /// `invalidAccessToken` (401) when it is missing, malformed or expired.
    static func authenticate(_ request: Request, auth: AuthService) throws -> AuthenticatedUser {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else {
            throw APIError(AuthError.invalidAccessToken("the request has no Authorization: Bearer header"))
        }
        do { return try auth.authenticate(accessToken: String(header.dropFirst("Bearer ".count))) } catch {
            throw APIError(error)
        }
    }
}
