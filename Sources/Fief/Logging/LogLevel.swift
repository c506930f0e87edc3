/// How much a ``Logger`` reports, from nothing (`off`) to everything (`all`). A logger at a
/// level reports messages of that level and of every level before it in this list.
public enum LogLevel: UInt, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// Nothing is logged.
    case off
    /// Errors that end the process.
    case fatal
    /// Errors: a failed sync session, a refused upload, a lost connection that will not be retried.
    case error
    /// Warnings and errors.
    case warn
    /// Events worth knowing about: sync connections made and lost, migrations, compactions.
    case info
    /// More events: realm files opened and closed, sync session state.
    case detail
    /// Every write transaction's commit. Costs time on every commit.
    case debug
    /// More than `debug`. Costs time.
    case trace
    /// Everything.
    case all

    /// Whether `lhs` reports less than `rhs`.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level's name, such as `info`.
    public var description: String {
        switch self {
        case .off: "off"
        case .fatal: "fatal"
        case .error: "error"
        case .warn: "warn"
        case .info: "info"
        case .detail: "detail"
        case .debug: "debug"
        case .trace: "trace"
        case .all: "all"
        }
    }
}
