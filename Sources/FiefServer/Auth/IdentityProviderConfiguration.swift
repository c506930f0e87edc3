import Foundation

/// Sign in with Apple or Google through their ID tokens (RealmSwift's `Credentials.apple(idToken:)`
/// and `Credentials.googleId(token:)`): fief-server checks each token against the provider's
/// published keys, its issuer, and the app's client ids, without calling the provider.
///
/// The keys are a JSON Web Key Set file the operator keeps current (the providers rotate their
/// keys): download `https://appleid.apple.com/auth/keys` or
/// `https://www.googleapis.com/oauth2/v3/certs` on a schedule. The server reads the file again
/// when it changes, so no restart is needed.
public struct IdentityProviderConfiguration: Sendable, Equatable {
    /// The provider's name on the server and in login requests: `apple` or `google`.
    public var name: String
    /// The issuers (`iss`) the provider's tokens carry.
    public var issuers: [String]
    /// The app's client ids (Apple: the bundle or services id; Google: the OAuth client id):
    /// a token's `aud` must include one.
    public var clientIDs: [String]
    /// The JSON Web Key Set file of the provider's signing keys.
    public var keySetFile: URL

    /// Sign in with Apple: tokens issued by `https://appleid.apple.com` for one of `clientIDs`.
    public static func apple(clientIDs: [String], keySetFile: URL) -> IdentityProviderConfiguration {
        IdentityProviderConfiguration(name: "apple", issuers: ["https://appleid.apple.com"], clientIDs: clientIDs, keySetFile: keySetFile)
    }

    /// Google Sign-In: tokens issued by `https://accounts.google.com` (or `accounts.google.com`)
    /// for one of `clientIDs`.
    public static func google(clientIDs: [String], keySetFile: URL) -> IdentityProviderConfiguration {
        IdentityProviderConfiguration(name: "google", issuers: ["https://accounts.google.com", "accounts.google.com"],
                                      clientIDs: clientIDs, keySetFile: keySetFile)
    }
}
