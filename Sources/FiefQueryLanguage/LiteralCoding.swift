/// Encoders and decoders for the literal forms: hexadecimal, base64, and calendar dates.
enum LiteralCoding {
    /// The value of an ASCII hexadecimal digit, or nil.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// Lowercase hexadecimal of `bytes`.
    static func hexString(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Standard base64 with `=` padding.
    static func base64Encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = UInt32(bytes[index])
            let b1 = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
            let b2 = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            out.append(base64Alphabet[Int(group >> 18 & 63)])
            out.append(base64Alphabet[Int(group >> 12 & 63)])
            out.append(index + 1 < bytes.count ? base64Alphabet[Int(group >> 6 & 63)] : 0x3D)
            out.append(index + 2 < bytes.count ? base64Alphabet[Int(group & 63)] : 0x3D)
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes padded standard base64; nil when the length is not a multiple of 4, a character is
    /// outside the alphabet, or `=` appears anywhere but the last one or two places.
    static func base64Decode(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        let chars = Array(text)
        var out: [UInt8] = []
        var index = 0
        while index < chars.count {
            var group: UInt32 = 0
            var padding = 0
            for step in 0..<4 {
                let char = chars[index + step]
                let value: UInt32
                switch char {
                case 0x41...0x5A: value = UInt32(char - 0x41)
                case 0x61...0x7A: value = UInt32(char - 0x61 + 26)
                case 0x30...0x39: value = UInt32(char - 0x30 + 52)
                case 0x2B: value = 62
                case 0x2F: value = 63
                case 0x3D:
                    // Padding: only in the last group, in the last one or two places.
                    guard index + 4 == chars.count, step >= 2 else { return nil }
                    padding += 1
                    value = 0
                default: return nil
                }
                if padding > 0 && char != 0x3D { return nil }
                group = group << 6 | value
            }
            out.append(UInt8(group >> 16 & 0xFF))
            if padding < 2 { out.append(UInt8(group >> 8 & 0xFF)) }
            if padding < 1 { out.append(UInt8(group & 0xFF)) }
            index += 4
        }
        return out
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// Days in a month of the proleptic Gregorian calendar.
    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
