#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CrashWorkload
import FiefStorage

/// `fief-crash-writer --shared PATH WORKER ROUNDS full|relaxed|group`: one of several processes
/// writing the same store at once (Tests/FiefStorageTests/MultiProcessTests.swift).
///
/// Commits ROUNDS transactions of worker WORKER of `SharedWorkload`, printing `ACK c` after each
/// (`group`: after a deferred-sync commit and its wait for durability). Every fifth round it
/// checks the invariants in a new read transaction and keeps that transaction open until the
/// next check, when it checks it again: the version it reads must not have changed while other
/// processes wrote. Prints `DONE` at the end; a violation is printed to stderr with status 2.
enum SharedWorker {
    static func run(path: String, worker: Int, rounds: Int, mode: String) -> Never {
        var options = StorageOptions()
        switch mode {
        case "full", "group": options.durability = .full
        case "relaxed": options.durability = .relaxed(interval: 0.05)
        default: CrashWriter.usage()
        }
        do {
            let store = try Store(path: path, options: options)
            CrashWriter.emit("START")
            var held: (txn: Transaction, counts: [Int: UInt64])?
            for round in 0..<rounds {
                let txn = try store.beginWrite()
                let count = try SharedWorkload.writeNext(txn, worker: worker)
                if mode == "group" {
                    try store.waitUntilDurable(try txn.commitDeferringSync())
                } else {
                    try txn.commit()
                }
                CrashWriter.emit("ACK \(count)")
                guard round % 5 == 0 else { continue }
                if let held {
                    let again = try SharedWorkload.check(held.txn)
                    guard again == held.counts else {
                        CrashWriter.fail("version \(held.txn.version) changed under its reader: \(held.counts) became \(again)")
                    }
                    held.txn.abort()
                }
                let reader = try store.beginRead()
                held = (reader, try SharedWorkload.check(reader))
            }
            held?.txn.abort()
            CrashWriter.emit("DONE")
            exit(0)
        } catch {
            CrashWriter.fail("fief-crash-writer --shared (worker \(worker)): \(error)")
        }
    }
}
