import FiefSyncProtocol
import Foundation
import Hummingbird

/// `GET /users/<id>/custom-data` (the user themselves and server administrators) and
/// `PUT /users/<id>/custom-data` (server administrators only), body ``SetCustomDataRequest``:
/// a user's custom data (``CustomDataValue``). Both need `Authorization: Bearer <access token>`.
///
/// Custom data reaches the user's devices with each login and token refresh
/// (`user.customData`, `user.refreshCustomData()`), and permission rules read it as
/// `$user.custom_data.<field>`. Only administrators write it, since rules may trust it; a
/// change takes effect at once on the user's open sync sessions.
///
/// ```sh
/// curl -X PUT -H "Authorization: Bearer $ADMIN_TOKEN" http://127.0.0.1:9080/users/$USER_ID/custom-data \
///   -d '{"customData": {"team": "blue", "level": 3}}'
/// ```
enum CustomDataRoutes {
    static func add(to router: Router<ServerRequestContext>, auth: AuthService, store: any ServerStore, hub: SyncHub) {
        router.get("users/:id/custom-data") { request, context in
            try await RouteHandling.handle(context) {
                let caller = try RouteHandling.authenticate(request, auth: auth)
                let userId = context.parameters.get("id") ?? ""
                guard caller.isAdmin || caller.id == userId else {
                    throw PermissionError.permissionDenied("user \(caller.id) may read only their own custom data")
                }
                guard try await store.user(id: userId) != nil else { throw PermissionError.userNotFound(userId) }
                return try JSONBody.response(CustomDataResponse(userId: userId, customData: try await store.customData(userId: userId)))
            }
        }
        router.put("users/:id/custom-data") { request, context in
            try await RouteHandling.handle(context) {
                let caller = try RouteHandling.authenticate(request, auth: auth)
                guard caller.isAdmin else {
                    throw PermissionError.permissionDenied("only server administrators write custom data, since rules may trust it")
                }
                let userId = context.parameters.get("id") ?? ""
                let body = try await JSONBody.decode(SetCustomDataRequest.self, from: request)
                if let data = body.customData {
                    if let problem = CustomDataValue.problem(in: data) { throw PermissionError.invalidRequest("customData: \(problem)") }
                    let size = try StoredCustomData.encode(data).utf8.count
                    guard size <= CustomDataValue.maximumEncodedSize else {
                        throw PermissionError.invalidRequest("customData takes \(size) bytes as JSON; at most \(CustomDataValue.maximumEncodedSize) are kept")
                    }
                }
                guard try await store.user(id: userId) != nil else { throw PermissionError.userNotFound(userId) }
                try await hub.setCustomData(body.customData, userId: userId)
                return try JSONBody.response(CustomDataResponse(userId: userId, customData: body.customData))
            }
        }
    }
}

/// The body of `PUT /users/<id>/custom-data`.
public struct SetCustomDataRequest: Codable, Sendable, Equatable {
    /// The user's new custom data, a JSON object; null removes it.
    public var customData: [String: CustomDataValue]?

    public init(customData: [String: CustomDataValue]?) {
        self.customData = customData
    }
}

/// A user's custom data, as the custom-data routes answer.
public struct CustomDataResponse: Codable, Sendable, Equatable {
    /// The user's id.
    public var userId: String
    /// The custom data; null when none was set.
    public var customData: [String: CustomDataValue]?
}
