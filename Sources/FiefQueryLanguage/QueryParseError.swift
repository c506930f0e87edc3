/// Why a query string did not parse, and where.
///
/// `offset` is the UTF-8 byte offset of the problem; `line` and `column` are 1-based, the column
/// counting Unicode scalars from the start of the line.
package struct QueryParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The class of problem, for callers that branch on it.
    package enum Kind: Equatable, Sendable {
        case unexpectedToken
        case invalidCharacter
        case unterminatedString
        case invalidEscape
        case unknownModifier
        case modifierNotAllowed
        case unknownCollectionOperator
        case invalidObjectId
        case invalidUUID
        case invalidTimestamp
        case invalidBase64
        case numberOutOfRange
        case invalidBetween
        /// A malformed `GEOWITHIN` shape: bad syntax inside `geoBox`/`geoCircle`/`geoPolygon`, a
        /// coordinate out of range, an open or too short polygon ring, a negative radius.
        case invalidGeometry
        case invalidSubquery
        case invalidBacklink
        case invalidLimit
        case nestingTooDeep
        case inputTooLong
        case invalidUTF8
    }

    package var kind: Kind
    /// What went wrong, e.g. "expected a comparison operator after 'age'".
    package var message: String
    /// UTF-8 byte offset into the query.
    package var offset: Int
    /// 1-based line.
    package var line: Int
    /// 1-based column in Unicode scalars.
    package var column: Int
    /// The source text found there (shortened), or "end of input".
    package var found: String

    package init(kind: Kind, message: String, offset: Int, line: Int, column: Int, found: String) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
        self.found = found
    }

    package var description: String {
        "\(message) at line \(line), column \(column) (offset \(offset)), found \(found)"
    }
}
