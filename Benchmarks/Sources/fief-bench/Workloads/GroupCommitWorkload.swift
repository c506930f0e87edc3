import FiefStorage
import Foundation

/// Workload 9: durable single-put commits from several writer threads with group commit
/// (FiefStorage only). Each thread repeatedly puts one key in its own transaction, commits it
/// with `commitDeferringSync()` and waits for durability with `waitUntilDurable(_:)`; one sync
/// covers every commit written before it. Rows 9a (one thread) and 9b (eight threads) give
/// durable commits per second; their ratio is what group commit buys.
///
/// An untimed count at the end checks that every commit landed.
struct GroupCommitWorkload: Workload {
    let threadCounts = [1, 8]

    var name: String { "group-commits" }

    var summary: String {
        "FiefStorage only: one put per transaction, commitDeferringSync + waitUntilDurable, 1 vs 8 writer threads"
    }

    func run(in context: BenchContext) throws -> [ResultRow] {
        let config = context.config
        let commitsPerRun = config.mode == .full ? 4_000 : 400
        guard let engine = context.engines.first(where: { $0.name == "Fief" }) else { return [] }
        var rows: [ResultRow] = []
        for (index, threads) in threadCounts.enumerated() {
            var row = ResultRow(workload: name, number: "9" + (index == 0 ? "a" : "b"),
                                title: "Durable single-put commits, group commit, \(threads) writer thread\(threads == 1 ? "" : "s")",
                                unit: "commits/s", better: .higher)
            let directory = try context.scratch.freshDirectory("\(name)-\(threads)")
            defer { context.scratch.remove(directory) }
            let store = try Store(path: directory + "/group.fief")
            try store.write { try $0.createTree("kv") }
            var samples: [Double] = []
            for run in 0..<config.runs {
                let perThread = commitsPerRun / threads
                let base = run * commitsPerRun
                let seconds = try measureSeconds { try Self.commit(store, threads: threads, perThread: perThread, base: base) }
                samples.append(Double(perThread * threads) / seconds)
                context.progress(name, engine, "\(threads) thread(s), run \(run + 1): \(Format.figure(samples[run], unit: row.unit)) \(row.unit)")
            }
            let count = try store.read { try $0.tree("kv")?.count } ?? 0
            let expected = config.runs * (commitsPerRun / threads) * threads
            guard count == expected else {
                throw BenchError.disagreement(workload: name, engine: engine.name, detail: "\(count) keys after \(expected) commits")
            }
            row.figures[engine.name] = Stats(samples: samples)
            rows.append(row)
        }
        return rows
    }

    /// Runs `threads` threads, each committing `perThread` single-put transactions durably.
    private static func commit(_ store: Store, threads: Int, perThread: Int, base: Int) throws {
        let failure = FirstFailure()
        let done = DispatchGroup()
        for thread in 0..<threads {
            done.enter()
            let worker = Thread {
                defer { done.leave() }
                do {
                    for i in 0..<perThread {
                        let n = UInt64(base + thread * perThread + i)
                        let key = (0..<8).map { UInt8(truncatingIfNeeded: n >> (8 * (7 - $0))) }
                        let txn = try store.beginWrite()
                        try txn.tree("kv")!.put(key, [UInt8](repeating: UInt8(truncatingIfNeeded: n), count: 100))
                        try store.waitUntilDurable(try txn.commitDeferringSync())
                    }
                } catch {
                    failure.record(error)
                }
            }
            worker.start()
        }
        done.wait()
        if let error = failure.error { throw error }
    }
}

/// The first error any thread reported.
private final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var first: (any Error)?
    func record(_ error: any Error) { lock.lock(); if first == nil { first = error }; lock.unlock() }
    var error: (any Error)? { lock.lock(); defer { lock.unlock() }; return first }
}
