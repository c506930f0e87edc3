import Fief

/// RealmSwift's name for the levels of sync logging. Sync logs through Fief's one ``Logger``,
/// so its levels are ``LogLevel``'s, with the same cases (`off` to `all`).
///
/// ```swift
/// let level: SyncLogLevel = .debug
/// Logger.shared.level = level
/// ```
public typealias SyncLogLevel = LogLevel
