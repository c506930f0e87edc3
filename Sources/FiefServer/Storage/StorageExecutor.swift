import Dispatch

/// A serial executor on a dispatch queue of its own, for the actors that own realm files.
///
/// Their writes wait for `fsync` (full durability). On the cooperative thread pool, whose size
/// is the number of cores, that wait would hold a thread every other task of the server needs;
/// on a queue of its own it holds only that queue.
final class StorageExecutor: SerialExecutor {
    private let queue: DispatchQueue

    /// An executor on a new serial queue named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
