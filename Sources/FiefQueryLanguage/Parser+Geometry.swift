/// The shapes on the right of `GEOWITHIN`, written as realm-core writes them:
///
///     shape   := "$n" | box | circle | polygon
///     box     := "geoBox" "(" point "," point ")"                 bottom left, top right
///     circle  := "geoCircle" "(" point "," number ")"             center, radius in radians
///     polygon := "geoPolygon" "(" ring ("," ring)* ")"            outer ring, then holes
///     ring    := "{" point ("," point)* "}"
///     point   := "[" number "," number ("," number)? "]"          longitude, latitude, altitude
///
/// The names are matched ignoring case. Inside a shape `[` and `]` are punctuation, not the
/// start of a `[c]` modifier. A shape that parses but cannot be used (a latitude past 90, an
/// open ring) is an `.invalidGeometry` error at the shape.
extension Parser {
    mutating func parseGeometryOperand() throws(QueryParseError) -> QueryOperand {
        let token = try peek()
        if case .argument(let index) = token.kind {
            try advance()
            return .argument(index)
        }
        let shapes = ["geobox", "geocircle", "geopolygon"]
        guard let name = shapes.first(where: { token.isKeyword($0) }) else {
            throw try unexpected(
                "GEOWITHIN needs geoBox(...), geoCircle(...), geoPolygon(...) or an argument", kind: .invalidGeometry)
        }
        try advance()
        // The word was the only token read ahead, so every token of the shape is lexed with
        // brackets as punctuation.
        lexer.bracketsArePunctuation = true
        defer { lexer.bracketsArePunctuation = false }
        try expect(.leftParen, "'(' after \(source.excerpt(token.start, token.end))")
        let geometry: QueryGeometry
        switch name {
        case "geobox":
            let bottomLeft = try parseGeoPoint()
            try expect(.comma, "',' between the corners of geoBox")
            let topRight = try parseGeoPoint()
            geometry = .box(bottomLeft: bottomLeft, topRight: topRight)
        case "geocircle":
            let center = try parseGeoPoint()
            try expect(.comma, "',' after the center of geoCircle")
            geometry = .circle(center: center, radius: try parseGeoNumber("the radius of geoCircle in radians"))
        default:
            var rings = [try parseGeoRing()]
            while try accept(.comma) { rings.append(try parseGeoRing()) }
            geometry = .polygon(outerRing: rings[0], holes: Array(rings.dropFirst()))
        }
        try expect(.rightParen, "')' to close \(source.excerpt(token.start, token.end))")
        if let problem = geometry.problem {
            throw source.error(.invalidGeometry, problem, at: token.start, foundEnd: previousEnd)
        }
        return .geometry(geometry)
    }

    /// `[longitude, latitude]` or `[longitude, latitude, altitude]`.
    private mutating func parseGeoPoint() throws(QueryParseError) -> QueryGeoPoint {
        guard try accept(.leftBracket) else {
            throw try unexpected("expected a point [longitude, latitude]", kind: .invalidGeometry)
        }
        let longitude = try parseGeoNumber("a longitude")
        try expect(.comma, "',' between longitude and latitude")
        let latitude = try parseGeoNumber("a latitude")
        var altitude: Double?
        if try accept(.comma) { altitude = try parseGeoNumber("an altitude") }
        try expect(.rightBracket, "']' to close the point")
        return QueryGeoPoint(longitude: longitude, latitude: latitude, altitude: altitude)
    }

    /// `{[lon, lat], ...}`.
    private mutating func parseGeoRing() throws(QueryParseError) -> [QueryGeoPoint] {
        guard try accept(.leftBrace) else {
            throw try unexpected("expected a ring {[longitude, latitude], ...} in geoPolygon", kind: .invalidGeometry)
        }
        var points = [try parseGeoPoint()]
        while try accept(.comma) { points.append(try parseGeoPoint()) }
        try expect(.rightBrace, "',' or '}' in the ring")
        return points
    }

    private mutating func parseGeoNumber(_ what: String) throws(QueryParseError) -> Double {
        switch try peek().kind {
        case .literal(.integer(let value)):
            try advance()
            return Double(value)
        case .literal(.double(let value)):
            try advance()
            return value
        default:
            throw try unexpected("expected \(what)", kind: .invalidGeometry)
        }
    }
}
