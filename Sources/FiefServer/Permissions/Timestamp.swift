import Foundation

/// The ISO 8601 times of the HTTP API, such as `2026-03-01T12:00:00Z`: written in whole seconds,
/// UTC (what `ISO8601DateFormatter` and `JSONDecoder`'s `.iso8601` read); read with or without a
/// fraction of a second.
public enum Timestamp {
    /// `date` in ISO 8601, UTC, in whole seconds (a fraction is dropped).
    public static func format(_ date: Date) -> String {
        plain().string(from: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }

    /// The date `text` names in ISO 8601 (with or without a fraction of a second); nil otherwise.
    public static func parse(_ text: String) -> Date? {
        plain().date(from: text) ?? fractional().date(from: text)
    }

    private static func plain() -> ISO8601DateFormatter {
        ISO8601DateFormatter()
    }

    private static func fractional() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
