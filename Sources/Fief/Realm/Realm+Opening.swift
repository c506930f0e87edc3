import Foundation

/// Lets `Realm`'s initializers return an instance that is already open, as RealmSwift's do.
/// You do not use it directly: write `try Realm(...)`.
public protocol _RealmOpening {}

extension Realm: _RealmOpening {}

extension _RealmOpening where Self == Realm {
    /// Opens the default realm (``Realm/Configuration/defaultConfiguration``) on the calling
    /// thread, or returns the instance already open there.
    ///
    /// ```swift
    /// let realm = try Realm()
    /// ```
    public init() throws {
        try self.init(configuration: .defaultConfiguration)
    }

    /// Opens the realm file at `fileURL` (the default configuration otherwise) on the calling
    /// thread, or returns the instance already open there.
    public init(fileURL: URL) throws {
        var configuration = Realm.Configuration.defaultConfiguration
        configuration.fileURL = fileURL
        try self.init(configuration: configuration)
    }

    /// Opens (creating, migrating as needed) the realm `configuration` describes, confined to
    /// the calling thread.
    ///
    /// Realms are cached as in RealmSwift: opening the same configuration again on the same
    /// thread returns the same instance while it is in use anywhere, so
    /// `try Realm().beginWrite()` followed by `try Realm().create(...)` writes in one
    /// transaction. Configurations that differ in file, read-only mode, schema version, model
    /// classes or encryption key are different instances.
    ///
    /// ```swift
    /// let realm = try Realm(configuration: Realm.Configuration(inMemoryIdentifier: "scratch"))
    /// assert(realm == (try Realm(configuration: realm.configuration)))   // the same instance
    /// ```
    public init(configuration: Realm.Configuration) throws {
        if let cached = RealmInstanceCache.threadRealm(for: configuration) {
            self = cached
            return
        }
        let realm = try Realm(opening: configuration)
        RealmInstanceCache.storeThreadRealm(realm)
        self = realm
    }

    /// Opens the default realm isolated to the main actor. Creating the file and migrating
    /// run off the main actor. A realm already open for the main actor with the same
    /// configuration is returned instead.
    ///
    /// ```swift
    /// @MainActor func load() async throws {
    ///     let realm = try await Realm()
    /// }
    /// ```
    @MainActor
    public init(configuration: Realm.Configuration = .defaultConfiguration,
                downloadBeforeOpen: Realm.OpenBehavior = .never) async throws {
        self = try await Realm.openIsolated(configuration, actor: MainActor.shared, downloadBeforeOpen).realm
    }

    /// Opens a realm isolated to `actor` (local or global). Creating the file and migrating
    /// run off the caller's executor; the realm then delivers its notifications on `actor`.
    /// A realm already open for `actor` with the same configuration is returned instead.
    ///
    /// ```swift
    /// actor RealmActor {
    ///     var realm: Realm!
    ///     init() async throws { realm = try await Realm(actor: self) }
    /// }
    /// ```
    public init<A: Actor>(configuration: Realm.Configuration = .defaultConfiguration, actor: A,
                          downloadBeforeOpen: Realm.OpenBehavior = .never) async throws {
        self = try await Realm.openIsolated(configuration, actor: actor, downloadBeforeOpen).realm
    }
}
