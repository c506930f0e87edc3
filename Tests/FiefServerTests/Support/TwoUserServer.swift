import Foundation
import ServerProcessSupport

/// The start of most server tests: a real `fief-server` with its data in a new temporary
/// directory (the caller removes it), an HTTP client for it, and the users frank and grace
/// registered.
///
/// ```swift
/// let (directory, server, http, frank, grace) = try await startServerWithFrankAndGrace()
/// defer { try? FileManager.default.removeItem(at: directory) }
/// ```
func startServerWithFrankAndGrace(arguments: [String] = []) async throws
    -> (directory: URL, server: ServerProcess, http: HTTPClient, frank: Login, grace: Login) {
    let directory = makeTemporaryDirectory()
    do {
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"), arguments: arguments)
        let http = HTTPClient(baseURL: server.baseURL)
        let frank = try await http.register("frank")
        let grace = try await http.register("grace")
        return (directory, server, http, frank, grace)
    } catch {
        try? FileManager.default.removeItem(at: directory)
        throw error
    }
}
