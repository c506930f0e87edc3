/// The descriptors after the predicate, in any order and repeatable:
///
///     descriptor := "SORT" "(" keypath direction ("," keypath direction)* ")"
///                 | "DISTINCT" "(" keypath ("," keypath)* ")"
///                 | "LIMIT" "(" integer ")"
///     direction  := "ASC" | "ASCENDING" | "DESC" | "DESCENDING"
extension Parser {
    /// A descriptor, or nil when the next token does not start one.
    mutating func parseDescriptor() throws(QueryParseError) -> QueryDescriptor? {
        let token = try peek()
        if token.isKeyword("sort") {
            try advance()
            try expect(.leftParen, "'(' after SORT")
            var keys: [SortKey] = []
            repeat {
                let start = try peek().start
                let keyPath = try parseKeyPath(quantifier: nil)
                let direction = try peek()
                if direction.isKeyword("asc") || direction.isKeyword("ascending") {
                    keys.append(SortKey(keyPath, ascending: true))
                } else if direction.isKeyword("desc") || direction.isKeyword("descending") {
                    keys.append(SortKey(keyPath, ascending: false))
                } else {
                    throw try unexpected("expected ASC or DESC after \(source.excerpt(start, previousEnd))")
                }
                try advance()
            } while try accept(.comma)
            try expect(.rightParen, "',' or ')' in SORT")
            return .sort(keys)
        }
        if token.isKeyword("distinct") {
            try advance()
            try expect(.leftParen, "'(' after DISTINCT")
            var keyPaths: [KeyPathExpression] = []
            repeat {
                keyPaths.append(try parseKeyPath(quantifier: nil))
            } while try accept(.comma)
            try expect(.rightParen, "',' or ')' in DISTINCT")
            return .distinct(keyPaths)
        }
        if token.isKeyword("limit") {
            try advance()
            try expect(.leftParen, "'(' after LIMIT")
            guard case .literal(.integer(let count)) = try peek().kind, count >= 0 else {
                throw try unexpected("LIMIT needs a non-negative integer", kind: .invalidLimit)
            }
            try advance()
            try expect(.rightParen, "')' after the LIMIT count")
            return .limit(Int(count))
        }
        return nil
    }
}
