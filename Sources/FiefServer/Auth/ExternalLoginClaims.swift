import Foundation

/// The claims of a `jwt` login token that the server reads, checked here so that each refusal
/// names its claim. Times are seconds since 1970 (JSON numbers); `aud` is a string or an array.
struct ExternalLoginClaims: Decodable {
    var sub: String?
    var exp: Double?
    var nbf: Double?
    var iss: String?
    var aud: [String]?

    /// The longest subject accepted, in bytes.
    static let maximumSubjectLength = 256

    private enum CodingKeys: String, CodingKey { case sub, exp, nbf, iss, aud }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sub = try container.decodeIfPresent(String.self, forKey: .sub)
        exp = try container.decodeIfPresent(Double.self, forKey: .exp)
        nbf = try container.decodeIfPresent(Double.self, forKey: .nbf)
        iss = try container.decodeIfPresent(String.self, forKey: .iss)
        if let one = try? container.decodeIfPresent(String.self, forKey: .aud) {
            aud = [one]
        } else {
            aud = try container.decodeIfPresent([String].self, forKey: .aud)
        }
    }

    /// The subject, once `exp` and `nbf` pass at `now`, `iss` is one of `issuers` and `aud`
    /// includes one of `audiences` (each checked only when given).
    func check(issuers: [String]?, audiences: [String]?, now: Date) throws(AuthError) -> String {
        guard let exp else { throw .rejectedToken("the token has no exp (expiration) claim") }
        let expiry = Date(timeIntervalSince1970: exp)
        guard expiry > now else { throw .rejectedToken("the token expired at \(Timestamp.format(expiry))") }
        if let nbf, Date(timeIntervalSince1970: nbf) > now {
            throw .rejectedToken("the token is not valid before \(Timestamp.format(Date(timeIntervalSince1970: nbf)))")
        }
        if let issuers, !issuers.contains(where: { $0 == iss }) {
            throw .rejectedToken("the issuer (iss) is \(iss.map { "\"\($0)\"" } ?? "missing"), not the configured \(Self.list(issuers))")
        }
        if let audiences, !audiences.contains(where: { aud?.contains($0) ?? false }) {
            throw .rejectedToken("the audience (aud) \(aud.map { "\($0)" } ?? "is missing and") does not include the configured \(Self.list(audiences))")
        }
        guard let subject = sub, !subject.isEmpty else { throw .rejectedToken("the token has no sub (subject) claim") }
        guard subject.utf8.count <= Self.maximumSubjectLength else {
            throw .rejectedToken("the subject (sub) is longer than \(Self.maximumSubjectLength) bytes")
        }
        return subject
    }

    /// `"a"`, or `"a" or "b"`.
    private static func list(_ values: [String]) -> String {
        values.map { "\"\($0)\"" }.joined(separator: " or ")
    }
}
