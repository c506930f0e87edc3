import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL

/// FiefSync's HTTP clients, shared by the whole process and never shut down: one trusting the
/// system's roots, and one per list of extra trusted roots (``AppConfiguration/trustedRootCertificates``).
///
/// Unlike `HTTPClient.shared` they do not retry a refused connection until the request's
/// deadline: a server that is down fails a login at once with a network failure, and the
/// caller (a person, or a sync session's backoff) decides when to try again.
enum FiefHTTPClient {
    static let shared: HTTPClient = make(tls: nil)

    private static let lock = NSLock()
    nonisolated(unsafe) private static var clientsByRoots: [[String]: HTTPClient] = [:]

    /// The client that also trusts `roots` (PEM); the shared one when there are none. Throws
    /// when a root is not PEM.
    static func client(trusting roots: [String]) throws -> HTTPClient {
        guard !roots.isEmpty else { return shared }
        lock.lock(); defer { lock.unlock() }
        if let client = clientsByRoots[roots] { return client }
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.additionalTrustRoots = [.certificates(try certificates(roots))]
        let client = make(tls: tls)
        clientsByRoots[roots] = client
        return client
    }

    /// The certificates of PEM strings (each one or more); throws when one is not PEM.
    static func certificates(_ pems: [String]) throws -> [NIOSSLCertificate] {
        try pems.flatMap { try NIOSSLCertificate.fromPEMBytes(Array($0.utf8)) }
    }

    private static func make(tls: TLSConfiguration?) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(10), read: .seconds(60))
        if let tls { configuration.tlsConfiguration = tls }
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }
}
