import Hummingbird

/// `GET /permissions`, `POST /permissions`, `GET /permissions/offers` (`?all=true`: every
/// user's, for administrators), `POST /permissions/offers`, `POST /permissions/offers/accept` and
/// `DELETE /permissions/offers/<id>`: every route needs `Authorization: Bearer <access token>`.
enum PermissionRoutes {
    static func add(to router: Router<ServerRequestContext>, auth: AuthService, permissions: PermissionService) {
        router.get("permissions") { request, context in
            try await RouteHandling.handle(context) {
                let user = try RouteHandling.authenticate(request, auth: auth)
                return try JSONBody.response(try await permissions.permissions(of: user))
            }
        }
        router.post("permissions") { request, context in
            try await RouteHandling.handle(context) {
                let user = try RouteHandling.authenticate(request, auth: auth)
                let body = try await JSONBody.decode(SetPermissionRequest.self, from: request)
                return try JSONBody.response(try await permissions.setLevel(body, by: user))
            }
        }
        router.post("permissions/offers") { request, context in
            try await RouteHandling.handle(context) {
                let user = try RouteHandling.authenticate(request, auth: auth)
                let body = try await JSONBody.decode(CreateOfferRequest.self, from: request)
                return try JSONBody.response(try await permissions.createOffer(body, by: user))
            }
        }
        router.get("permissions/offers") { request, context in
            try await RouteHandling.handle(context) {
                let user = try RouteHandling.authenticate(request, auth: auth)
                let all = request.uri.queryParameters.get("all") == "true"
                return try JSONBody.response(try await permissions.offers(of: user, all: all))
            }
        }
        router.delete("permissions/offers/:id") { request, context in
            try await RouteHandling.handle(context) {
                let user = try RouteHandling.authenticate(request, auth: auth)
                let id = context.parameters.get("id") ?? ""
                return try JSONBody.response(try await permissions.revokeOffer(id: id, by: user))
            }
        }
        router.post("permissions/offers/accept") { request, context in
            try await RouteHandling.handle(context) {
                let user = try RouteHandling.authenticate(request, auth: auth)
                let body = try await JSONBody.decode(AcceptOfferRequest.self, from: request)
                return try JSONBody.response(try await permissions.acceptOffer(body, by: user))
            }
        }
    }
}
