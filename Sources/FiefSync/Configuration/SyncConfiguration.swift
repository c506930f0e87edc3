@_spi(Sync) import Fief
import Foundation

/// How a realm syncs: as which user, with which realm on the server, and what to do on
/// errors and client resets. It sits in `Realm.Configuration.syncConfiguration`; the user's
/// `configuration(…)` methods make one.
///
/// ```swift
/// let user = try await app.login(credentials: .anonymous)
/// var config = user.configuration(partitionValue: "tasks")
/// config.objectTypes = [Task.self]
/// config.syncConfiguration?.errorHandler = { error, _ in print("sync: \(error)") }
/// let realm = try await Realm(configuration: config, downloadBeforeOpen: .once)
/// ```
public struct SyncConfiguration: Sendable {
    /// The user the realm syncs as.
    public let user: User
    /// The realm's URL: `realm://host:port/path` or `realms://…` (a `~` component is the
    /// user's id).
    public let realmURL: URL
    /// The partition value, for configurations made by `configuration(partitionValue:)`.
    public let partitionValue: String?
    /// Whether the configuration came from `flexibleSyncConfiguration()`.
    public let isFlexibleSync: Bool
    /// Realm Object Server's choice between query-based and full sync, for the default realm
    /// (`/default`): query-based unless this is true. Other realm URLs always sync fully.
    public var fullSynchronization: Bool
    /// Whether the server sends only what the realm's subscriptions select (see
    /// ``SyncSubscriptionSet``): flexible-sync configurations, and the default realm opened
    /// query-based.
    public var isSubscriptionBased: Bool {
        isFlexibleSync || (!fullSynchronization && partitionValue == nil && realmURL.path == "/default")
    }
    /// Whether a `realms://` connection checks the server's certificate. Only turn it off
    /// for a development server.
    public var enableSSLValidation: Bool
    /// A path prefix before `/sync` on the server (for a server behind a proxy).
    public var urlPrefix: String?
    /// What happens when the server can no longer continue from this file.
    public var clientResetMode: ClientResetMode
    /// Called with every error of this realm's session (on no particular thread), before
    /// `SyncManager.shared.errorHandler`.
    public var errorHandler: (@Sendable (SyncError, SyncSession?) -> Void)?
    /// The longest a download before open (`.always`, `.once` and `asyncOpen`) may take.
    public var openTimeout: Duration = .seconds(120)
    /// Whether a download before open fails on the first error that sync would otherwise get
    /// over by itself (a failed or lost connection). When false, the open waits through
    /// reconnections until it succeeds, a fatal error comes, or ``openTimeout`` passes.
    /// Fief's default is true (RealmSwift's is false): an open tells at once that the server
    /// cannot be reached.
    public var cancelAsyncOpenOnNonFatalErrors = true
    /// The subscriptions a flexible-sync realm adds the first time it is opened on this device
    /// (on every open when their `rerunOnOpen` is true); nil when the configuration has none.
    public let initialSubscriptions: InitialSubscriptionsConfiguration?

    /// The parsed URL, or why it is malformed (thrown when a realm opens).
    let parsedURL: Result<RealmURL, SyncError>

    /// A configuration for `realmURL` as `user`. Throws on a malformed URL.
    public init(user: User, realmURL: URL, fullSynchronization: Bool = false, enableSSLValidation: Bool = true,
                urlPrefix: String? = nil, clientResetMode: ClientResetMode = .discardUnsyncedChanges()) throws {
        self.init(user: user, realmURL: realmURL, partitionValue: nil, isFlexibleSync: false, fullSynchronization: fullSynchronization,
                  enableSSLValidation: enableSSLValidation, urlPrefix: urlPrefix, clientResetMode: clientResetMode,
                  initialSubscriptions: nil)
        _ = try parsedURL.get()
    }

    init(user: User, realmURL: URL, partitionValue: String?, isFlexibleSync: Bool, fullSynchronization: Bool, enableSSLValidation: Bool,
         urlPrefix: String?, clientResetMode: ClientResetMode, initialSubscriptions: InitialSubscriptionsConfiguration?) {
        parsedURL = Result { () throws(SyncError) in try RealmURL(realmURL) }
        self.user = user
        self.realmURL = realmURL
        self.partitionValue = partitionValue
        self.isFlexibleSync = isFlexibleSync
        self.fullSynchronization = fullSynchronization
        self.enableSSLValidation = enableSSLValidation
        self.urlPrefix = urlPrefix
        self.clientResetMode = clientResetMode
        self.initialSubscriptions = initialSubscriptions
    }

    /// The parsed URL; throws when it is malformed.
    var address: RealmURL {
        get throws(SyncError) { try parsedURL.get() }
    }

    /// The path the session binds, `~` expanded.
    var serverPath: String {
        get throws(SyncError) { try address.expandedPath(userId: user.id) }
    }

    /// The server path for the diagnostic log, or the address when it does not expand.
    var serverPathForLogs: String { (try? serverPath) ?? "?" }

    /// The file a synced realm lives in by default:
    /// `<app root>/<user id>/<server path>.fief` (one folder level per path component).
    var defaultFileURL: URL {
        get throws(SyncError) {
            let server = try address.authority.replacingOccurrences(of: ":", with: "_")
            var url = user.app.rootDirectory.appendingPathComponent(user.id).appendingPathComponent(server)
            let components = try serverPath.split(separator: "/").map(String.init)
            for component in components.dropLast() { url.appendPathComponent(component) }
            return url.appendingPathComponent((components.last ?? "default") + ".fief")
        }
    }
}

extension Realm.Configuration {
    /// How this realm syncs; nil for a local realm. Setting it makes the realm a synced
    /// realm: every write is recorded for upload, and opening the realm starts its session.
    ///
    /// A synced configuration may also name its own `fileURL`, or an `inMemoryIdentifier` for a
    /// synced realm that keeps no file at all (its data lives while any instance is open).
    public var syncConfiguration: SyncConfiguration? {
        get { (syncAgent as? SyncAgent)?.sync }
        set {
            syncAgent = newValue.map { SyncAgent(sync: $0) }
            recordsSyncHistory = newValue != nil
            allowsAsymmetricObjects = newValue?.isFlexibleSync ?? false
        }
    }
}
