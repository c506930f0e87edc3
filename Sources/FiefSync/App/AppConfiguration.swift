import Foundation

/// Settings of an ``App``.
///
/// ```swift
/// var configuration = AppConfiguration(baseURL: "https://sync.example.com")
/// configuration.metadataEncryptionKey = keyFromKeychain     // 64 bytes
/// let app = App(id: "tasks", configuration: configuration)
/// ```
public struct AppConfiguration: Sendable {
    /// The server's HTTP address; nil reads `$FIEF_BASE_URL`, then `http://localhost:9080`.
    public var baseURL: String?
    /// Where the app keeps users' synced realms and its user cache; nil is the platform's
    /// application support folder (`$XDG_DATA_HOME` or `~/.local/share` on Linux).
    public var rootDirectory: URL?
    /// A 64-byte key that encrypts the user cache (`metadata.fief`, which holds the users'
    /// tokens); nil leaves it unencrypted. An app given another key, or none, cannot read the
    /// cache: its users must log in again (see ``App/userCacheError``).
    public var metadataEncryptionKey: Data?
    /// How long one request to the server (a login, a token refresh...) may take, in
    /// milliseconds.
    public var defaultRequestTimeoutMS: UInt
    /// PEM certificates (each string one or more) trusted as roots, besides the system's, for
    /// `https://` logins and `realms://` sync: a server with a self-signed certificate or a
    /// private certificate authority. An empty list trusts the system's roots only.
    ///
    /// ```swift
    /// var configuration = AppConfiguration(baseURL: "https://127.0.0.1:9443")
    /// configuration.trustedRootCertificates = [try String(contentsOfFile: "cert.pem", encoding: .utf8)]
    /// ```
    ///
    /// A `realms://` URL whose host is an IP address is checked against these certificates
    /// only, and without matching the address: the WebSocket client cannot verify IP addresses.
    public var trustedRootCertificates: [String]
    /// Timeouts and keep-alive settings of sync connections; nil keeps Fief's defaults
    /// (see ``SyncTimeoutOptions``).
    public var syncTimeouts: SyncTimeoutOptions?

    /// Creates a configuration.
    public init(baseURL: String? = nil, rootDirectory: URL? = nil, metadataEncryptionKey: Data? = nil,
                defaultRequestTimeoutMS: UInt = 60_000, trustedRootCertificates: [String] = [],
                syncTimeouts: SyncTimeoutOptions? = nil) {
        self.baseURL = baseURL
        self.rootDirectory = rootDirectory
        self.metadataEncryptionKey = metadataEncryptionKey
        self.defaultRequestTimeoutMS = defaultRequestTimeoutMS
        self.trustedRootCertificates = trustedRootCertificates
        self.syncTimeouts = syncTimeouts
    }

    /// Creates a configuration with RealmSwift's labels. `transport` must be nil (Fief makes
    /// its own HTTP requests; a custom network transport is not supported);
    /// `enableSessionMultiplexing` is accepted and ignored, since Fief always shares one
    /// connection between a user's sessions on a server.
    public init(baseURL: String? = nil, transport: Never?, defaultRequestTimeoutMS: UInt? = nil,
                enableSessionMultiplexing: Bool = true, syncTimeouts: SyncTimeoutOptions? = nil) {
        self.init(baseURL: baseURL, defaultRequestTimeoutMS: defaultRequestTimeoutMS ?? 60_000, syncTimeouts: syncTimeouts)
    }

    /// Creates a configuration with RealmSwift's labels; `localAppName` and `localAppVersion`
    /// are accepted and not sent (fief-server does not record them). See
    /// ``init(baseURL:transport:defaultRequestTimeoutMS:enableSessionMultiplexing:syncTimeouts:)``.
    public init(baseURL: String? = nil, transport: Never?, localAppName: String?, localAppVersion: String?,
                defaultRequestTimeoutMS: UInt? = nil, enableSessionMultiplexing: Bool = true, syncTimeouts: SyncTimeoutOptions? = nil) {
        self.init(baseURL: baseURL, defaultRequestTimeoutMS: defaultRequestTimeoutMS ?? 60_000, syncTimeouts: syncTimeouts)
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
