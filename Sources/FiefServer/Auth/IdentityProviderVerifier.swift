import FiefSyncProtocol
import Foundation

/// Checks the ID tokens of one ``IdentityProviderConfiguration``: the key the header's `kid`
/// names in the provider's key set, the signature, then `exp`, `nbf`, `iss` and `aud`. The key
/// set is read when the server starts (an unreadable file stops it) and again whenever the file
/// changes; a file that became unreadable keeps the last good keys, and a token whose key is not
/// among them is refused with the reason the file could not be read.
final class IdentityProviderVerifier: @unchecked Sendable {
    let configuration: IdentityProviderConfiguration
    private let lock = NSLock()
    /// Behind ``lock``.
    private var loaded: Loaded

    private struct Loaded {
        var keySet: JSONWebKeySet
        var modified: Date?
        var lastFailure: String?
    }

    /// A verifier whose key set file must be readable now.
    init(_ configuration: IdentityProviderConfiguration) throws(JWTConfigurationError) {
        guard !configuration.clientIDs.isEmpty else { throw .noClientID(configuration.name) }
        self.configuration = configuration
        let modified = Self.modificationDate(configuration.keySetFile)
        loaded = Loaded(keySet: try Self.read(configuration.keySetFile), modified: modified)
    }

    /// The token's subject and profile once every check passed; ``AuthError/rejectedToken(_:)``
    /// naming the failed check otherwise.
    func identity(of token: String, now: Date = Date()) throws(AuthError) -> (subject: String, profile: UserProfile) {
        let jws = try CompactJWS(token)
        guard let kid = jws.keyID else { throw .rejectedToken("the token's header has no kid naming one of \(configuration.name)'s keys") }
        let current = currentKeys()
        guard let key = current.keySet.keys[kid] else {
            let why = current.lastFailure.map { "; the file could not be read again: \($0)" } ?? ""
            throw .rejectedToken("no key of \(configuration.name)'s key set (\(configuration.keySetFile.path)) has the kid \"\(kid)\"\(why)")
        }
        guard jws.algorithm == key.algorithm else {
            throw .rejectedToken("the token is signed with \(jws.algorithm), but \(configuration.name)'s key \"\(kid)\" is \(key.algorithm)")
        }
        guard key.verifies(jws.signature, of: jws.signedBytes) else {
            throw .rejectedToken("the signature does not match \(configuration.name)'s key \"\(kid)\"")
        }
        return try jws.identity(issuers: configuration.issuers, audiences: configuration.clientIDs, now: now)
    }

    /// The key set (read again when the file's modification date moved) and why the last
    /// reading failed, if it did.
    private func currentKeys() -> Loaded {
        let modified = Self.modificationDate(configuration.keySetFile)
        lock.lock()
        defer { lock.unlock() }
        guard modified != loaded.modified else { return loaded }
        loaded.modified = modified
        do {
            loaded.keySet = try Self.read(configuration.keySetFile)
            loaded.lastFailure = nil
        } catch {
            loaded.lastFailure = "\(error)"
        }
        return loaded
    }

    private static func read(_ file: URL) throws(JWTConfigurationError) -> JSONWebKeySet {
        let bytes: [UInt8]
        do { bytes = Array(try Data(contentsOf: file)) } catch {
            throw .unreadableKeySet("cannot read \(file.path): \(error.localizedDescription)")
        }
        return try JSONWebKeySet(json: bytes)
    }

    private static func modificationDate(_ file: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
    }
}
