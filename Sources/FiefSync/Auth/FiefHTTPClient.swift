import AsyncHTTPClient
import NIOCore

/// FiefSync's HTTP client, shared by the whole process and never shut down.
///
/// Unlike `HTTPClient.shared` it does not retry a refused connection until the request's
/// deadline: a server that is down fails a login at once with a network failure, and the
/// caller (a person, or a sync session's backoff) decides when to try again.
enum FiefHTTPClient {
    static let shared: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(10), read: .seconds(60))
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
