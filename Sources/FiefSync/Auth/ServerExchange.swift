import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One JSON request to `fief-server` over HTTP and its raw answer, with every transport
/// failure turned into an ``ExchangeFailure``. Auth and permission calls build on it.
struct ServerExchange: Sendable {
    /// The server's HTTP address, for example `http://127.0.0.1:9080`.
    let baseURL: URL
    /// How long one request may take, connecting included.
    let timeout: TimeInterval
    /// PEM certificates trusted besides the system's roots.
    var trustedRootCertificates: [String] = []

    /// The largest body read from the server; anything longer is a bad response.
    static let maximumBodyBytes = 4 << 20

    /// What the server answered.
    struct Reply: Sendable {
        var status: Int
        var body: Data
    }

    /// Sends `body` as JSON to `path` (for example `auth/login`) with an optional bearer token.
    func send(_ method: HTTPMethod, _ path: String, body: Data?, bearer: String? = nil,
              timeout override: TimeInterval? = nil) async throws(ExchangeFailure) -> Reply {
        guard let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https", baseURL.host != nil else {
            throw .invalidURL("the server address \(baseURL.absoluteString) is not an http:// or https:// URL with a host")
        }
        let url = baseURL.appendingPathComponent(path)
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(body)
        }
        if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        let seconds = max(override ?? timeout, 0.001)
        let client: HTTPClient
        do { client = try FiefHTTPClient.client(trusting: trustedRootCertificates) } catch {
            throw .network("the app's trusted root certificates are not PEM certificates (\(error))")
        }
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(seconds * 1000)))
            let buffer = try await response.body.collect(upTo: Self.maximumBodyBytes)
            return Reply(status: Int(response.status.code), body: Data(buffer.readableBytesView))
        } catch {
            throw ExchangeFailure(error, url: url, timeout: seconds)
        }
    }
}

/// Why an HTTP exchange with the server produced no usable answer.
enum ExchangeFailure: Error, Sendable {
    /// The base URL is not http(s).
    case invalidURL(String)
    /// The server could not be reached or the connection broke.
    case network(String)
    /// No answer within the timeout.
    case timedOut(String)
    /// The bytes were not an HTTP answer, or the body was too long.
    case badResponse(String)
    /// The calling task was cancelled.
    case cancelled

    /// Classifies an error of AsyncHTTPClient or SwiftNIO.
    init(_ error: any Error, url: URL, timeout: TimeInterval) {
        let target = url.absoluteString
        if error is CancellationError {
            self = .cancelled
            return
        }
        if error is HTTPParserError {
            self = .badResponse("\(target) answered bytes that are not HTTP (\(error))")
            return
        }
        if let client = error as? HTTPClientError {
            let timeouts: [HTTPClientError] = [.readTimeout, .connectTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout,
                                               .writeTimeout, .tlsHandshakeTimeout]
            if timeouts.contains(client) {
                self = .timedOut("\(target) did not answer within \(timeout) s (\(client))")
            } else if client == .cancelled {
                self = .cancelled
            } else if client == .remoteConnectionClosed {
                self = .network("\(target) closed the connection before answering")
            } else {
                self = .network("request to \(target) failed: \(client)")
            }
            return
        }
        if let nio = error as? NIOTooManyBytesError {
            self = .badResponse("\(target) answered a body longer than \(ServerExchange.maximumBodyBytes) bytes (\(nio))")
            return
        }
        self = .network("cannot reach \(target): \(error)")
    }
}
