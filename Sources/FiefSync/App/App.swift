import Foundation

/// A client of one `fief-server`: it logs users in and keeps them, and it is where synced
/// realms of those users live on this device.
///
/// ```swift
/// let app = App(id: "tasks")                    // http://localhost:9080, or $FIEF_BASE_URL
/// let user = try await app.login(credentials: .anonymous)
/// ```
public final class App: @unchecked Sendable {
    /// The app's name: it separates the users and files of several apps on one device.
    public let appId: String
    /// How the app reaches its server and where it keeps files.
    public let configuration: AppConfiguration
    /// The server's HTTP address, for example `http://localhost:9080`.
    public let baseURL: URL

    /// An app of `fief-server` at `configuration.baseURL`, or at `$FIEF_BASE_URL`, or at
    /// `http://localhost:9080`.
    public init(id: String, configuration: AppConfiguration? = nil) {
        appId = id
        self.configuration = configuration ?? AppConfiguration()
        let text = self.configuration.baseURL ?? ProcessInfo.processInfo.environment["FIEF_BASE_URL"] ?? "http://localhost:9080"
        baseURL = URL(string: text) ?? URL(string: "http://localhost:9080")!
    }

    /// The folder that holds this app's files: synced realms under `<user id>/`.
    var rootDirectory: URL {
        let base = configuration.rootDirectory ?? AppConfiguration.defaultRootDirectory
        return base.appendingPathComponent("fief-sync").appendingPathComponent(appId)
    }
}

/// Settings of an ``App``.
public struct AppConfiguration: Sendable {
    /// The server's HTTP address; nil reads `$FIEF_BASE_URL`, then `http://localhost:9080`.
    public var baseURL: String?
    /// Where the app keeps users' synced realms and its user cache; nil is the platform's
    /// application support folder (`$XDG_DATA_HOME` or `~/.local/share` on Linux).
    public var rootDirectory: URL?

    /// Creates a configuration.
    public init(baseURL: String? = nil, rootDirectory: URL? = nil) {
        self.baseURL = baseURL
        self.rootDirectory = rootDirectory
    }

    static var defaultRootDirectory: URL {
        #if os(Linux)
        if let xdg = ProcessInfo.processInfo.environment["XDG_DATA_HOME"], !xdg.isEmpty { return URL(fileURLWithPath: xdg) }
        return URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        #else
        return FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory())
        #endif
    }
}
