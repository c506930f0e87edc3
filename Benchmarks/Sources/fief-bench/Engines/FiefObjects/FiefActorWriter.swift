import Fief
import Foundation

/// One writer actor with its own actor-isolated Realm on the benchmark file, committing with
/// `asyncWrite` as an app's background actor would.
actor FiefActorWriter {
    private let configuration: Realm.Configuration
    private var realm: Realm?

    init(configuration: Realm.Configuration) {
        self.configuration = configuration
    }

    /// Opens this actor's realm with `Realm(configuration:actor:)`.
    func open() async throws {
        realm = try await Realm(configuration: configuration, actor: self)
    }

    /// One `asyncWrite` transaction per id, each adding 1 to that object's score; each returns
    /// once its commit is durable.
    func increment(_ ids: [Int]) async throws {
        guard let realm else { throw BenchError.harness("Fief actor writer used before open") }
        for id in ids {
            try await realm.asyncWrite {
                realm.object(ofType: BenchItem.self, forPrimaryKey: id)?.score += 1
            }
        }
    }

    /// Drops the actor's realm.
    func close() {
        realm = nil
    }
}

/// Several ``FiefActorWriter``s committing at once (workload O8, actor rows).
enum FiefActorGang {
    /// Opens `actors` writers on `configuration`, then starts them together, ids spread
    /// round-robin; returns the seconds from the start to the last durable commit.
    static func run(_ configuration: Realm.Configuration, ids: [Int], actors: Int) async throws -> Double {
        let writers = (0..<actors).map { _ in FiefActorWriter(configuration: configuration) }
        for writer in writers { try await writer.open() }
        let shares = (0..<actors).map { a in stride(from: a, to: ids.count, by: actors).map { ids[$0] } }
        let clock = ContinuousClock()
        let start = clock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (writer, share) in zip(writers, shares) {
                group.addTask { try await writer.increment(share) }
            }
            try await group.waitForAll()
        }
        let elapsed = (clock.now - start).components
        for writer in writers { await writer.close() }
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}
