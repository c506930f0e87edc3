import Foundation

/// Where Fief reports what it does: realm files opened and closed, migrations, compactions,
/// write commits, and sync sessions' connections and errors.
///
/// ```swift
/// Logger.shared = Logger(level: .detail) { level, message in
///     print("Fief \(level): \(message)")
/// }
/// Logger.shared.level = .debug   // also report every commit
/// ```
///
/// The log function is called on the thread where the event happens, sometimes while Fief
/// holds internal locks (opening a file, inside a write transaction): it must not use realms.
/// Hand the message on (print it, append it to a file, pass it to swift-log) and return.
///
/// The shared logger, until you replace it, writes to standard error at level `.info`.
public final class Logger: @unchecked Sendable {
    private let lock = NSLock()
    private var currentLevel: LogLevel
    private let logFunction: @Sendable (LogLevel, String) -> Void

    /// A logger that passes each message at `level` or below to `logFunction`.
    public init(level: LogLevel, logFunction: @escaping @Sendable (_ level: LogLevel, _ message: String) -> Void) {
        currentLevel = level
        self.logFunction = logFunction
    }

    /// The most detailed level this logger reports; `.off` reports nothing. Settable at any time.
    public var level: LogLevel {
        get { lock.withLock { currentLevel } }
        set { lock.withLock { currentLevel = newValue } }
    }

    /// Reports `message` at `level`, if the logger's level includes it.
    ///
    /// ```swift
    /// Logger.shared.log(level: .info, message: "Imported 1,200 contacts")
    /// ```
    public func log(level: LogLevel, message: String) {
        guard reports(level) else { return }
        logFunction(level, message)
    }

    /// Whether a message at `level` would be reported.
    func reports(_ level: LogLevel) -> Bool {
        level != .off && level <= self.level
    }

    /// The logger Fief reports to. Setting it replaces it for the whole process.
    public static var shared: Logger {
        get { SharedLogger.box.withLock { $0 } }
        set { SharedLogger.box.withLock { $0 = newValue } }
    }

    /// Reports a message to the shared logger; `message` is built only if it is reported.
    static func emit(_ level: LogLevel, _ message: @autoclosure () -> String) {
        let logger = shared
        guard logger.reports(level) else { return }
        logger.logFunction(level, message())
    }

    /// The shared logger's default: standard error, at `.info`.
    static func standardError() -> Logger {
        Logger(level: .info) { level, message in
            FileHandle.standardError.write(Data("\(Date()) Fief \(level): \(message)\n".utf8))
        }
    }
}

/// The shared logger, behind a lock.
private enum SharedLogger {
    static let box = LockedLogger(Logger.standardError())
}

private final class LockedLogger: @unchecked Sendable {
    private let lock = NSLock()
    private var logger: Logger

    init(_ logger: Logger) { self.logger = logger }

    func withLock<R>(_ body: (inout Logger) -> R) -> R {
        lock.lock(); defer { lock.unlock() }
        return body(&logger)
    }
}
