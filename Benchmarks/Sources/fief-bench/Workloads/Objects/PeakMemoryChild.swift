import Foundation

/// What one peak-memory child process reports on its standard output, as one JSON line.
struct PeakMemoryReport: Codable {
    /// Resident memory after opening the store, before reading, in KiB.
    let startKiB: Int
    /// The process's peak resident memory after reading every object, in KiB.
    let peakKiB: Int
    /// The digest of every object read.
    let digest: ObjectDigest
}

/// The child side of O10: `fief-bench --object-rss-child ENGINE DIRECTORY` opens the store that
/// the parent built in DIRECTORY, reads every object into memory, and prints a ``PeakMemoryReport``.
/// A fresh process per engine keeps each engine's peak its own.
enum PeakMemoryChild {
    static let flag = "--object-rss-child"

    /// Runs the child with the arguments after ``flag``; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2, let engine = ObjectEngineCatalog.engine(named: arguments[0]) else {
            Log.error("usage: fief-bench \(flag) ENGINE DIRECTORY")
            return 2
        }
        do {
            let store = try engine.open(in: arguments[1], .durable)
            let start = ResidentMemory.currentKiB()
            let digest = try store.readAll()
            let report = PeakMemoryReport(startKiB: start, peakKiB: ResidentMemory.peakKiB(), digest: digest)
            try store.close()
            print(String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
            return 0
        } catch {
            Log.error("\(engine.name): \(error)")
            return 1
        }
    }

    /// Starts a child for `engine` on the store in `directory` and returns its report.
    static func spawn(engine: String, directory: String) throws -> PeakMemoryReport {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? "/proc/self/exe")
        process.arguments = [flag, engine, directory]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError.engine(name: engine, operation: "peak-memory child", message: "exit status \(process.terminationStatus)")
        }
        return try JSONDecoder().decode(PeakMemoryReport.self, from: data)
    }
}
