import FiefSync
import Foundation
import XCTest

/// The seeds' auth snippets (RealmSwift code with `import FiefSync`) compile as written. The
/// functions are only compiled; the other tests run the same calls against a server.
final class SeedAPICompileTests: XCTestCase {
    func testSnippetsCompile() {
        _ = objectServerEra
        _ = deviceSyncEra
    }

    private func objectServerEra(credentials: SyncCredentials, serverURL: URL) {
        SyncUser.logIn(with: credentials, server: serverURL) { user, error in
            if let user = user {
                _ = user.identity
            } else if let error = error {
                print(error)
            }
        }
        SyncUser.logIn(with: credentials, server: serverURL, timeout: 30, callbackQueue: DispatchQueue.main) { _, _ in }
        let all: [String: SyncUser] = SyncUser.all
        if let user = SyncUser.current ?? all.values.first {
            user.errorHandler = { user, error in
                if error.code == .invalidAccessToken { print("\(user.id) was logged out") }
            }
            user.retrievePermissions { permissions, error in
                _ = permissions?.first?.accessLevel
                _ = error?.code
            }
            user.createOfferForRealm(at: URL(string: "realms://myinstance.cloud.realm.io/~/userRealm")!, accessLevel: .write,
                                     expiration: nil) { token, error in _ = (token, error) }
            user.acceptOffer(forToken: "token") { url, error in _ = (url, error) }
            user.logOut()
        }
    }

    private func deviceSyncEra() async throws -> User {
        let app = App(id: "APPID")
        if let user = app.currentUser { return user }
        let user = try await app.login(credentials: Credentials.anonymous)
        _ = try await app.login(credentials: .emailPassword(email: "ann@example.com", password: "s3cret!"))
        _ = try await app.login(credentials: .jwt(token: "eyJ..."))
        try await app.emailPasswordAuth.registerUser(email: "bob@example.com", password: "s3cret!")
        _ = (user.id, user.refreshToken, user.accessToken, user.isLoggedIn, app.allUsers)
        do {
            try await user.logOut()
        } catch let error as AppError {
            print(error.code)
        }
        try await user.remove()
        return user
    }
}
