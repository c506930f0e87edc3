import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A JSON-over-HTTP client for the tests, on the server's loopback address.
struct HTTPClient {
    let baseURL: String

    struct Reply {
        var status: Int
        var body: Data

        /// The body as a JSON object.
        var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
        /// The `code` of an error body.
        var code: String? { json["code"] as? String }
        func string(_ key: String) -> String? { json[key] as? String }
    }

    func post(_ path: String, _ body: [String: Any], headers: [String: String] = [:]) async throws -> Reply {
        var request = URLRequest(url: URL(string: baseURL + path)!, timeoutInterval: 30)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        return try await send(request)
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> Reply {
        var request = URLRequest(url: URL(string: baseURL + path)!, timeoutInterval: 30)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }

    /// `PUT path` with a JSON body as the user of `token`.
    func put(_ path: String, json: String, token: String) async throws -> Reply {
        var request = URLRequest(url: URL(string: baseURL + path)!, timeoutInterval: 30)
        request.httpMethod = "PUT"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = Data(json.utf8)
        return try await send(request)
    }

    /// `DELETE path` as the user of `token`.
    func delete(_ path: String, token: String) async throws -> Reply {
        var request = URLRequest(url: URL(string: baseURL + path)!, timeoutInterval: 30)
        request.httpMethod = "DELETE"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return try await send(request)
    }

    private func send(_ request: URLRequest) async throws -> Reply {
        let (data, response) = try await URLSession.shared.data(for: request)
        return Reply(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }

    /// `POST path` as the user of `token` (`Authorization: Bearer`).
    func post(_ path: String, _ body: [String: Any], token: String) async throws -> Reply {
        try await post(path, body, headers: ["Authorization": "Bearer \(token)"])
    }

    /// `GET path` as the user of `token`.
    func get(_ path: String, token: String) async throws -> Reply {
        try await get(path, headers: ["Authorization": "Bearer \(token)"])
    }

    /// Registers `username` and returns its login.
    func register(_ username: String, password: String = "correct horse") async throws -> Login {
        let reply = try await post("/auth/register", ["username": username, "password": password])
        return try Login(reply)
    }

    /// Logs in with the admin token.
    func loginAdmin(token: String) async throws -> Login {
        try Login(try await post("/auth/login", ["provider": "admin-token", "token": token]))
    }
}

/// A successful login.
struct Login {
    var userId: String
    var accessToken: String
    var refreshToken: String
    var isAdmin: Bool

    init(_ reply: HTTPClient.Reply) throws {
        guard reply.status == 200, let userId = reply.string("userId"), let access = reply.string("accessToken"),
              let refresh = reply.string("refreshToken"), let isAdmin = reply.json["isAdmin"] as? Bool else {
            throw LoginFailed(status: reply.status, body: String(decoding: reply.body, as: UTF8.self))
        }
        self.userId = userId
        accessToken = access
        refreshToken = refresh
        self.isAdmin = isAdmin
    }
}

struct LoginFailed: Error, CustomStringConvertible {
    var status: Int
    var body: String
    var description: String { "login failed with \(status): \(body)" }
}
