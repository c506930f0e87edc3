/// Delays between reconnection attempts: exponential from `initial` to `maximum`, each with
/// full jitter (a random delay between half and all of the step), reset once a connection
/// works. After the loss of a connection that worked, the first attempt is immediate unless
/// one was within `fastReconnectLimit` (``SyncTimeoutOptions/fastReconnectLimit``; zero: never).
struct ReconnectBackoff {
    var initial: Duration = .milliseconds(250)
    var maximum: Duration = .seconds(60)
    var fastReconnectLimit: Duration = .zero
    private var attempt = 0
    private var connectionWorked = false
    private var lastFastReconnect: ContinuousClock.Instant?

    /// The delay before the next attempt.
    mutating func nextDelay(now: ContinuousClock.Instant = .now) -> Duration {
        if connectionWorked {
            connectionWorked = false
            if fastReconnectLimit > .zero, lastFastReconnect.map({ now - $0 >= fastReconnectLimit }) ?? true {
                lastFastReconnect = now
                return .zero
            }
        }
        let step = min(initial * (1 << min(attempt, 16)), maximum)
        attempt += 1
        let milliseconds = Int(step.components.seconds * 1000 + step.components.attoseconds / 1_000_000_000_000_000)
        return .milliseconds(Int.random(in: max(1, milliseconds / 2)...max(1, milliseconds)))
    }

    /// A connection worked: the next failure starts from `initial` again (or reconnects at
    /// once, see `fastReconnectLimit`).
    mutating func reset() {
        attempt = 0
        connectionWorked = true
    }
}
