import Foundation
import Logging

/// How to run the server.
public struct ServerConfiguration: Sendable {
    /// Where all state lives.
    public var dataDirectory: URL
    /// The address to listen on (a loopback address unless told otherwise).
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// A token that logs in as the administrator (`admin-token` provider); nil disables it.
    public var adminToken: String?
    /// Login attempts allowed per user name and per address.
    public var rateLimits: LoginRateLimits
    /// Sizes for sync connections.
    public var syncLimits: SyncLimits
    /// The keys and checks of the `jwt` login provider; nil disables it.
    public var jwt: JWTLoginConfiguration?
    /// Sign in with Apple and Google through their ID tokens (``IdentityProviderConfiguration``);
    /// empty disables both.
    public var identityProviders: [IdentityProviderConfiguration] = []
    /// Levels every user has on app-wide paths (`/default`, `/partition/*` by default).
    public var defaultPermissions: DefaultPermissions = .standard
    /// The certificate and key to serve HTTPS and `wss://` with; nil serves plain HTTP.
    public var tls: ServerTLSFiles?
    /// How password accounts are confirmed and passwords reset (auto-confirmed, no reset,
    /// unless a webhook is configured).
    public var accounts = AccountFlowConfiguration()
    /// The registry of the server's metrics and the token of `GET /metrics`; nil counts nothing
    /// and serves no `/metrics`.
    public var metrics: ServerMetricsConfiguration?

    /// A configuration; see each property.
    public init(dataDirectory: URL, host: String = "127.0.0.1", port: Int = 9080, adminToken: String? = nil,
                rateLimits: LoginRateLimits = LoginRateLimits(), syncLimits: SyncLimits = SyncLimits(), jwt: JWTLoginConfiguration? = nil) {
        self.jwt = jwt
        self.dataDirectory = dataDirectory
        self.host = host
        self.port = port
        self.adminToken = adminToken
        self.rateLimits = rateLimits
        self.syncLimits = syncLimits
    }
}

/// The PEM files of a TLS server: the certificate (chain) and its private key. They are read
/// when the server starts (``FiefSyncServer/init(configuration:logger:)``).
public struct ServerTLSFiles: Sendable {
    /// The certificate, and any intermediates after it, in PEM.
    public var certificateFile: URL
    /// The certificate's private key in PEM.
    public var keyFile: URL

    /// Both files.
    public init(certificateFile: URL, keyFile: URL) {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}
