@_spi(Sync) import Fief
import Foundation

extension User {
    /// A configuration for a synced realm at `realmURL` (`realm://host:port/~/name`; nil is
    /// the server's default realm, `/default`), stored in a file the app manages.
    ///
    /// ```swift
    /// let url = URL(string: "realm://localhost:9080/~/userRealm")!
    /// let realm = try Realm(configuration: user.configuration(realmURL: url))
    /// ```
    ///
    /// A malformed URL is reported when a realm opens with the configuration.
    public func configuration(realmURL: URL? = nil, fullSynchronization: Bool = false, enableSSLValidation: Bool = true,
                              urlPrefix: String? = nil) -> Realm.Configuration {
        let url = realmURL ?? RealmURL.on(app.baseURL, path: "/default")
        return makeConfiguration(SyncConfiguration(
            user: self, realmURL: url, partitionValue: nil, isFlexibleSync: false, fullSynchronization: fullSynchronization,
            enableSSLValidation: enableSSLValidation, urlPrefix: urlPrefix, clientResetMode: .discardUnsyncedChanges(), initialSubscriptions: nil))
    }

    /// A configuration for the partition-based synced realm of `partitionValue`.
    ///
    /// A partition is one realm of the app on the server, `/partition/<value>`, shared by every
    /// user the server lets in: by default `fief-server` lets every logged-in user read and
    /// write partitions (Device Sync's development rules); `--default-permission` narrows it.
    ///
    /// ```swift
    /// var config = user.configuration(partitionValue: "Some Partition Value")
    /// config.objectTypes = [Task.self]
    /// let realm = try await Realm(configuration: config, downloadBeforeOpen: .always)
    /// ```
    public func configuration<Value: PartitionValue>(partitionValue: Value, clientResetMode: ClientResetMode = .discardUnsyncedChanges()) -> Realm.Configuration {
        let path = "/partition/" + Value.pathComponent(for: partitionValue)
        return makeConfiguration(SyncConfiguration(
            user: self, realmURL: RealmURL.on(app.baseURL, path: path), partitionValue: partitionValue.partitionDescription, isFlexibleSync: false,
            fullSynchronization: true, enableSSLValidation: true, urlPrefix: nil, clientResetMode: clientResetMode, initialSubscriptions: nil))
    }

    /// A configuration for the app's flexible-sync realm (the server's `/default`).
    ///
    /// ```swift
    /// var config = user.flexibleSyncConfiguration()
    /// config.objectTypes = [Task.self, Team.self]
    /// let realm = try await Realm(configuration: config, downloadBeforeOpen: .always)
    /// ```
    public func flexibleSyncConfiguration(clientResetMode: ClientResetMode = .discardUnsyncedChanges()) -> Realm.Configuration {
        flexibleSyncConfiguration(clientResetMode: clientResetMode, initialSubscriptions: nil)
    }

    /// A flexible-sync configuration whose `initialSubscriptions` run the first time the realm
    /// is opened on this device (every time with `rerunOnOpen`).
    ///
    /// ```swift
    /// let config = user.flexibleSyncConfiguration(initialSubscriptions: { subs in
    ///     subs.append(QuerySubscription<Todo>(name: "all_todos"))
    /// })
    /// ```
    public func flexibleSyncConfiguration(clientResetMode: ClientResetMode = .discardUnsyncedChanges(),
                                          initialSubscriptions: (@Sendable (SyncSubscriptionSet) -> Void)?,
                                          rerunOnOpen: Bool = false) -> Realm.Configuration {
        let sync = SyncConfiguration(
            user: self, realmURL: RealmURL.on(app.baseURL, path: "/default"), partitionValue: nil, isFlexibleSync: true,
            fullSynchronization: false, enableSSLValidation: true, urlPrefix: nil, clientResetMode: clientResetMode,
            initialSubscriptions: initialSubscriptions.map { InitialSubscriptionsConfiguration(callback: $0, rerunOnOpen: rerunOnOpen) })
        return makeConfiguration(sync)
    }

    private func makeConfiguration(_ sync: SyncConfiguration) -> Realm.Configuration {
        var configuration = Realm.Configuration()
        configuration.fileURL = try? sync.defaultFileURL
        configuration.syncConfiguration = sync
        return configuration
    }
}

/// A value that names a partition: strings, integers, object ids and UUIDs.
public protocol PartitionValue: Sendable {
    /// The partition as a realm path component (letters, digits and `.-_`, other bytes
    /// escaped), unique per value.
    static func pathComponent(for value: Self) -> String
    /// The value as text, for `SyncConfiguration.partitionValue`.
    var partitionDescription: String { get }
}

extension PartitionValue {
    /// Escapes `text` into a path component: letters and digits stay, every other byte
    /// becomes `_` and two hex digits, behind a type prefix.
    static func escape(_ prefix: String, _ text: String) -> String {
        var out = prefix
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                out.append(Character(UnicodeScalar(byte)))
            default:
                out += "_" + String(byte, radix: 16, uppercase: false).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String: PartitionValue {
    public static func pathComponent(for value: String) -> String { escape("s-", value) }
    public var partitionDescription: String { self }
}

extension Int: PartitionValue {
    public static func pathComponent(for value: Int) -> String { escape("i-", String(value)) }
    public var partitionDescription: String { String(self) }
}

extension Int64: PartitionValue {
    public static func pathComponent(for value: Int64) -> String { escape("i-", String(value)) }
    public var partitionDescription: String { String(self) }
}

extension ObjectId: PartitionValue {
    public static func pathComponent(for value: ObjectId) -> String { escape("o-", value.stringValue) }
    public var partitionDescription: String { stringValue }
}

extension UUID: PartitionValue {
    public static func pathComponent(for value: UUID) -> String { escape("u-", value.uuidString.lowercased()) }
    public var partitionDescription: String { uuidString }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
