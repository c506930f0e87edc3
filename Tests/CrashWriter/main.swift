// fief-crash-writer: the child process of the SIGKILL crash tests (Tests/FiefStorageTests/CrashTests.swift).
//
//     fief-crash-writer PATH SEED DURABILITY [PAGESIZE [encrypted]]
//         Opens the store at PATH (DURABILITY is `full` or `relaxed`; PAGESIZE, default 4096, is
//         used only when the file is created; `encrypted` opens it with the workload's key),
//         prints `START c` where c is the commit counter it found, then runs the deterministic transactions c+1, c+2, ... of SEED forever. After
//         each commit returns it prints `ACK k` (one write(2) per line, so nothing is buffered).
//         The test kills it with SIGKILL at a random moment.
//
//         DURABILITY `group`: full durability, and 4 threads commit the same sequence together
//         with deferred syncs (group commit). Each thread commits the next transaction, waits
//         for it to be durable, and only then prints its `ACK k`, so ACKs may come out of order.
//
//     fief-crash-writer --compact PATH [encrypted]
//         Prints `START 0`, then compacts the closed store at PATH in place (Store.compact) again
//         and again, printing `ACK k` after the k-th compaction. The test kills it at a random
//         moment and checks that PATH holds the old or the new file, whole.
//
//     fief-crash-writer --digest SEED N
//         Replays transactions 1...N of SEED on an in-memory model only and prints `DIGEST d`.
//         The tests compare d with their own model, which catches a stale writer build.
//
//     fief-crash-writer --shared PATH WORKER ROUNDS full|relaxed|group
//         One of several processes writing one store at once (SharedWorker.swift).
//
// The workload itself lives in the CrashWorkload target, shared with the tests.
//
// Any error is printed to stderr and the process exits with status 2.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CrashWorkload
import Dispatch
import FiefStorage

/// The command-line program.
enum CrashWriter {
    static func run(_ arguments: [String]) -> Never {
        if arguments.count == 6, arguments[1] == "--shared" {
            guard let worker = Int(arguments[3]), let rounds = Int(arguments[4]) else { usage() }
            SharedWorker.run(path: arguments[2], worker: worker, rounds: rounds, mode: arguments[5])
        }
        if (3...4).contains(arguments.count), arguments[1] == "--compact" {
            var options = StorageOptions()
            if arguments.count == 4 {
                guard arguments[3] == "encrypted" else { usage() }
                options.encryptionKey = CrashWorkload.encryptionKey
            }
            emit("START 0")
            var k: UInt64 = 1
            while true {
                do { try Store.compact(path: arguments[2], options: options) } catch { fail("fief-crash-writer: \(error)") }
                emit("ACK \(k)")
                k += 1
            }
        }
        if arguments.count == 4, arguments[1] == "--digest" {
            guard let seed = UInt64(arguments[2]), let count = UInt64(arguments[3]) else { usage() }
            let model = CrashWorkload.model(seed: seed, through: count)
            emit("DIGEST \(CrashWorkload.digest(model))")
            exit(0)
        }
        guard (4...6).contains(arguments.count), let seed = UInt64(arguments[2]) else { usage() }
        var options = StorageOptions()
        var group = false
        switch arguments[3] {
        case "full": options.durability = .full
        case "relaxed": options.durability = .relaxed(interval: 0.05)
        case "group": group = true
        default: usage()
        }
        if arguments.count >= 5 {
            guard let pageSize = Int(arguments[4]) else { usage() }
            options.pageSize = pageSize
        }
        if arguments.count == 6 {
            guard arguments[5] == "encrypted" else { usage() }
            options.encryptionKey = CrashWorkload.encryptionKey
        }
        do {
            let store = try Store(path: arguments[1], options: options)
            let start = try store.read { try CrashWorkload.counter(in: $0) }
            emit("START \(start)")
            if group { runGroup(store, seed: seed) }
            var k = start + 1
            while true {
                let operations = CrashWorkload.operations(seed: seed, transaction: k)
                try store.write { txn in try CrashWorkload.apply(operations, to: txn) }
                emit("ACK \(k)")
                k += 1
            }
        } catch {
            fail("fief-crash-writer: \(error)")
        }
    }

    static let groupThreads = 4

    /// Group mode: `groupThreads` threads commit with deferred syncs and wait for durability.
    static func runGroup(_ store: Store, seed: UInt64) -> Never {
        for _ in 0..<groupThreads {
            DispatchQueue.global().async {
                do {
                    while true {
                        let (k, ticket) = try CrashWorkload.commitNextDeferred(to: store, seed: seed)
                        try store.waitUntilDurable(ticket)
                        emit("ACK \(k)")
                    }
                } catch {
                    fail("fief-crash-writer: \(error)")
                }
            }
        }
        while true { pause() }
    }

    static func usage() -> Never {
        fail("usage: fief-crash-writer PATH SEED full|relaxed|group [PAGESIZE [encrypted]]\n"
             + "       fief-crash-writer --compact PATH [encrypted]\n       fief-crash-writer --digest SEED N\n"
             + "       fief-crash-writer --shared PATH WORKER ROUNDS full|relaxed|group")
    }

    /// Writes `line` and a newline to stdout with one unbuffered write.
    static func emit(_ line: String) {
        writeAll(fd: 1, Array((line + "\n").utf8))
    }

    static func fail(_ message: String) -> Never {
        writeAll(fd: 2, Array((message + "\n").utf8))
        exit(2)
    }

    static func writeAll(fd: Int32, _ bytes: [UInt8]) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                exit(3) // the reader went away
            }
            done += n
        }
    }
}

CrashWriter.run(CommandLine.arguments)
