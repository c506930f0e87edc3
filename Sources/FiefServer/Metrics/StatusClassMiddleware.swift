import Hummingbird

/// Counts every HTTP response by its status class (`fief_http_requests_total{status="2xx"}`);
/// an error thrown by a route counts with the status it answers with (500 when it has none).
struct StatusClassMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            let response = try await next(request, context)
            metrics.httpResponse(status: response.status.code)
            return response
        } catch {
            metrics.httpResponse(status: (error as? any HTTPResponseError)?.status.code ?? 500)
            throw error
        }
    }
}
