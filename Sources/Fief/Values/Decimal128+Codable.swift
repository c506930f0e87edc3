/// `Decimal128` encodes as its text ("19.99"), so no digit is lost to a binary float; it
/// decodes from text, an integer or a floating-point number, as RealmSwift's does.
extension Decimal128: Codable {
    /// Decodes a decimal from a string, an integer or a floating-point number.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let d = Decimal128(string: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a decimal number")
            }
            self = d
        } else if let i = try? container.decode(Int64.self) {
            self.init(integerLiteral: i)
        } else if let d = try? container.decode(Double.self) {
            self.init(floatLiteral: d)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Cannot convert value to Decimal128")
        }
    }

    /// Encodes the decimal as its text.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
