import CSQLite
import Foundation

/// The receiving side of a raw SQLite change observation: a thread with its own read connection
/// that, whenever a published commit changed the watched row, reads its score and hands it on.
final class SQLiteScoreObserver: @unchecked Sendable {
    private let id: Int
    private let onScore: @Sendable (Double) -> Void
    /// Used only by the observer thread once it has started.
    private let connection: SQLiteConnection
    private let selectScore: OpaquePointer
    private let condition = NSCondition()
    /// Batches of changed rowids not yet handled (guarded by `condition`).
    private var batches: [[Int]] = []
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    /// Opens the observer's connection to `path` and starts its thread.
    init(path: String, id: Int, onScore: @escaping @Sendable (Double) -> Void) throws {
        self.id = id
        self.onScore = onScore
        connection = try SQLiteConnection(path: path, create: false)
        selectScore = try connection.prepare(SQLiteObjectSchema.selectScore)
        Thread { [self] in run() }.start()
    }

    /// Called on the writer's thread after a commit changed `rowids`.
    func changed(_ rowids: [Int]) {
        condition.lock()
        batches.append(rowids)
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread and closes its connection; returns when both are done.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
        finished.wait()
    }

    private func run() {
        while let batch = next() {
            guard batch.contains(id) else { continue }
            var score = Double.nan
            try? connection.bind(selectScore, 1, id)
            try? connection.forEachRow(selectScore) { score = sqliteDouble($0, 0) }
            onScore(score)
        }
        connection.close()
        finished.signal()
    }

    /// The next batch, waiting for one; nil once stopped.
    private func next() -> [Int]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !stopping { condition.wait() }
        return stopping ? nil : batches.removeFirst()
    }
}

/// A running raw SQLite observation: stopping removes the hooks and ends the observer thread.
final class SQLiteObservation: ObjectObservation {
    private var end: (() -> Void)?

    init(end: @escaping () -> Void) {
        self.end = end
    }

    func stop() {
        end?()
        end = nil
    }
}
