@_spi(Sync) import FiefSyncProtocol
import Foundation
import Logging

/// The sync client's diagnostic log: connection and session events at `debug`. Silent below
/// `warning` unless the environment variable `FIEF_SYNC_LOG_LEVEL` asks for more (`trace`,
/// `debug`, `info`…), for finding out why a session does not sync:
///
/// ```sh
/// FIEF_SYNC_LOG_LEVEL=debug ./my-service 2> sync.log
/// ```
enum SyncTrace {
    static let logger: Logging.Logger = {
        var logger = Logging.Logger(label: "fief.sync")
        logger.logLevel = ProcessInfo.processInfo.environment["FIEF_SYNC_LOG_LEVEL"].flatMap(Logging.Logger.Level.init(rawValue:)) ?? .warning
        return logger
    }()
}

extension SyncMessage {
    /// The message's kind and the versions that matter for following a session, for the log.
    var traceSummary: String {
        switch self {
        case .download(let d):
            "download \(d.changesets.count) changesets to server version \(d.progress.downloadServerVersion) of \(d.progress.latestServerVersion), acknowledging client version \(d.progress.uploadClientVersion)"
        case .identAssigned(let a): "identAssigned \(a.fileIdent)"
        case .mark(let m): "mark \(m.requestIdent)"
        case .error(let e): "error \(e.code) \(e.message)"
        default: "\(kind)"
        }
    }
}
