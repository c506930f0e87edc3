import Foundation

/// Reads encryption keys given with `--key-file`: 64 raw bytes, or 128 hexadecimal digits
/// (surrounding whitespace ignored).
enum KeyFile {
    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read the key file \(path)")
        }
        let bytes = [UInt8](data)
        if bytes.count == 64 { return bytes }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let digits = Array(text.utf8)
        guard digits.count == 128 else {
            throw CommandFailure("the key file \(path) holds \(bytes.count) bytes: a key is 64 raw bytes or 128 hexadecimal digits")
        }
        var key: [UInt8] = []
        key.reserveCapacity(64)
        for i in stride(from: 0, to: 128, by: 2) {
            guard let high = hexValue(digits[i]), let low = hexValue(digits[i + 1]) else {
                throw CommandFailure("the key file \(path) has a character that is not a hexadecimal digit at offset \(i)")
            }
            key.append(high << 4 | low)
        }
        return key
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
