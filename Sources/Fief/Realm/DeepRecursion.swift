#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets a recursion over an object graph the user built go as deep as the graph, whatever the
/// calling thread's stack: adding a chain of 100,000 new objects, each linking the next, adds
/// them one inside the other, and deleting an object deletes the embedded objects it owns, and
/// theirs, one inside the other.
///
/// Each level calls ``descend(_:)``. Once the recursion has used ``callerBudget`` bytes of the
/// calling thread's stack, the next level runs on a new thread with a stack of
/// ``helperStackSize`` bytes while the caller waits for it, and so on from there. The levels run
/// one at a time, in the order they would on one thread, so what is not `Sendable` (the realm,
/// the objects) is only ever used by one thread at a time.
final class DeepRecursion {
    /// Stack bytes a recursion may use on the thread that started it. Small enough to leave
    /// room on a secondary thread's stack (512 KiB on Apple platforms).
    static let callerBudget = 128 * 1024
    /// The stack of each thread a deeper recursion continues on.
    static let helperStackSize = 16 * 1024 * 1024
    /// Stack bytes a recursion may use on a helper thread, leaving a margin for the last level.
    static let helperBudget = helperStackSize - 1024 * 1024

    /// Where on the current thread's stack the recursion started (0: not recursing), and how
    /// much more it may use there.
    private var base: UInt = 0
    private var budget = 0

    /// Runs one level of the recursion: here, or on a helper thread once this thread's budget
    /// is used up.
    func descend<T>(_ level: () throws -> T) throws -> T {
        let here = Self.stackAddress()
        if base == 0 {
            base = here
            budget = Self.callerBudget
            defer { base = 0 }
            return try level()
        }
        // Stacks grow down on every platform Fief supports.
        guard base &- here > UInt(budget) else { return try level() }
        let (outerBase, outerBudget) = (base, budget)
        defer { (base, budget) = (outerBase, outerBudget) }
        return try Self.onHelperThread {
            self.base = Self.stackAddress()
            self.budget = Self.helperBudget
            return try level()
        }
    }

    /// An address in the caller's stack frame.
    @inline(never)
    private static func stackAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// Runs `body` on a new thread with a large stack and waits for it.
    private static func onHelperThread<T>(_ body: () throws -> T) throws -> T {
        try withoutActuallyEscaping(body) { body in
            var result: Result<T, any Error>?
            let level = Level { result = Result { try body() } }
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, helperStackSize)
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let context = Unmanaged.passRetained(level).toOpaque()
            let created = pthread_create(&thread, &attributes, { context in
                #if canImport(Darwin)
                Unmanaged<Level>.fromOpaque(context).takeRetainedValue().run()
                #else
                Unmanaged<Level>.fromOpaque(context!).takeRetainedValue().run()
                #endif
                return nil
            }, context)
            guard created == 0 else {
                // No thread to be had: go on here, as deep as this stack allows.
                Unmanaged<Level>.fromOpaque(context).release()
                return try body()
            }
            #if canImport(Darwin)
            pthread_join(thread!, nil)
            #else
            pthread_join(thread, nil)
            #endif
            return try result!.get()
        }
    }
}

/// One level's work, passed to the helper thread. Only one thread uses what it captures at a
/// time: the caller until `pthread_create`, the helper until it ends, the caller after
/// `pthread_join`.
private final class Level: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
