import Foundation

/// Number formatting for the report.
enum Format {
    /// A figure in its unit: whole numbers with thousands separators for rates, two decimals
    /// (three below 10) for seconds, milliseconds and MiB, one decimal for average sizes (`bytes/change`,
    /// `bytes/changeset`).
    static func figure(_ value: Double, unit: String) -> String {
        switch unit {
        case "ms", "MiB", "s": return String(format: value < 10 ? "%.3f" : "%.2f", value)
        case "bytes/change", "bytes/changeset": return String(format: "%.1f", value)
        default: return grouped(Int(value.rounded()))
        }
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// A ratio such as `1.23×`, with two significant digits below 0.1 (`0.0021×`).
    static func ratio(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f×" : value >= 10 ? "%.1f×" : value >= 0.1 ? "%.2f×" : "%.2g×", value)
    }

    /// A byte count in MiB or GiB, as `20 MiB` or `1 GiB`.
    static func mebibytes(_ bytes: Int) -> String {
        bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : "\(bytes >> 20) MiB"
    }
}
