import Foundation

/// The apps behind the Realm Object Server era's API: one ``App`` per server (scheme, host
/// and port), with the app id `server-<host>-<port>` and the default root directory. Apps of
/// servers whose users logged in before (in an earlier run) are found on disk the first
/// time the registry is used.
final class ServerApps: @unchecked Sendable {
    static let shared = ServerApps()

    private struct State {
        var apps: [String: App] = [:]
        var restored = false
    }

    private let state = AuthLocked(State())
    static let idPrefix = "server-"

    /// The app for `server` (an http or https URL), created on first use.
    func app(for server: URL) throws(SyncAuthError) -> App {
        guard let scheme = server.scheme?.lowercased(), ["http", "https"].contains(scheme), let host = server.host, !host.isEmpty else {
            throw SyncAuthError(.invalidURL, "the server URL \(server.absoluteString) is not an http:// or https:// URL with a host")
        }
        let port = server.port ?? (scheme == "https" ? 443 : 80)
        let base = "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        let id = Self.appId(host: host, port: port, secure: scheme == "https")
        restoreIfNeeded()
        return state.withLock { state in
            if let app = state.apps[id] { return app }
            let app = App(id: id, configuration: AppConfiguration(baseURL: base))
            state.apps[id] = app
            return app
        }
    }

    /// Every server app known in this process (after looking on disk once).
    func allApps() -> [App] {
        restoreIfNeeded()
        return state.withLock { Array($0.apps.values) }
    }

    /// `server-<host>-<port>`, with `-tls` for https; characters unsafe in file names become `_`.
    static func appId(host: String, port: Int, secure: Bool) -> String {
        let safeHost = String(host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        return "\(idPrefix)\(safeHost)-\(port)\(secure ? "-tls" : "")"
    }

    /// Creates the apps whose caches under the default root directory hold users.
    private func restoreIfNeeded() {
        let first = state.withLock { state in
            defer { state.restored = true }
            return !state.restored
        }
        guard first else { return }
        let folder = AppConfiguration.defaultRootDirectory.appendingPathComponent("fief-sync")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(Self.idPrefix) {
            let cache = UserCache(directory: folder.appendingPathComponent(name), encryptionKey: nil)
            guard let record = (try? cache.load())?.first(where: { $0.appId == name && !$0.serverURL.isEmpty }) else { continue }
            state.withLock { state in
                if state.apps[name] == nil {
                    state.apps[name] = App(id: name, configuration: AppConfiguration(baseURL: record.serverURL))
                }
            }
        }
    }
}
