import Foundation

/// Catches the moment a change notification carrying an awaited value arrives, on whatever
/// thread the engine delivers it.
final class NotificationRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var awaited = Double.nan
    private var arrival: UInt64?

    /// Monotonic nanoseconds (the clock the writer's timestamps also use).
    static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// Starts waiting for `value`; earlier or other values delivered from now on are ignored.
    func expect(_ value: Double) {
        condition.withLock {
            awaited = value
            arrival = nil
        }
    }

    /// Called by the observer with each delivered value.
    func deliver(_ value: Double) {
        let time = Self.now()
        condition.withLock {
            if arrival == nil && value == awaited {
                arrival = time
                condition.signal()
            }
        }
    }

    /// When the awaited value arrived, waiting up to `timeout` seconds; nil if it did not.
    func waitForArrival(timeout: Double) -> UInt64? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock {
            while arrival == nil && condition.wait(until: deadline) {}
            return arrival
        }
    }
}
