import Foundation

// The JSON bodies of fief-server's `/permissions` endpoints.

/// One entry of `GET /permissions`.
struct PermissionEntryBody: Decodable, Sendable {
    var path: String
    var userId: String?
    var accessLevel: String
    var mayRead: Bool
    var mayWrite: Bool
    var mayManage: Bool
    var updatedAt: String
}

/// The answer to `GET /permissions`.
struct PermissionListBody: Decodable, Sendable {
    var permissions: [PermissionEntryBody]
}

/// `POST /permissions/offers`.
struct CreateOfferBody: Encodable, Sendable {
    var path: String
    var accessLevel: String
    var expiresAt: String?

    enum CodingKeys: CodingKey { case path, accessLevel, expiresAt }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(accessLevel, forKey: .accessLevel)
        try container.encode(expiresAt, forKey: .expiresAt)   // null: never expires
    }
}

/// The answer to `POST /permissions/offers`.
struct OfferBody: Decodable, Sendable {
    var token: String
    var path: String
    var accessLevel: String
    var expiresAt: String?
}

/// `POST /permissions/offers/accept`.
struct AcceptOfferBody: Codable, Sendable {
    var token: String
}

/// The answer to `POST /permissions/offers/accept`.
struct AcceptedOfferBody: Decodable, Sendable {
    var path: String
    var accessLevel: String
}

/// One offer of `GET /permissions/offers`, and the answer to `DELETE /permissions/offers/<id>`.
struct OfferSummaryBody: Decodable, Sendable {
    var id: String
    var path: String
    var accessLevel: String
    var createdAt: String
    var expiresAt: String?
    var revokedAt: String?
    var acceptedCount: Int
}

/// The answer to `GET /permissions/offers`.
struct OfferListBody: Decodable, Sendable {
    var offers: [OfferSummaryBody]
}

/// ISO 8601 timestamps as the server writes them (with or without milliseconds).
enum ISOTimestamp {
    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    static func parse(_ text: String) -> Date? {
        if let date = ISO8601DateFormatter().date(from: text) { return date }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
