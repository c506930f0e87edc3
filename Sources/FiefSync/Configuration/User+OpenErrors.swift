import Fief

// RealmSwift's `configuration(...)` forms that choose whether an open gives up on errors
// sync gets over by itself (``SyncConfiguration/cancelAsyncOpenOnNonFatalErrors``).
extension User {
    /// A partition-based configuration (see ``configuration(partitionValue:clientResetMode:)``)
    /// whose download before open fails on a non-fatal error when
    /// `cancelAsyncOpenOnNonFatalErrors` is true, and waits through reconnections when false.
    public func configuration<Value: PartitionValue>(partitionValue: Value, clientResetMode: ClientResetMode = .discardUnsyncedChanges(),
                                                     cancelAsyncOpenOnNonFatalErrors: Bool) -> Realm.Configuration {
        var configuration = configuration(partitionValue: partitionValue, clientResetMode: clientResetMode)
        configuration.syncConfiguration?.cancelAsyncOpenOnNonFatalErrors = cancelAsyncOpenOnNonFatalErrors
        return configuration
    }

    /// A flexible-sync configuration (see ``flexibleSyncConfiguration(clientResetMode:)``) with
    /// ``SyncConfiguration/cancelAsyncOpenOnNonFatalErrors`` set.
    public func flexibleSyncConfiguration(clientResetMode: ClientResetMode = .discardUnsyncedChanges(),
                                          cancelAsyncOpenOnNonFatalErrors: Bool) -> Realm.Configuration {
        var configuration = flexibleSyncConfiguration(clientResetMode: clientResetMode)
        configuration.syncConfiguration?.cancelAsyncOpenOnNonFatalErrors = cancelAsyncOpenOnNonFatalErrors
        return configuration
    }

    /// A flexible-sync configuration with initial subscriptions (see
    /// ``flexibleSyncConfiguration(clientResetMode:initialSubscriptions:rerunOnOpen:)``) and
    /// ``SyncConfiguration/cancelAsyncOpenOnNonFatalErrors`` set.
    public func flexibleSyncConfiguration(clientResetMode: ClientResetMode = .discardUnsyncedChanges(),
                                          cancelAsyncOpenOnNonFatalErrors: Bool,
                                          initialSubscriptions: (@Sendable (SyncSubscriptionSet) -> Void)?,
                                          rerunOnOpen: Bool = false) -> Realm.Configuration {
        var configuration = flexibleSyncConfiguration(clientResetMode: clientResetMode, initialSubscriptions: initialSubscriptions,
                                                      rerunOnOpen: rerunOnOpen)
        configuration.syncConfiguration?.cancelAsyncOpenOnNonFatalErrors = cancelAsyncOpenOnNonFatalErrors
        return configuration
    }
}
