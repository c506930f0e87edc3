/// Everything one run produced: the settings it ran with and its rows. Written as JSON and
/// rendered as markdown.
struct RunReport: Codable {
    /// The engines in column order; the first is the one compared with the others (Fief).
    let engines: [String]
    let config: BenchConfig
    let machine: MachineInfo
    /// ISO 8601 start time.
    let date: String
    /// Where the stores were created.
    let scratchDirectory: String
    /// Engine name to its setting lines.
    let settings: [String: [String]]
    let rows: [ResultRow]
    /// For each row number, the subject engine's advantage over each peer (> 1: subject is better).
    let advantages: [String: [String: Double]]
    /// The object-level workloads' engines, settings and rows.
    let objects: ObjectSection

    init(engines: [String], config: BenchConfig, machine: MachineInfo, date: String, scratchDirectory: String,
         settings: [String: [String]], rows: [ResultRow], objects: ObjectSection) {
        self.engines = engines
        self.config = config
        self.machine = machine
        self.date = date
        self.scratchDirectory = scratchDirectory
        self.settings = settings
        self.rows = rows
        self.objects = objects
        advantages = Self.advantages(of: engines, in: rows)
    }

    /// For each row number of `rows`, the first of `engines`' advantage over each of the others.
    static func advantages(of engines: [String], in rows: [ResultRow]) -> [String: [String: Double]] {
        var advantages: [String: [String: Double]] = [:]
        if let subject = engines.first {
            for row in rows {
                for peer in engines.dropFirst() {
                    if let value = row.advantage(of: subject, over: peer) { advantages[row.number, default: [:]][peer] = value }
                }
            }
        }
        return advantages
    }
}
