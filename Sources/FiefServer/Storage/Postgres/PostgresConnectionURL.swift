import Foundation
import PostgresNIO

/// A PostgreSQL connection URL, `postgres://user[:password]@host[:port]/database`, as given
/// to `fief-server serve --postgres-url` (or `FIEF_POSTGRES_URL`).
///
/// The query part accepts `sslmode=disable` (plain TCP), `prefer` (the default: TLS when the
/// server offers it) and `require`.
public struct PostgresConnectionURL: Sendable, CustomStringConvertible {
    /// The host name or address.
    public var host: String
    /// The port (5432 when the URL has none).
    public var port: Int
    /// The role to log in as.
    public var username: String
    /// The password, if any.
    public var password: String?
    /// The database.
    public var database: String
    /// `disable`, `prefer` or `require`.
    public var sslMode: String

    /// Parses `text`; nil when it is not a `postgres://` or `postgresql://` URL with a user, a host and a database.
    public init?(_ text: String) {
        guard let components = URLComponents(string: text), let scheme = components.scheme,
              scheme == "postgres" || scheme == "postgresql",
              let host = components.host, !host.isEmpty,
              let user = components.user, !user.isEmpty else { return nil }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else { return nil }
        let mode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer"
        guard ["disable", "prefer", "require"].contains(mode) else { return nil }
        self.host = host
        self.port = components.port ?? 5432
        self.username = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
        self.sslMode = mode
    }

    /// The URL without its password, for logs.
    public var description: String {
        "postgres://\(username)@\(host):\(port)/\(database)"
    }

    /// The client configuration of this URL.
    func clientConfiguration() throws -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS
        switch sslMode {
        case "disable": tls = .disable
        case "require": tls = .require(.makeClientConfiguration())
        default: tls = .prefer(.makeClientConfiguration())
        }
        var configuration = PostgresClient.Configuration(host: host, port: port, username: username, password: password,
                                                         database: database, tls: tls)
        configuration.options.maximumConnections = 8
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }
}
