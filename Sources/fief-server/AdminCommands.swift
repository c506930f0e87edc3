import ArgumentParser
import FiefServer
import Foundation
import Logging

/// The data directory option the admin commands share.
struct DataDirectoryOption: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Directory of the server's state (env FIEF_DATA_DIR; default ./fief-data).")
    var dataDirectory: String?

    @Option(name: .customLong("postgres-url"), help: "The PostgreSQL database of the server instead of --data-dir (env FIEF_POSTGRES_URL).")
    var postgresURL: String?

    /// The server's store: the PostgreSQL database when one is given, else the data directory's.
    func openStore() async throws -> any ServerStore {
        if let text = postgresURL ?? ProcessInfo.processInfo.environment["FIEF_POSTGRES_URL"], !text.isEmpty {
            guard let url = PostgresConnectionURL(text) else {
                throw ValidationError("--postgres-url \(text): use postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
            }
            let store = try PostgresServerStore(url: url, logger: Logging.Logger(label: "fief-server", factory: { _ in SwiftLogNoOpLogHandler() }))
            do { try await store.prepare() } catch {
                await store.close()
                throw error
            }
            return store
        }
        return try EmbeddedServerStore(directory: try url())
    }

    /// The directory, which must exist: the admin commands never create a new server.
    func url() throws -> URL {
        let path = dataDirectory ?? ProcessInfo.processInfo.environment["FIEF_DATA_DIR"] ?? "./fief-data"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("no data directory at \(path); start fief-server once to create it, or pass --data-dir")
        }
        return URL(fileURLWithPath: path)
    }
}

/// `fief-server create-admin`.
struct CreateAdmin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create-admin",
        abstract: "Create an administrator who logs in with a user name and password.",
        discussion: """
        Run it while the server is stopped (the store's files are the server's); on PostgreSQL, at any time.

        Examples:
          fief-server create-admin --username root --password 'long passphrase'
          FIEF_ADMIN_PASSWORD='long passphrase' fief-server create-admin --username root --data-dir /var/lib/fief
        """
    )

    @OptionGroup var data: DataDirectoryOption

    @Option(help: "The administrator's user name.")
    var username: String

    @Option(help: "The password (env FIEF_ADMIN_PASSWORD); 6 to 1024 characters.")
    var password: String?

    func run() async throws {
        guard let password = password ?? ProcessInfo.processInfo.environment["FIEF_ADMIN_PASSWORD"] else {
            throw ValidationError("give the password with --password or FIEF_ADMIN_PASSWORD")
        }
        let store = try await data.openStore()
        let user = try await AdminTasks.createAdmin(username: username, password: password, store: store)
        print("created administrator \(username) (user id \(user.id))")
        await store.close()
    }
}

/// `fief-server users`.
struct ListUsers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "List the accounts: id, provider, user name, whether admin, creation time.",
        discussion: """
        Examples:
          fief-server users
          fief-server users --data-dir /var/lib/fief
        """
    )

    @OptionGroup var data: DataDirectoryOption

    func run() async throws {
        let store = try await data.openStore()
        for user in try await store.users() {
            let created = ISO8601DateFormatter().string(from: user.createdAt)
            print("\(user.id)  \(user.provider)  \(user.username ?? "-")  \(user.isAdmin ? "admin" : "user")  \(created)")
        }
        await store.close()
    }
}

/// `fief-server realms`.
struct ListRealms: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "realms",
        abstract: "List the realms: path, the user whose bind created it, creation time.",
        discussion: """
        Examples:
          fief-server realms
          fief-server realms --data-dir /var/lib/fief
        """
    )

    @OptionGroup var data: DataDirectoryOption

    func run() async throws {
        let store = try await data.openStore()
        for realm in try await store.realms() {
            print("\(realm.path)  \(realm.creatorId)  \(ISO8601DateFormatter().string(from: realm.createdAt))")
        }
        await store.close()
    }
}
