import Foundation
import NIOHTTP1

extension User {
    /// The realms this user may use, and how. The callback runs on `queue`
    /// (``Dispatch/DispatchQueue/fiefCallbacks`` unless given) with the permissions or a
    /// ``SyncPermissionError``; it may be called from any thread.
    ///
    /// ```swift
    /// user.retrievePermissions { permissions, error in
    ///     for permission in permissions ?? SyncPermissionResults([]) { print(permission.path, permission.accessLevel) }
    /// }
    /// ```
    public func retrievePermissions(callbackQueue queue: DispatchQueue = .fiefCallbacks,
                                    callback: @escaping @Sendable (SyncPermissionResults?, SyncPermissionError?) -> Void) {
        Task {
            do {
                let results = try await retrievePermissions()
                queue.async { callback(results, nil) }
            } catch {
                let failure = SyncPermissionError.wrapping(error)
                queue.async { callback(nil, failure) }
            }
        }
    }

    /// The realms this user may use, and how.
    ///
    /// ```swift
    /// let writable = try await user.retrievePermissions().filter(\.mayWrite)
    /// ```
    public func retrievePermissions() async throws -> SyncPermissionResults {
        let list = try await permissionCall(.GET, "permissions", body: nil as AcceptOfferBody?, answer: PermissionListBody.self)
        var permissions: [SyncPermission] = []
        for entry in list.permissions {
            guard let level = SyncAccessLevel(rawValue: entry.accessLevel), let updatedAt = ISOTimestamp.parse(entry.updatedAt) else {
                throw SyncPermissionError(.badResponse, "GET /permissions answered an entry for \(entry.path) with level \"\(entry.accessLevel)\" and date \"\(entry.updatedAt)\", which do not parse")
            }
            permissions.append(SyncPermission(path: entry.path, userId: entry.userId, accessLevel: level, mayRead: entry.mayRead,
                                              mayWrite: entry.mayWrite, mayManage: entry.mayManage, updatedAt: updatedAt))
        }
        return SyncPermissionResults(permissions)
    }

    /// Creates an offer of `accessLevel` on the realm at `url`, which the user must manage,
    /// and calls back with its token (to hand to the people invited) or the error, on `queue`.
    ///
    /// ```swift
    /// user.createOfferForRealm(at: URL(string: "realm://127.0.0.1:9080/~/tasks")!, accessLevel: .write) { token, error in
    ///     if let token { send(token, to: friend) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - url: the realm, `realm://host:port/path` or `realms://...`; its path is sent as it is
    ///     (`~` is this user's id, expanded by the server).
    ///   - accessLevel: what accepting grants (`.read`, `.write` or `.admin`).
    ///   - expiration: after this date the offer is refused; nil never expires.
    public func createOfferForRealm(at url: URL, accessLevel: SyncAccessLevel, expiration: Date? = nil,
                                    callbackQueue queue: DispatchQueue = .fiefCallbacks,
                                    callback: @escaping @Sendable (String?, SyncPermissionError?) -> Void) {
        Task {
            do {
                let token = try await createOfferForRealm(at: url, accessLevel: accessLevel, expiration: expiration)
                queue.async { callback(token, nil) }
            } catch {
                let failure = SyncPermissionError.wrapping(error)
                queue.async { callback(nil, failure) }
            }
        }
    }

    /// Creates an offer of `accessLevel` on the realm at `url` and returns its token.
    ///
    /// ```swift
    /// let token = try await user.createOfferForRealm(at: URL(string: "realm://127.0.0.1:9080/~/tasks")!, accessLevel: .read)
    /// ```
    public func createOfferForRealm(at url: URL, accessLevel: SyncAccessLevel,
                                    expiration: Date? = nil) async throws -> String {
        guard accessLevel != .none else {
            throw SyncPermissionError(.badRequest, "an offer grants read, write or admin, not none")
        }
        if let scheme = url.scheme?.lowercased(), !["realm", "realms", "http", "https"].contains(scheme) {
            throw SyncPermissionError(.invalidURL, "\(url.absoluteString) is not a realm:// or realms:// URL")
        }
        let path = url.path
        guard path.count > 1 else {
            throw SyncPermissionError(.invalidURL, "\(url.absoluteString) names no realm path (expected realm://host:port/~/name)")
        }
        let body = CreateOfferBody(path: path, accessLevel: accessLevel.rawValue, expiresAt: expiration.map(ISOTimestamp.format))
        return try await permissionCall(.POST, "permissions/offers", body: body, answer: OfferBody.self).token
    }

    /// Accepts an offer and calls back with the URL of the realm it opens (`realm://` or
    /// `realms://` on this user's server) or the error, on `queue`.
    ///
    /// ```swift
    /// user.acceptOffer(forToken: token) { url, error in
    ///     if let url { Realm.Configuration.defaultConfiguration = user.configuration(realmURL: url) }
    /// }
    /// ```
    public func acceptOffer(forToken token: String, callbackQueue queue: DispatchQueue = .fiefCallbacks,
                            callback: @escaping @Sendable (URL?, SyncPermissionError?) -> Void) {
        Task {
            do {
                let url = try await acceptOffer(forToken: token)
                queue.async { callback(url, nil) }
            } catch {
                let failure = SyncPermissionError.wrapping(error)
                queue.async { callback(nil, failure) }
            }
        }
    }

    /// Accepts an offer and returns the URL of the realm it opens.
    ///
    /// ```swift
    /// let url = try await user.acceptOffer(forToken: token)   // realm://127.0.0.1:9080/5f1c.../tasks
    /// ```
    ///
    /// Throws ``SyncPermissionError``: `.offerNotFound`, `.offerExpired`, `.userLoggedOut`...
    public func acceptOffer(forToken token: String) async throws -> URL {
        let accepted = try await permissionCall(.POST, "permissions/offers/accept", body: AcceptOfferBody(token: token),
                                                answer: AcceptedOfferBody.self)
        guard let url = realmURL(path: accepted.path) else {
            throw SyncPermissionError(.badResponse, "POST /permissions/offers/accept answered the path \"\(accepted.path)\", which is not a realm path")
        }
        return url
    }

    /// `realm://host:port/path` on this user's server (`realms://` when it uses https).
    func realmURL(path: String) -> URL? {
        guard path.hasPrefix("/"), let host = app.baseURL.host else { return nil }
        var components = URLComponents()
        components.scheme = app.baseURL.scheme?.lowercased() == "https" ? "realms" : "realm"
        components.host = host
        components.port = app.baseURL.port
        components.path = path
        return components.url
    }

    /// A permission request with the user's access token, refreshed and retried once when
    /// the server finds it expired.
    func permissionCall<Body: Encodable, Answer: Decodable>(_ method: HTTPMethod, _ path: String, body: Body?,
                                                                    answer: Answer.Type) async throws(SyncPermissionError) -> Answer {
        let data: Data?
        do { data = try body.map { try JSONEncoder().encode($0) } } catch {
            throw SyncPermissionError(.badRequest, "cannot encode the request to /\(path): \(error)")
        }
        let endpoint = "\(method.rawValue) /\(path)"
        let reply: ServerExchange.Reply
        do { reply = try await authorizedReply(method, path, data: data) } catch { throw SyncPermissionError(auth: error) }
        guard (200..<300).contains(reply.status) else { throw SyncPermissionError(reply: reply, endpoint: endpoint) }
        switch ReplyDecoding.decode(Answer.self, reply, endpoint: endpoint) {
        case .success(let value): return value
        case .failure(let problem): throw SyncPermissionError(.badResponse, problem.message, httpStatus: reply.status)
        }
    }
}
