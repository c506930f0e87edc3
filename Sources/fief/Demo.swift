import FiefStorage
import Foundation

/// The steps of `fief demo`, in order, and the output helpers they share.
///
/// Each step prints a numbered heading and a few indented lines with counts and timings, and
/// checks what it shows: anything unexpected throws a ``CommandFailure`` naming the step.
final class Demo {
    /// The files the demo creates in its directory.
    static let fileNames = ["demo.fief", "demo-damaged.fief"]
    /// Entries written by the bulk insert.
    static let entryCount = 100_000
    /// The tree holding the numbered entries.
    static let itemsTree = "items"
    /// The tree holding the large values.
    static let blobsTree = "blobs"

    /// The directory holding the demo's files.
    let directory: String
    /// The clock that times each step.
    let clock = ContinuousClock()
    /// The number of the current step, for headings and failure messages.
    private var step = 0

    /// A demo writing its files into `directory`, which must exist.
    init(directory: String) { self.directory = directory }

    /// The store the demo builds.
    var path: String { directory + "/" + Demo.fileNames[0] }
    /// The damaged copy made by the last step.
    var damagedPath: String { directory + "/" + Demo.fileNames[1] }

    /// Runs every step; throws at the first one that does not behave as expected.
    func run() throws {
        print("Fief \(FiefCommand.version) storage engine demo")
        print("Files go to \(directory)")
        do {
            let store = try create()
            try bulkInsert(store)
            try lookUp(store)
            try scan(store)
            try deleteRange(store)
            try largeValues(store)
            try snapshotIsolation(store)
        } // The last handle on the file goes away here, which closes it.
        let info = try reopenAndVerify()
        try damage(pageSize: info.pageSize, version: info.version)
        print("\nEverything behaved as expected.")
    }

    // MARK: Output

    /// Starts the next step with a numbered heading.
    func section(_ title: String) {
        step += 1
        print("\n\(step). \(title)")
    }

    /// Prints one indented line of the current step.
    func say(_ text: String) {
        print("   " + text)
    }

    /// Throws a failure naming the current step unless `condition` holds.
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        if !condition { throw CommandFailure("demo step \(step) went wrong: \(message())") }
    }

    /// Runs `body` and returns its result with the time it took.
    func timed<R>(_ body: () throws -> R) rethrows -> (R, Duration) {
        let start = clock.now
        let result = try body()
        return (result, clock.now - start)
    }

    /// `duration` formatted for the end of a line, such as `"[12.3 ms]"`.
    func took(_ duration: Duration) -> String { "[\(Formatting.duration(duration))]" }

    /// `duration` and the rate of `items` it gives, such as `"[491 ms, 203,600 entries/s]"`.
    func took(_ duration: Duration, items: Int, unit: String) -> String {
        "[\(Formatting.duration(duration)), \(Formatting.rate(items, per: duration, unit: unit))]"
    }

    /// The current length of the file at `path`.
    func fileSize(_ path: String) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? NSNumber)?.uint64Value ?? 0
    }

    // MARK: Data

    /// The key of entry `i`: `item-` and six digits, so byte order is numeric order.
    static func key(_ i: Int) -> [UInt8] {
        let digits = String(i)
        return Array(("item-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits).utf8)
    }

    /// The value of entry `i`, a small JSON object.
    static func value(_ i: Int) -> [UInt8] {
        Array(#"{"id":\#(i),"name":"item \#(i)","score":\#(i * 7 % 1000)}"#.utf8)
    }

    /// `bytes` as text, for keys and values that are UTF-8.
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}

/// Deterministic pseudo-random numbers (SplitMix64), so every run of the demo does the same.
struct DemoRandom: RandomNumberGenerator {
    /// The generator's state.
    private var state: UInt64

    /// A generator that starts from `seed`.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
