/// Why a benchmark run stops.
enum BenchError: Error, CustomStringConvertible {
    /// The command line could not be understood.
    case usage(String)
    /// An engine returned a result that differs from the expected one (and so from the others).
    case disagreement(workload: String, engine: String, detail: String)
    /// An engine call failed.
    case engine(name: String, operation: String, message: String)
    /// The harness itself could not do something (a scratch directory, a result file).
    case harness(String)

    var description: String {
        switch self {
        case let .usage(message):
            return message
        case let .disagreement(workload, engine, detail):
            return "engines disagree in \(workload): \(engine) \(detail)"
        case let .engine(name, operation, message):
            return "\(name): \(operation) failed: \(message)"
        case let .harness(message):
            return message
        }
    }
}
