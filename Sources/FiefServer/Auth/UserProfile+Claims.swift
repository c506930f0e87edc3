import FiefSyncProtocol

extension UserProfile {
    /// The claims of a JWT that say nothing about the user, left out of ``metadata``.
    static let registeredClaims: Set<String> = ["iss", "sub", "aud", "exp", "nbf", "iat", "jti"]
    /// The OpenID Connect claims the profile's fields come from.
    static let profileClaims: Set<String> = ["name", "email", "picture", "given_name", "family_name", "gender", "birthdate", "min_age", "max_age"]

    /// The profile a verified `jwt` login token describes: its OpenID Connect claims in the
    /// fields, its other unregistered claims in ``metadata``.
    init(jwtClaims claims: [String: CustomDataValue]) {
        func text(_ name: String) -> String? {
            switch claims[name] {
            case .string(let value): value
            case .int(let value): String(value)
            case .double(let value): String(value)
            case .bool(let value): String(value)
            default: nil
            }
        }
        self.init(name: text("name"), email: text("email"), pictureURL: text("picture"), firstName: text("given_name"),
                  lastName: text("family_name"), gender: text("gender"), birthday: text("birthdate"), minAge: text("min_age"),
                  maxAge: text("max_age"),
                  metadata: claims.filter { !Self.registeredClaims.contains($0.key) && !Self.profileClaims.contains($0.key) })
    }

    /// The profile of a stored account: its email when it has a user name (password accounts).
    init(account: StoredUser) {
        self.init(email: account.username)
    }
}
