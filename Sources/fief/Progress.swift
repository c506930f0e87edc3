import Foundation

/// A progress bar on standard error for long operations, drawn only when standard error is a
/// terminal (so pipes, files and scripts see nothing), and erased when the work is done.
///
/// ```
/// exporting [##########··········]  50%  5,000/10,000 objects
/// ```
final class ProgressBar {
    private let label: String
    private let unit: String
    private let total: Int
    private let enabled: Bool
    private var done = 0
    private var lastDraw: ContinuousClock.Instant?
    private let clock = ContinuousClock()
    /// The bar's width in characters.
    private static let width = 24

    /// A bar for `total` steps of `unit`, drawn at once when `enabled` (by default: when
    /// standard error is a terminal).
    init(_ label: String, total: Int, unit: String, enabled: Bool = Terminal.standardErrorIsTerminal) {
        self.label = label
        self.total = max(total, 0)
        self.unit = unit
        self.enabled = enabled
        draw()
    }

    /// Records `steps` more steps done; redraws at most ten times a second.
    func advance(by steps: Int = 1) {
        done += steps
        guard enabled else { return }
        let now = clock.now
        if let lastDraw, now - lastDraw < .milliseconds(100), done < total { return }
        draw()
    }

    /// Erases the bar.
    func finish() {
        guard enabled else { return }
        Console.write("\r\u{1B}[2K", to: .standardError)
    }

    private func draw() {
        guard enabled else { return }
        lastDraw = clock.now
        let fraction = total == 0 ? 1 : min(1, Double(done) / Double(total))
        let filled = Int((fraction * Double(Self.width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "·", count: Self.width - filled)
        let percent = Int((fraction * 100).rounded(.down))
        let line = "\(label) [\(bar)] \(String(repeating: " ", count: 3 - String(percent).count))\(percent)%  "
            + "\(Formatting.count(min(done, total)))/\(Formatting.count(total)) \(unit)"
        Console.write("\r\u{1B}[2K" + line, to: .standardError)
    }
}

/// Facts about the terminal the tool runs in.
enum Terminal {
    /// Whether standard error is a terminal (progress is drawn only then).
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
