import ArgumentParser
import CoreMetrics
import FiefServer
import Foundation
import Logging
import Prometheus

/// `fief-server`: the self-hosted sync server of Fief.
@main
struct FiefServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fief-server",
        abstract: "The self-hosted sync server of Fief: users, realms and sync over HTTP and WebSocket.",
        discussion: """
        All state lives in Fief realms under the data directory; nothing else needs installing.
        With --postgres-url (or FIEF_POSTGRES_URL) it lives in PostgreSQL instead, and any number
        of instances can serve the same users and realms from one database.

        Examples:
          fief-server                                   serve on 127.0.0.1:9080 from ./fief-data
          fief-server serve --data-dir /var/lib/fief --port 9443
          FIEF_ADMIN_TOKEN=s3cret fief-server           enable admin logins with that token
          fief-server --port 0 --log-level debug        a free port, printed on the first line
          fief-server create-admin --username root --password 'long passphrase'
          fief-server users                             the accounts in ./fief-data
          fief-server realms --data-dir /var/lib/fief   the realms served
          fief-server permissions                       every grant: path, user, level
          fief-server permissions /4f0c…/notes          who was granted what on one realm
          fief-server --jwt-secret-file hs256.secret --jwt-issuer https://id.example
                                                        accept logins with HS256 JWTs of that issuer
          fief-server --jwt-public-key idp.pem --jwt-audience my-app
                                                        accept ES256 or RS256 JWTs for that audience
          fief-server --tls-certificate cert.pem --tls-key key.pem
                                                        serve https:// and realms:// (wss) instead
          curl http://127.0.0.1:9080/metrics            Prometheus metrics (open unless --metrics-token)
          fief-server --host 0.0.0.0 --metrics-token "$(cat scrape.secret)"
                                                        listen on every address; /metrics needs the token
          fief-server --postgres-url postgres://fief@db.internal/fief --host 0.0.0.0
                                                        one of several instances on one PostgreSQL
        """,
        subcommands: [Serve.self, CreateAdmin.self, ListUsers.self, ListRealms.self, ListPermissions.self],
        defaultSubcommand: Serve.self
    )
}

/// `fief-server serve`.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve HTTP (auth, health) and the sync WebSocket until SIGTERM.",
        discussion: """
        Prints one line, `fief-server listening on HOST:PORT`, once it accepts
        connections; logs go to stderr. SIGTERM or SIGINT closes sync connections with
        `serverShuttingDown` and exits 0.

        GET /metrics serves the server's metrics in the Prometheus text format:
        connections, sessions, changesets, bytes, sync errors by code, logins by
        outcome, HTTP responses by status class. It is open to anyone who reaches the
        server, as Prometheus scrapers send no token; that suits the default loopback
        address. On a public address, give --metrics-token and set the scraper's
        bearer token (Prometheus: `authorization: credentials_file`).

        Routes: GET /health; POST /auth/register, /auth/login, /auth/refresh,
        /auth/logout; /auth/api-keys (a user's API keys); POST /auth/confirm,
        /auth/confirm/resend, /auth/password/reset/send, /auth/password/reset (with
        --account-webhook); GET and POST /permissions; GET and POST /permissions/offers,
        POST /permissions/offers/accept, DELETE /permissions/offers/ID (revoke); GET
        /metrics; GET /sync (the WebSocket). See the README for their bodies.

        A full disk refuses uploads with diskFull (try again) and loses nothing
        acknowledged. For tests only: FIEF_SERVER_TEST_FILE_SIZE_LIMIT=BYTES limits
        the size of every file the server writes (RLIMIT_FSIZE), a full disk without
        root.

        Examples:
          fief-server serve --data-dir ./fief-data --host 127.0.0.1 --port 9080
          fief-server serve --port 0 --admin-token s3cret
          fief-server serve --jwt-public-key /etc/fief/idp-es256.pem --jwt-issuer https://id.example
          FIEF_JWT_SECRET_FILE=/etc/fief/hs256.secret fief-server serve --jwt-audience my-app
          fief-server serve --port 9443 --tls-certificate cert.pem --tls-key key.pem
          FIEF_POSTGRES_URL=postgres://fief:secret@10.0.0.5:5432/fief fief-server serve --host 0.0.0.0
        """
    )

    @Option(name: .customLong("data-dir"), help: "Directory of the server's state (env FIEF_DATA_DIR; default ./fief-data).")
    var dataDirectory: String?

    @Option(name: .customLong("postgres-url"),
            help: "Keep all state in this PostgreSQL database, postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require], shared by every instance pointed at it (env FIEF_POSTGRES_URL; default: the embedded store in --data-dir).")
    var postgresURL: String?

    @Option(help: "Address to listen on (env FIEF_HOST; default 127.0.0.1).")
    var host: String?

    @Option(help: "Port to listen on; 0 picks a free one (env FIEF_PORT; default 9080).")
    var port: Int?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (env FIEF_LOG_LEVEL; default info).")
    var logLevel: String?

    @Option(name: .customLong("admin-token"), help: "A token whose login gives the administrator (env FIEF_ADMIN_TOKEN; default: none).")
    var adminToken: String?

    @Option(name: .customLong("login-attempts-per-minute"), help: "Login attempts per user name per minute; per address, five times as many (default 10).")
    var loginAttempts: Int = 10

    @OptionGroup var jwt: JWTOptions
    @OptionGroup var identityProviders: IdentityProviderOptions

    @Option(name: .customLong("tls-certificate"),
            help: "PEM certificate (chain) to serve HTTPS and wss:// with; needs --tls-key (env FIEF_TLS_CERTIFICATE; default: plain HTTP).")
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: "PEM private key of --tls-certificate (env FIEF_TLS_KEY).")
    var tlsKey: String?

    @Option(name: .customLong("default-permission"),
            help: "PATTERN=LEVEL: a level (read, write, admin or none) every user has on a path or, with PATTERN ending in /*, under it; repeat for several; replaces the default /default=write and /partition/*=write.")
    var defaultPermissions: [String] = []

    @Option(name: .customLong("metrics-token"),
            help: "A bearer token GET /metrics then requires (env FIEF_METRICS_TOKEN; default: /metrics is open).")
    var metricsToken: String?

    @Option(name: .customLong("account-webhook"),
            help: "URL that receives account confirmation and password-reset tokens as JSON POSTs (http:// on loopback, or https://; env FIEF_ACCOUNT_WEBHOOK; default: none, no password reset).")
    var accountWebhook: String?

    @Flag(name: .customLong("require-confirmation"),
          help: "New password accounts log in only once confirmed with the token sent to --account-webhook (default: confirmed at registration).")
    var requireConfirmation = false

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let levelName = logLevel ?? environment["FIEF_LOG_LEVEL"] ?? "info"
        guard let level = Logging.Logger.Level(rawValue: levelName) else {
            throw ValidationError("unknown log level \(levelName); use trace, debug, info, notice, warning, error or critical")
        }
        let portValue: Int
        if let port { portValue = port } else if let text = environment["FIEF_PORT"] {
            guard let parsed = Int(text) else { throw ValidationError("FIEF_PORT=\(text) is not a port number") }
            portValue = parsed
        } else {
            portValue = 9080
        }
        guard (0...65535).contains(portValue) else { throw ValidationError("port \(portValue) is not in 0...65535") }
        let tls = try tlsFiles(environment: environment)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logging.Logger(label: "fief-server")
        try TestHooks.apply(environment: environment, logger: logger)
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        var configuration = ServerConfiguration(
            dataDirectory: URL(fileURLWithPath: dataDirectory ?? environment["FIEF_DATA_DIR"] ?? "./fief-data"),
            host: host ?? environment["FIEF_HOST"] ?? "127.0.0.1",
            port: portValue,
            adminToken: adminToken ?? environment["FIEF_ADMIN_TOKEN"],
            rateLimits: LoginRateLimits(perUser: loginAttempts, perAddress: loginAttempts * 5),
            jwt: try jwt.configuration(environment: environment)
        )
        configuration.tls = tls
        configuration.identityProviders = try identityProviders.configurations(environment: environment)
        configuration.accounts = try accountFlows(environment: environment)
        configuration.metrics = ServerMetricsConfiguration(registry: registry, token: metricsToken ?? environment["FIEF_METRICS_TOKEN"])
        if !defaultPermissions.isEmpty {
            configuration.defaultPermissions = DefaultPermissions(rules: try defaultPermissions.map { text in
                guard let rule = DefaultPermissions.Rule(text) else {
                    throw ValidationError("--default-permission \(text): use PATTERN=LEVEL, for example /default=read or /partition/*=write")
                }
                return rule
            })
        }
        let server: FiefSyncServer
        do {
            if let url = try postgres(environment: environment) {
                server = try await FiefSyncServer.postgres(url: url, configuration: configuration, logger: logger)
            } else {
                server = try FiefSyncServer(configuration: configuration, logger: logger)
            }
        } catch let error as ServerTLSError {
            throw ValidationError(error.description)
        }
        try await server.run { host, port in
            FileHandle.standardOutput.write(Data("fief-server listening on \(host):\(port)\n".utf8))
        }
    }

    /// The account confirmation and password-reset settings of the flags or the environment.
    private func accountFlows(environment: [String: String]) throws -> AccountFlowConfiguration {
        var webhook: URL?
        if let text = accountWebhook ?? environment["FIEF_ACCOUNT_WEBHOOK"], !text.isEmpty {
            guard let url = URL(string: text) else { throw ValidationError("--account-webhook \(text) is not a URL") }
            webhook = url
        }
        let accounts = AccountFlowConfiguration(confirmationRequired: requireConfirmation, webhook: webhook)
        do { try accounts.validate() } catch let error as AccountFlowConfigurationError { throw ValidationError(error.description) }
        return accounts
    }

    /// The PostgreSQL URL of the flag or the environment, if any.
    private func postgres(environment: [String: String]) throws -> PostgresConnectionURL? {
        guard let text = postgresURL ?? environment["FIEF_POSTGRES_URL"], !text.isEmpty else { return nil }
        guard let url = PostgresConnectionURL(text) else {
            throw ValidationError("--postgres-url \(text): use postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
        }
        return url
    }

    /// The TLS files of the flags or the environment: both or neither.
    private func tlsFiles(environment: [String: String]) throws -> ServerTLSFiles? {
        let certificate = tlsCertificate ?? environment["FIEF_TLS_CERTIFICATE"]
        let key = tlsKey ?? environment["FIEF_TLS_KEY"]
        switch (certificate, key) {
        case (nil, nil):
            return nil
        case (let certificate?, let key?):
            return ServerTLSFiles(certificateFile: URL(fileURLWithPath: certificate), keyFile: URL(fileURLWithPath: key))
        case (nil, _?):
            throw ValidationError("--tls-key needs --tls-certificate (or FIEF_TLS_CERTIFICATE): give both or neither")
        case (_?, nil):
            throw ValidationError("--tls-certificate needs --tls-key (or FIEF_TLS_KEY): give both or neither")
        }
    }
}
