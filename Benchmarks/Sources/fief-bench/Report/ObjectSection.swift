/// The object-level part of a run: Fief's object store against raw SQLite and GRDB.
struct ObjectSection: Codable {
    /// The columns in order; the first (Fief) is compared with the others.
    let engines: [String]
    /// The engines this build has; the others' figures print as "n/a".
    let available: [String]
    /// Engine name to its setting lines.
    let settings: [String: [String]]
    let rows: [ResultRow]
    /// For each row number, the first engine's advantage over each other one (> 1: better).
    let advantages: [String: [String: Double]]

    init(engines: [String], available: [String], settings: [String: [String]], rows: [ResultRow]) {
        self.engines = engines
        self.available = available
        self.settings = settings
        self.rows = rows
        advantages = RunReport.advantages(of: engines, in: rows)
    }
}
