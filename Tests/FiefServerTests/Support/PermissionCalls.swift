import Foundation

/// The permission endpoints, as the tests call them.
extension HTTPClient {
    /// `POST /permissions/offers` as `login`.
    func createOffer(_ login: Login, path: String, level: String, expiresAt: String? = nil) async throws -> Reply {
        var body: [String: Any] = ["path": path, "accessLevel": level]
        if let expiresAt { body["expiresAt"] = expiresAt }
        return try await post("/permissions/offers", body, token: login.accessToken)
    }

    /// `POST /permissions/offers/accept` as `login`.
    func acceptOffer(_ login: Login, token: String) async throws -> Reply {
        try await post("/permissions/offers/accept", ["token": token], token: login.accessToken)
    }

    /// `POST /permissions` as `login`: sets `userId`'s level on `path`.
    func setLevel(_ login: Login, path: String, userId: String, level: String) async throws -> Reply {
        try await post("/permissions", ["path": path, "userId": userId, "accessLevel": level], token: login.accessToken)
    }

    /// `GET /permissions` as `login`: the entries by path.
    func permissions(_ login: Login) async throws -> [String: [String: Any]] {
        let reply = try await get("/permissions", token: login.accessToken)
        guard reply.status == 200, let entries = reply.json["permissions"] as? [[String: Any]] else {
            throw LoginFailed(status: reply.status, body: String(decoding: reply.body, as: UTF8.self))
        }
        return Dictionary(entries.map { ($0["path"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// The offer listing and revocation endpoints.
extension HTTPClient {
    /// `GET /permissions/offers` as `login` (`all`: every user's, for administrators).
    func offers(_ login: Login, all: Bool = false) async throws -> Reply {
        try await get(all ? "/permissions/offers?all=true" : "/permissions/offers", token: login.accessToken)
    }

    /// `DELETE /permissions/offers/<id>` as `login`.
    func revokeOffer(_ login: Login, id: String) async throws -> Reply {
        try await delete("/permissions/offers/\(id)", token: login.accessToken)
    }
}

extension HTTPClient.Reply {
    /// The `offers` of a `GET /permissions/offers` answer.
    var offers: [[String: Any]] { json["offers"] as? [[String: Any]] ?? [] }
}
