import Foundation

/// Reads the `exp` claim of an access token (a compact JWT) without verifying it: the client
/// only needs to know when to refresh; the server verifies.
enum AccessTokenExpiry {
    /// The expiry of `token`, or nil when it is not a JWT with a numeric `exp`.
    static func expiry(of token: String) -> Date? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = base64URLDecode(parts[1]),
              let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any],
              let exp = object["exp"] as? NSNumber else { return nil }
        return Date(timeIntervalSince1970: exp.doubleValue)
    }

    /// Whether `token` stays valid for at least `margin` seconds from `now`. A token whose
    /// expiry cannot be read counts as expired (it is refreshed).
    static func isValid(_ token: String, for margin: TimeInterval, now: Date = Date()) -> Bool {
        guard let expiry = expiry(of: token) else { return false }
        return expiry.timeIntervalSince(now) >= margin
    }

    private static func base64URLDecode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        return Data(base64Encoded: base64)
    }
}
