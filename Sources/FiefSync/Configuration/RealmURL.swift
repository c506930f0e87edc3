import Foundation

/// A synced realm's address: `realm://host:port/path` (plain WebSocket) or
/// `realms://host:port/path` (TLS), where a `~` path component stands for the user's id.
///
/// It says where the sync connection goes (`ws://host:port/sync` or `wss://…`) and what path
/// the session binds on the server.
struct RealmURL: Sendable, Equatable {
    /// The URL as given.
    let url: URL
    /// Whether the connection uses TLS (`realms://`).
    let isSecure: Bool
    /// `host:port` (the port defaults to 9080 for `realm://` and 443 for `realms://`).
    let authority: String
    /// The path on the server, `~` kept (the server expands it): for example `/~/tasks`.
    let path: String

    /// Parses `url`. Refuses another scheme, a missing host or path, and paths ending in
    /// `.realm`, `.realm.lock` or `.realm.management` (as Realm did).
    init(_ url: URL) throws(SyncError) {
        guard let scheme = url.scheme?.lowercased(), scheme == "realm" || scheme == "realms" else {
            throw SyncError(.badRealmURL, "\(url.absoluteString): a realm URL starts with realm:// or realms://")
        }
        guard let host = url.host, !host.isEmpty else {
            throw SyncError(.badRealmURL, "\(url.absoluteString): the URL names no server")
        }
        let path = url.path
        guard path.count > 1, path.hasPrefix("/") else {
            throw SyncError(.badRealmURL, "\(url.absoluteString): the URL names no realm path (for example /~/tasks)")
        }
        for suffix in [".realm", ".realm.lock", ".realm.management"] where path.hasSuffix(suffix) {
            throw SyncError(.badRealmURL, "\(url.absoluteString): a realm path cannot end with \(suffix)")
        }
        self.url = url
        isSecure = scheme == "realms"
        let port = url.port ?? (isSecure ? 443 : 9080)
        authority = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        self.path = path
    }

    /// The realm URL of `path` on the server an app's `baseURL` (`http://` or `https://`) names.
    static func on(_ baseURL: URL, path: String) -> URL {
        var components = URLComponents()
        components.scheme = baseURL.scheme?.lowercased() == "https" ? "realms" : "realm"
        components.host = baseURL.host ?? "localhost"
        components.port = baseURL.port ?? (baseURL.scheme?.lowercased() == "https" ? 443 : 9080)
        components.percentEncodedPath = path
        return components.url!
    }

    /// The WebSocket URL of the sync endpoint: `ws(s)://host:port[/prefix]/sync`.
    func syncEndpoint(urlPrefix: String?) -> String {
        var prefix = urlPrefix ?? ""
        while prefix.hasSuffix("/") { prefix.removeLast() }
        if !prefix.isEmpty && !prefix.hasPrefix("/") { prefix = "/" + prefix }
        return "\(isSecure ? "wss" : "ws")://\(authority)\(prefix)/sync"
    }

    /// The path with `~` replaced by `userId`, as the server stores it.
    func expandedPath(userId: String) -> String {
        "/" + path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { $0 == "~" ? userId : String($0) }.joined(separator: "/")
    }
}
