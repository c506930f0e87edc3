import ArgumentParser
import FiefServer
import Foundation

/// The options of Sign in with Apple and Google (ID tokens) of `fief-server serve`.
struct IdentityProviderOptions: ParsableArguments {
    @Option(name: .customLong("apple-client-id"),
            help: "A client id (bundle or services id) Sign in with Apple tokens may be issued for; repeat for several (env FIEF_APPLE_CLIENT_IDS, comma-separated).")
    var appleClientIDs: [String] = []

    @Option(name: .customLong("apple-keys"),
            help: "Apple's signing keys as a JSON Web Key Set file (download https://appleid.apple.com/auth/keys on a schedule; read again when it changes) (env FIEF_APPLE_KEYS).")
    var appleKeys: String?

    @Option(name: .customLong("google-client-id"),
            help: "An OAuth client id Google ID tokens may be issued for; repeat for several (env FIEF_GOOGLE_CLIENT_IDS, comma-separated).")
    var googleClientIDs: [String] = []

    @Option(name: .customLong("google-keys"),
            help: "Google's signing keys as a JSON Web Key Set file (download https://www.googleapis.com/oauth2/v3/certs on a schedule; read again when it changes) (env FIEF_GOOGLE_KEYS).")
    var googleKeys: String?

    /// The configured providers; a key file without client ids (or the reverse), an
    /// unreadable file and an unusable key set stop the server before it listens.
    func configurations(environment: [String: String]) throws -> [IdentityProviderConfiguration] {
        var providers: [IdentityProviderConfiguration] = []
        let apple = try provider("apple", ids: appleClientIDs, idsVariable: "FIEF_APPLE_CLIENT_IDS", keys: appleKeys, keysVariable: "FIEF_APPLE_KEYS",
                                 environment: environment, make: IdentityProviderConfiguration.apple)
        let google = try provider("google", ids: googleClientIDs, idsVariable: "FIEF_GOOGLE_CLIENT_IDS", keys: googleKeys, keysVariable: "FIEF_GOOGLE_KEYS",
                                  environment: environment, make: IdentityProviderConfiguration.google)
        providers += [apple, google].compactMap { $0 }
        do { try AuthService.checkIdentityProviders(providers) } catch { throw ValidationError("\(error)") }
        return providers
    }

    private func provider(_ name: String, ids: [String], idsVariable: String, keys: String?, keysVariable: String, environment: [String: String],
                          make: ([String], URL) -> IdentityProviderConfiguration) throws -> IdentityProviderConfiguration? {
        let clientIDs = ids.isEmpty ? (environment[idsVariable] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } : ids
        let keyPath = keys ?? environment[keysVariable]
        switch (clientIDs.isEmpty, keyPath) {
        case (true, nil): return nil
        case (false, nil): throw ValidationError("--\(name)-client-id needs --\(name)-keys (the provider's JSON Web Key Set file)")
        case (true, _?): throw ValidationError("--\(name)-keys needs at least one --\(name)-client-id")
        case (false, let path?): return make(clientIDs, URL(fileURLWithPath: path))
        }
    }
}
