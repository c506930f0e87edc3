/// What the identity provider said about a user at their last login: name, email, picture...
/// Read it as `user.profile`.
///
/// ```swift
/// let user = try await app.login(credentials: .jwt(token: token))
/// print(user.profile.name ?? "no name", user.profile.email ?? "no email")
/// ```
///
/// fief-server fills it at each login:
/// - email and password users: `email` is the account's user name;
/// - API-key logins: as for the key's user;
/// - `jwt` logins: from the token's OpenID Connect claims (`name`, `email`, `picture`,
///   `given_name`, `family_name`, `gender`, `birthdate`, and `min_age`/`max_age` when present);
///   the token's other claims, except the registered ones (`iss`, `sub`, `aud`, `exp`, `nbf`,
///   `iat`, `jti`), go in ``metadata``;
/// - anonymous and administrator users: empty.
///
/// The profile is kept with the user on the device, so it is there after a restart and while
/// the user is logged out.
public struct UserProfile: Sendable, Hashable, Codable {
    /// The user's full name.
    public var name: String?
    /// The user's email address.
    public var email: String?
    /// The address of the user's picture.
    public var pictureURL: String?
    /// The user's given name.
    public var firstName: String?
    /// The user's family name.
    public var lastName: String?
    /// The user's gender, as the provider spells it.
    public var gender: String?
    /// The user's birthday, as the provider spells it (OpenID Connect: `YYYY-MM-DD`).
    public var birthday: String?
    /// The lower bound of the user's age range, when the provider gives one.
    public var minAge: String?
    /// The upper bound of the user's age range, when the provider gives one.
    public var maxAge: String?
    /// The provider's other facts about the user (a JWT's unregistered claims).
    public var metadata: [String: CustomDataValue]

    /// A profile with the given facts (all absent by default).
    public init(name: String? = nil, email: String? = nil, pictureURL: String? = nil, firstName: String? = nil, lastName: String? = nil,
                gender: String? = nil, birthday: String? = nil, minAge: String? = nil, maxAge: String? = nil,
                metadata: [String: CustomDataValue] = [:]) {
        self.name = name
        self.email = email
        self.pictureURL = pictureURL
        self.firstName = firstName
        self.lastName = lastName
        self.gender = gender
        self.birthday = birthday
        self.minAge = minAge
        self.maxAge = maxAge
        self.metadata = metadata
    }

    private enum CodingKeys: String, CodingKey {
        case name, email, pictureURL, firstName, lastName, gender, birthday, minAge, maxAge, metadata
    }

    /// Decodes a profile; absent fields (a server that sends fewer) stay nil or empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        pictureURL = try container.decodeIfPresent(String.self, forKey: .pictureURL)
        firstName = try container.decodeIfPresent(String.self, forKey: .firstName)
        lastName = try container.decodeIfPresent(String.self, forKey: .lastName)
        gender = try container.decodeIfPresent(String.self, forKey: .gender)
        birthday = try container.decodeIfPresent(String.self, forKey: .birthday)
        minAge = try container.decodeIfPresent(String.self, forKey: .minAge)
        maxAge = try container.decodeIfPresent(String.self, forKey: .maxAge)
        metadata = try container.decodeIfPresent([String: CustomDataValue].self, forKey: .metadata) ?? [:]
    }
}
