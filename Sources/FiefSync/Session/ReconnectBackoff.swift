/// Delays between reconnection attempts: exponential from `initial` to `maximum`, each with
/// full jitter (a random delay between half and all of the step), reset once a connection
/// works.
struct ReconnectBackoff {
    var initial: Duration = .milliseconds(250)
    var maximum: Duration = .seconds(60)
    private var attempt = 0

    /// The delay before the next attempt.
    mutating func nextDelay() -> Duration {
        let step = min(initial * (1 << min(attempt, 16)), maximum)
        attempt += 1
        let milliseconds = Int(step.components.seconds * 1000 + step.components.attoseconds / 1_000_000_000_000_000)
        return .milliseconds(Int.random(in: max(1, milliseconds / 2)...max(1, milliseconds)))
    }

    /// A connection worked: the next failure starts from `initial` again.
    mutating func reset() { attempt = 0 }
}
