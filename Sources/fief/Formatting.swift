/// Number, size and duration formatting for people reading the tool's output.
///
/// Formats are fixed (no locale): output must be the same everywhere, for scripts and tests.
enum Formatting {
    /// An integer with thousands separators: `1234567` → `"1,234,567"`.
    static func count<T: BinaryInteger>(_ value: T) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// A byte count in binary units with one decimal: `512` → `"512 B"`, `1536` → `"1.5 KiB"`.
    static func bytes<T: BinaryInteger>(_ value: T) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"]
        var amount = Double(value)
        var unit = 0
        while abs(amount) >= 1024 && unit < units.count - 1 {
            amount /= 1024
            unit += 1
        }
        if unit == 0 { return "\(count(value)) B" }
        return "\(decimal(amount, places: 1)) \(units[unit])"
    }

    /// A duration in the unit that reads best: `"850 µs"`, `"12.4 ms"`, `"1.32 s"`.
    static func duration(_ value: Duration) -> String {
        let seconds = self.seconds(value)
        if seconds < 0.001 { return "\(decimal(seconds * 1_000_000, places: 0)) µs" }
        if seconds < 0.1 { return "\(decimal(seconds * 1000, places: 1)) ms" }
        if seconds < 1 { return "\(decimal(seconds * 1000, places: 0)) ms" }
        return "\(decimal(seconds, places: 2)) s"
    }

    /// A rate such as `"412,000 entries/s"`; `"-"` when the duration is zero.
    static func rate(_ items: Int, per value: Duration, unit: String) -> String {
        let seconds = self.seconds(value)
        guard seconds > 0 else { return "- \(unit)/s" }
        return "\(count(Int((Double(items) / seconds).rounded()))) \(unit)/s"
    }

    /// A duration in seconds as a floating-point number.
    static func seconds(_ value: Duration) -> Double {
        let (seconds, attoseconds) = value.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// `value` rounded to `places` decimals, without exponent notation.
    static func decimal(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        guard places > 0 else { return count(scaled) }
        let whole = scaled / Int(scale)
        let fraction = String(abs(scaled % Int(scale)))
        let padded = String(repeating: "0", count: places - fraction.count) + fraction
        return "\(scaled < 0 && whole == 0 ? "-" : "")\(count(whole)).\(padded)"
    }
}
