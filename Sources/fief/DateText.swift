import Foundation

/// Dates as ISO 8601 text in UTC, such as `2024-05-01T12:30:00.25Z`, computed without
/// calendars or locales so the text is the same everywhere.
///
/// Fractions are written to the nanosecond, trailing zeros removed. Formatting the parsed
/// text again gives the same text, which is what export then import then export relies on.
enum DateText {
    private static let secondsPerDay: Int64 = 86_400
    /// Days from 1970-01-01 to 2001-01-01, the reference date `Date` counts from.
    private static let referenceDays: Int64 = 11_323

    /// Dates further than this from 2001 (about 9,500 years) have no ISO text here.
    static let range: Double = 3e11

    /// The ISO 8601 text of `date`, or nil when it is not finite or out of ``range``.
    static func format(_ date: Date) -> String? {
        let t = date.timeIntervalSinceReferenceDate
        guard t.isFinite, abs(t) < range else { return nil }
        var whole = t.rounded(.down)
        var nanos = Int64(((t - whole) * 1e9).rounded())
        if nanos >= 1_000_000_000 { nanos -= 1_000_000_000; whole += 1 }
        let seconds = Int64(whole) + referenceDays * secondsPerDay
        let days = seconds >= 0 ? seconds / secondsPerDay : (seconds - secondsPerDay + 1) / secondsPerDay
        let ofDay = seconds - days * secondsPerDay
        let (y, m, d) = civil(fromDays: days)
        var text = (y < 0 ? "-" : "") + pad(abs(y), 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
        text += "T" + pad(ofDay / 3600, 2) + ":" + pad(ofDay / 60 % 60, 2) + ":" + pad(ofDay % 60, 2)
        if nanos > 0 {
            var fraction = pad(nanos, 9)
            while fraction.hasSuffix("000") { fraction.removeLast(3) }
            text += "." + fraction
        }
        return text + "Z"
    }

    /// The date `text` names (the form ``format(_:)`` writes: `Z` only, 0 to 9 fraction
    /// digits), or nil if it is not such a date.
    static func parse(_ text: String) -> Date? {
        var s = Substring(text)
        let negative = s.first == "-"
        if negative { s = s.dropFirst() }
        let parts = s.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasSuffix("Z") else { return nil }
        let ymd = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        let timeAndFraction = parts[1].dropLast().split(separator: ".", omittingEmptySubsequences: false)
        guard ymd.count == 3, ymd[0].count >= 4, ymd[1].count == 2, ymd[2].count == 2,
              timeAndFraction.count <= 2, let y = Int64(ymd[0]), let m = Int64(ymd[1]), let d = Int64(ymd[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        let hms = timeAndFraction[0].split(separator: ":", omittingEmptySubsequences: false)
        guard hms.count == 3, hms.allSatisfy({ $0.count == 2 }), let h = Int64(hms[0]), let mi = Int64(hms[1]),
              let sec = Int64(hms[2]), h < 24, mi < 60, sec < 60 else { return nil }
        var nanos: Int64 = 0
        if timeAndFraction.count == 2 {
            let digits = timeAndFraction[1]
            guard (1...9).contains(digits.count), digits.allSatisfy(\.isASCII), let n = Int64(digits) else { return nil }
            nanos = n
            for _ in digits.count..<9 { nanos *= 10 }
        }
        let days = self.days(fromCivil: negative ? -y : y, m, d)
        let seconds = (days - referenceDays) * secondsPerDay + h * 3600 + mi * 60 + sec
        return Date(timeIntervalSinceReferenceDate: Double(seconds) + Double(nanos) / 1e9)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Year, month, day of the day `days` after 1970-01-01 (proleptic Gregorian; H. Hinnant).
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Days from 1970-01-01 to year `y`, month `m`, day `d` (the inverse of `civil`).
    private static func days(fromCivil y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
