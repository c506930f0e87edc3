import ArgumentParser
import FiefServer
import Foundation

/// `fief-server permissions`.
struct ListPermissions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "permissions",
        abstract: "List the grants: path, user, access level, who granted it, when.",
        discussion: """
        Owners (paths under /<their id>/) and administrators have admin without a grant and are not listed. Users get grants through offers and POST /permissions.

        Examples:
          fief-server permissions
          fief-server permissions --data-dir /var/lib/fief /4f0c9d…/notes
        """
    )

    @OptionGroup var data: DataDirectoryOption

    @Argument(help: "Only the grants of this realm path (normalized, without ~).")
    var path: String?

    func run() async throws {
        var normalized: String?
        if let path {
            guard !path.split(separator: "/").contains("~") else {
                throw ValidationError("~ means the caller's id, and this command has no caller; give the id")
            }
            do throws(SessionFailure) { normalized = try RealmPath(path, userId: "").value } catch { throw ValidationError("bad path \(path): \(error.message)") }
        }
        let store = try await data.openStore()
        for grant in try await store.grants(path: normalized) {
            print("\(grant.path)  \(grant.userId)  \(grant.accessLevel.rawValue)  granted by \(grant.grantedBy)  \(Timestamp.format(grant.grantedAt))")
        }
        await store.close()
    }
}
