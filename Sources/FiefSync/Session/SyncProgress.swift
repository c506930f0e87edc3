import Foundation

extension SyncSession {
    /// Which way data moves.
    public enum ProgressDirection: Sendable {
        /// From this device to the server.
        case upload
        /// From the server to this device.
        case download
    }

    /// How long a progress notification keeps reporting.
    public enum ProgressMode: Sendable {
        /// Until its token is invalidated: new work adds to the total.
        case reportIndefinitely
        /// Until the work outstanding when it was added is done; then it stops by itself.
        case forCurrentlyOutstandingWork
    }

    /// Bytes moved and bytes to move, for progress UI.
    public struct Progress: Sendable, Equatable {
        /// Bytes moved so far.
        public let transferredBytes: Int
        /// Bytes moved so far plus bytes still to move.
        public let transferrableBytes: Int

        /// Creates a progress value.
        public init(transferred: Int, transferrable: Int) {
            transferredBytes = transferred
            transferrableBytes = max(transferrable, transferred)
        }

        /// Whether everything known is moved.
        public var isTransferComplete: Bool { transferredBytes >= transferrableBytes }
        /// The part moved, from 0 to 1 (1 when there is nothing to move).
        public var fractionTransferred: Double {
            transferrableBytes == 0 ? 1 : Double(transferredBytes) / Double(transferrableBytes)
        }
        /// RealmSwift's name of ``fractionTransferred``: the part moved, from 0 to 1.
        public var progressEstimate: Double { fractionTransferred }
    }

    /// RealmSwift's name of ``SyncProgressNotificationToken``.
    public typealias ProgressNotificationToken = SyncProgressNotificationToken
}

/// A registered progress notification; invalidate it to stop the notifications.
public final class SyncProgressNotificationToken: @unchecked Sendable {
    private let lock = NSLock()
    private var onInvalidate: (@Sendable () -> Void)?

    init(onInvalidate: @escaping @Sendable () -> Void) {
        self.onInvalidate = onInvalidate
    }

    /// Stops the notifications.
    public func invalidate() {
        lock.lock()
        let body = onInvalidate
        onInvalidate = nil
        lock.unlock()
        body?()
    }

    deinit { invalidate() }
}

/// The progress observers of one session, by direction.
struct ProgressObservers {
    struct Observer {
        let id: Int
        let direction: SyncSession.ProgressDirection
        /// For `forCurrentlyOutstandingWork`: the total to reach, fixed when it was added.
        var target: Int?
        let mode: SyncSession.ProgressMode
        let block: @Sendable (SyncSession.Progress) -> Void
    }

    private(set) var observers: [Observer] = []
    private var nextID = 0

    mutating func add(_ direction: SyncSession.ProgressDirection, _ mode: SyncSession.ProgressMode,
                      current: SyncSession.Progress, block: @escaping @Sendable (SyncSession.Progress) -> Void) -> Int {
        nextID += 1
        observers.append(Observer(id: nextID, direction: direction, target: mode == .forCurrentlyOutstandingWork ? current.transferrableBytes : nil,
                                  mode: mode, block: block))
        return nextID
    }

    mutating func remove(_ id: Int) { observers.removeAll { $0.id == id } }

    /// Tells every observer of `direction` about `progress`; observers of outstanding work
    /// that reached their target get a last, complete report and are removed.
    mutating func report(_ direction: SyncSession.ProgressDirection, _ progress: SyncSession.Progress) {
        var finished: [Int] = []
        for observer in observers where observer.direction == direction {
            if let target = observer.target {
                let done = min(progress.transferredBytes, target)
                observer.block(SyncSession.Progress(transferred: done, transferrable: target))
                if done >= target { finished.append(observer.id) }
            } else {
                observer.block(progress)
            }
        }
        observers.removeAll { finished.contains($0.id) }
    }
}
