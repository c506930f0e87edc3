import FuzzQueryLanguage

/// The `fuzz-query` oracle: any bytes either fail with a `QueryParseError` (invalid UTF-8
/// included) or parse; a parsed query printed and parsed again must be equal, and printing must
/// be stable. Any other outcome traps.
public enum QueryHarness {
    public static func run(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        let query: ParsedQuery
        do {
            query = try QueryLanguage.parse(utf8: bytes)
        } catch {
            // Typed throws: always a QueryParseError; its position must lie inside the input.
            precondition(error.offset >= 0 && error.offset <= bytes.count, "FUZZ FAILURE: error offset \(error.offset) outside the input")
            return
        }
        let printed = query.description
        let reparsed: ParsedQuery
        do {
            reparsed = try QueryLanguage.parse(printed)
        } catch {
            fatalError("FUZZ FAILURE: printed query does not parse: \(printed): \(error)")
        }
        if reparsed != query {
            fatalError("FUZZ FAILURE: round trip changed the query: \(printed)")
        }
        if reparsed.description != printed {
            fatalError("FUZZ FAILURE: printing is not stable: \(printed)")
        }
        _ = query.highestArgumentIndex
    }
}
