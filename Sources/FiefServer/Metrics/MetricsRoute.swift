import Hummingbird

/// `GET /metrics`: the registry in the Prometheus text format (version 0.0.4). With a token
/// configured, a request without `Authorization: Bearer <token>` gets 401 `invalidAccessToken`.
enum MetricsRoute {
    static func add(to router: Router<ServerRequestContext>, configuration: ServerMetricsConfiguration) {
        router.get("metrics") { request, _ in
            if let token = configuration.token {
                let header = request.headers[.authorization] ?? ""
                guard header.hasPrefix("Bearer "), Crypto.constantTimeEqual(Array(header.utf8.dropFirst("Bearer ".utf8.count)), Array(token.utf8)) else {
                    throw APIError(.unauthorized, code: "invalidAccessToken", message: "GET /metrics needs Authorization: Bearer with the server's metrics token")
                }
            }
            let bytes = configuration.registry.emitToBuffer()
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }
}
