import Foundation

/// An indicator for work whose length is not known in advance (the storage layer's `verify`
/// reports no progress): a spinner and the time taken so far, on standard error, only when it
/// is a terminal.
enum ActivityIndicator {
    /// Runs `body`, showing `label` with a spinner while it runs; the line is erased after.
    static func run<T>(_ label: String, enabled: Bool = Terminal.standardErrorIsTerminal, _ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        let state = SpinnerState()
        let clock = ContinuousClock()
        let start = clock.now
        let frames = Array("|/-\\")
        @Sendable func draw(_ frame: Int) {
            let elapsed = Formatting.decimal(Formatting.seconds(clock.now - start), places: 1)
            Console.write("\r\u{1B}[2K\(label) \(frames[frame % frames.count]) \(elapsed) s", to: .standardError)
        }
        draw(0)
        let thread = Thread {
            var frame = 1
            while true {
                state.wait(milliseconds: 100)
                if state.isStopped { break }
                draw(frame)
                frame += 1
            }
            Console.write("\r\u{1B}[2K", to: .standardError)
            state.markFinished()
        }
        thread.start()
        defer { state.stopAndWait() }
        return try body()
    }
}

/// The spinner thread's stop flag and its acknowledgement.
private final class SpinnerState: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopped = false
    private var finished = false

    var isStopped: Bool { condition.withLock { stopped } }

    /// Sleeps up to `milliseconds`, waking early when stopped.
    func wait(milliseconds: Int) {
        condition.withLock {
            if !stopped { _ = condition.wait(until: Date().addingTimeInterval(Double(milliseconds) / 1000)) }
        }
    }

    func markFinished() {
        condition.withLock {
            finished = true
            condition.broadcast()
        }
    }

    /// Stops the spinner and waits until it has erased its line.
    func stopAndWait() {
        condition.withLock {
            stopped = true
            condition.broadcast()
            while !finished { condition.wait() }
        }
    }
}
