import Foundation
import NIOHTTP1

extension User {
    /// Sends `body` (JSON, or nothing) to `path` with the user's access token and decodes
    /// the answer as `Answer`. A refused access token is refreshed and the call made once more.
    /// Every failure is a ``SyncAuthError``.
    func authorizedCall<Body: Encodable, Answer: Decodable>(_ method: HTTPMethod, _ path: String, body: Body?,
                                                            answer: Answer.Type) async throws(SyncAuthError) -> Answer {
        let data: Data?
        do { data = try body.map { try JSONEncoder().encode($0) } } catch {
            throw SyncAuthError(.badRequest, "cannot encode the request to /\(path): \(error)")
        }
        let endpoint = "\(method.rawValue) /\(path)"
        let reply = try await authorizedReply(method, path, data: data)
        guard (200..<300).contains(reply.status) else { throw SyncAuthError(reply: reply, endpoint: endpoint) }
        switch ReplyDecoding.decode(Answer.self, reply, endpoint: endpoint) {
        case .success(let value): return value
        case .failure(let problem): throw SyncAuthError(.badResponse, problem.message, httpStatus: reply.status)
        }
    }

    /// Sends `data` to `path` with the user's access token and returns the server's reply,
    /// whatever its status. When the server refuses the token as expired, it is refreshed and
    /// the request sent once more. Failing to get a token or to reach the server throws.
    func authorizedReply(_ method: HTTPMethod, _ path: String, data: Data?) async throws(SyncAuthError) -> ServerExchange.Reply {
        var forceRefresh = false
        while true {
            let token: String
            do {
                token = try await syncAccessToken(forceRefresh: forceRefresh)
            } catch let error as SyncAuthError {
                throw error
            } catch {
                throw SyncAuthError(.networkFailure, "cannot get an access token: \(error)")
            }
            let reply: ServerExchange.Reply
            do {
                reply = try await app.exchange.send(method, path, body: data, bearer: token)
            } catch {
                throw SyncAuthError(error)
            }
            if reply.status == 401, !forceRefresh, ReplyDecoding.errorBody(reply)?.code == "invalidAccessToken" {
                forceRefresh = true
                continue
            }
            return reply
        }
    }
}

/// The answer of a route that answers only a status.
struct StatusBody: Decodable, Sendable {
    var status: String
}
