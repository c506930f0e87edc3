import Foundation
import JWTKit

/// The claims of a `jwt` login token that the server reads. jwt-kit checks the signature; the
/// claims are checked here, so that each refusal names its claim.
struct ExternalLoginClaims: JWTPayload {
    var sub: SubjectClaim?
    var exp: ExpirationClaim?
    var nbf: NotBeforeClaim?
    var iss: IssuerClaim?
    var aud: AudienceClaim?

    /// The longest subject accepted, in bytes.
    static let maximumSubjectLength = 256

    func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// The subject, once `exp`, `nbf`, `iss` and `aud` pass at `now`.
    func check(issuer: String?, audience: String?, now: Date) throws(AuthError) -> String {
        guard let exp else { throw .rejectedToken("the token has no exp (expiration) claim") }
        guard exp.value > now else { throw .rejectedToken("the token expired at \(Timestamp.format(exp.value))") }
        if let nbf, nbf.value > now { throw .rejectedToken("the token is not valid before \(Timestamp.format(nbf.value))") }
        if let issuer, iss?.value != issuer {
            throw .rejectedToken("the issuer (iss) is \(iss.map { "\"\($0.value)\"" } ?? "missing"), not the configured \"\(issuer)\"")
        }
        if let audience, !(aud?.value.contains(audience) ?? false) {
            throw .rejectedToken("the audience (aud) \(aud.map { "\($0.value)" } ?? "is missing and") does not include the configured \"\(audience)\"")
        }
        guard let subject = sub?.value, !subject.isEmpty else { throw .rejectedToken("the token has no sub (subject) claim") }
        guard subject.utf8.count <= Self.maximumSubjectLength else {
            throw .rejectedToken("the subject (sub) is longer than \(Self.maximumSubjectLength) bytes")
        }
        return subject
    }
}
