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

/// The child side of O10 and O16: `fief-bench --object-rss-child ENGINE DIRECTORY read-all` opens
/// the store that the parent built in DIRECTORY and reads every object into memory (O10);
/// `fief-bench --object-rss-child ENGINE DIRECTORY bulk-insert N` generates the N-object data set
/// and inserts it in one transaction into a new store in the empty DIRECTORY (O16). Either prints
/// a ``PeakMemoryReport``; the peak is taken before anything else is read. A fresh process per
/// engine keeps each engine's peak its own.
enum PeakMemoryChild {
    static let flag = "--object-rss-child"

    /// What the child does between its two memory readings.
    enum Step {
        case readAll
        case bulkInsert(count: Int)

        var arguments: [String] {
            switch self {
            case .readAll: ["read-all"]
            case .bulkInsert(let count): ["bulk-insert", String(count)]
            }
        }
    }

    /// Runs the child with the arguments after ``flag``; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let step: Step? = switch arguments.dropFirst(2).first {
        case "read-all" where arguments.count == 3: .readAll
        case "bulk-insert" where arguments.count == 4: Int(arguments[3]).map { .bulkInsert(count: $0) }
        default: nil
        }
        guard let step, let engine = ObjectEngineCatalog.engine(named: arguments[0]) else {
            Log.error("usage: fief-bench \(flag) ENGINE DIRECTORY read-all|bulk-insert N")
            return 2
        }
        do {
            let report: PeakMemoryReport
            switch step {
            case .readAll:
                let store = try engine.open(in: arguments[1], .durable)
                let start = ResidentMemory.currentKiB()
                let digest = try store.readAll()
                report = PeakMemoryReport(startKiB: start, peakKiB: ResidentMemory.peakKiB(), digest: digest)
                try store.close()
            case .bulkInsert(let count):
                let dataset = ObjectDataset(count: count)
                let start = ResidentMemory.currentKiB()
                let store = try engine.create(in: arguments[1], .durable)
                try store.insert(dataset, 0..<dataset.count)
                let peak = ResidentMemory.peakKiB()
                report = PeakMemoryReport(startKiB: start, peakKiB: peak, digest: try store.readAll())
                try store.close()
            }
            print(String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
            return 0
        } catch {
            Log.error("\(engine.name): \(error)")
            return 1
        }
    }

    /// Starts a child that runs `step` for `engine` in `directory` and returns its report.
    static func spawn(engine: String, directory: String, _ step: Step) throws -> PeakMemoryReport {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? "/proc/self/exe")
        process.arguments = [flag, engine, directory] + step.arguments
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
