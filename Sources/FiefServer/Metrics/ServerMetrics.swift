import CoreMetrics
import FiefSyncProtocol

/// The server's metrics, made once through a swift-metrics factory and then only counted.
///
/// | name | kind | labels |
/// | --- | --- | --- |
/// | `fief_sync_connections` | gauge | |
/// | `fief_sync_sessions` | gauge | |
/// | `fief_sync_changesets_total` | counter | `outcome`: `integrated`, `refused` |
/// | `fief_sync_upload_bytes_total` | counter | |
/// | `fief_sync_download_bytes_total` | counter | |
/// | `fief_sync_errors_total` | counter | `code`: a sync error code's name, such as `writeNotAllowed` |
/// | `fief_login_attempts_total` | counter | `outcome`: `success` or an error code, such as `rateLimited` |
/// | `fief_http_requests_total` | counter | `status`: `1xx` … `5xx` |
///
/// Every label takes a fixed, small set of values. The server gets its factory from
/// ``ServerMetricsConfiguration``; tests give one over a registry of their own.
public final class ServerMetrics: Sendable {
    /// Open sync WebSocket connections.
    let connections: Meter
    /// Sessions bound on those connections.
    let sessions: Meter
    /// Changesets integrated into a realm's history (new entries).
    let changesetsIntegrated: Counter
    /// Uploaded changesets the server refused (no write permission, malformed, disk full...).
    let changesetsRefused: Counter
    /// Changeset payload bytes received in uploads.
    let uploadBytes: Counter
    /// Changeset payload bytes sent in downloads.
    let downloadBytes: Counter
    private let errorsByCode: [UInt16: Counter]
    private let unknownErrors: Counter
    private let loginOutcomes: [String: Counter]
    private let otherLogins: Counter
    private let httpByClass: [Counter]

    /// The `outcome` label values of `fief_login_attempts_total`, besides `other`.
    static let loginOutcomeNames = ["success", "invalidCredentials", "rateLimited", "invalidRequest", "invalidUsername",
                                    "invalidPassword", "unknownProvider", "providerDisabled", "apiKeyDisabled", "userNotConfirmed"]

    /// Metrics made with `factory` (for example a `PrometheusMetricsFactory`).
    public init(factory: any MetricsFactory) {
        connections = Meter(label: "fief_sync_connections", factory: factory)
        sessions = Meter(label: "fief_sync_sessions", factory: factory)
        changesetsIntegrated = Counter(label: "fief_sync_changesets_total", dimensions: [("outcome", "integrated")], factory: factory)
        changesetsRefused = Counter(label: "fief_sync_changesets_total", dimensions: [("outcome", "refused")], factory: factory)
        uploadBytes = Counter(label: "fief_sync_upload_bytes_total", factory: factory)
        downloadBytes = Counter(label: "fief_sync_download_bytes_total", factory: factory)
        var errors: [UInt16: Counter] = [:]
        for code in SyncErrorCode.allKnown {
            errors[code.rawValue] = Counter(label: "fief_sync_errors_total", dimensions: [("code", Self.name(of: code))], factory: factory)
        }
        errorsByCode = errors
        unknownErrors = Counter(label: "fief_sync_errors_total", dimensions: [("code", "unknown")], factory: factory)
        var logins: [String: Counter] = [:]
        for outcome in Self.loginOutcomeNames {
            logins[outcome] = Counter(label: "fief_login_attempts_total", dimensions: [("outcome", outcome)], factory: factory)
        }
        loginOutcomes = logins
        otherLogins = Counter(label: "fief_login_attempts_total", dimensions: [("outcome", "other")], factory: factory)
        httpByClass = (1...5).map { Counter(label: "fief_http_requests_total", dimensions: [("status", "\($0)xx")], factory: factory) }
    }

    /// Metrics that go nowhere.
    public static func disabled() -> ServerMetrics {
        ServerMetrics(factory: NOOPMetricsHandler.instance)
    }

    /// Counts an `error` message sent to a client.
    func errorSent(_ code: SyncErrorCode) {
        (errorsByCode[code.rawValue] ?? unknownErrors).increment()
    }

    /// Counts a login attempt: `outcome` is `success` or the error's code.
    func loginAttempt(_ outcome: String) {
        (loginOutcomes[outcome] ?? otherLogins).increment()
    }

    /// Counts an HTTP response by its status class.
    func httpResponse(status: Int) {
        let index = min(max(status / 100, 1), 5) - 1
        httpByClass[index].increment()
    }

    /// `writeNotAllowed` for `writeNotAllowed (208)`.
    static func name(of code: SyncErrorCode) -> String {
        String(code.description.prefix { $0 != " " })
    }
}
