import Foundation

/// The apps behind the Realm Object Server era's API: one ``App`` per server (scheme, host
/// and port) and default root directory, with the app id `server-<host>-<port>`. Apps of
/// servers whose users logged in before (in an earlier run) are found on disk the first
/// time the registry is used with that root directory.
///
/// The root directory is part of the key because it is read from the environment
/// (`XDG_DATA_HOME` on Linux) when an app is made: a process that points it elsewhere gets
/// the apps and users kept there, not those of an app made before under the old one.
final class ServerApps: @unchecked Sendable {
    static let shared = ServerApps()

    private struct State {
        /// Apps by the path of their root directory, then by app id.
        var apps: [String: [String: App]] = [:]
        /// The root directories whose apps were looked for on disk.
        var restoredRoots: Set<String> = []
    }

    private let state = AuthLocked(State())
    static let idPrefix = "server-"

    /// The app for `server` (an http or https URL) under the default root directory, created
    /// on first use.
    func app(for server: URL) throws(SyncAuthError) -> App {
        guard let scheme = server.scheme?.lowercased(), ["http", "https"].contains(scheme), let host = server.host, !host.isEmpty else {
            throw SyncAuthError(.invalidURL, "the server URL \(server.absoluteString) is not an http:// or https:// URL with a host")
        }
        let port = server.port ?? (scheme == "https" ? 443 : 80)
        let base = "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        let id = Self.appId(host: host, port: port, secure: scheme == "https")
        let root = AppConfiguration.defaultRootDirectory
        restoreIfNeeded(root)
        return state.withLock { state in
            if let app = state.apps[root.path]?[id] { return app }
            let app = App(id: id, configuration: AppConfiguration(baseURL: base, rootDirectory: root))
            state.apps[root.path, default: [:]][id] = app
            return app
        }
    }

    /// Every server app known in this process under the default root directory (after
    /// looking on disk once).
    func allApps() -> [App] {
        let root = AppConfiguration.defaultRootDirectory
        restoreIfNeeded(root)
        return state.withLock { Array(($0.apps[root.path] ?? [:]).values) }
    }

    /// `server-<host>-<port>`, with `-tls` for https; characters unsafe in file names become `_`.
    static func appId(host: String, port: Int, secure: Bool) -> String {
        let safeHost = String(host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        return "\(idPrefix)\(safeHost)-\(port)\(secure ? "-tls" : "")"
    }

    /// Creates the apps whose caches under `root` hold users, the first time `root` is used.
    private func restoreIfNeeded(_ root: URL) {
        let first = state.withLock { $0.restoredRoots.insert(root.path).inserted }
        guard first else { return }
        let folder = root.appendingPathComponent("fief-sync")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(Self.idPrefix) {
            let cache = UserCache(directory: folder.appendingPathComponent(name), encryptionKey: nil)
            guard let record = (try? cache.load())?.first(where: { $0.appId == name && !$0.serverURL.isEmpty }) else { continue }
            state.withLock { state in
                if state.apps[root.path]?[name] == nil {
                    state.apps[root.path, default: [:]][name] = App(id: name, configuration: AppConfiguration(baseURL: record.serverURL, rootDirectory: root))
                }
            }
        }
    }
}
