import GRDB

/// A running GRDB ValueObservation.
final class GRDBObservation: ObjectObservation {
    private let cancellable: AnyDatabaseCancellable

    init(_ cancellable: AnyDatabaseCancellable) {
        self.cancellable = cancellable
    }

    func stop() {
        cancellable.cancel()
    }
}
