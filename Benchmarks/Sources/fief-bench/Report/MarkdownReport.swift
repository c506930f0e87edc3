/// Renders a ``RunReport`` as markdown: the machine, then for each level that ran (key-value,
/// object) its settings and its table of figures.
enum MarkdownReport {
    static func render(_ report: RunReport) -> String {
        let machine = report.machine
        var lines: [String] = []
        lines.append("# Fief benchmark (\(report.config.mode.rawValue) mode)")
        lines.append("")
        lines.append("- Date: \(report.date)")
        lines.append("- Machine: \(machine.cpuModel), \(machine.cores) cores, \(String(format: "%.1f", machine.memoryGiB)) GiB RAM; \(machine.system)")
        lines.append("- Build: \(machine.build); scratch files in \(report.scratchDirectory) (\(machine.scratchFilesystem)); "
            + "4 KiB write + fdatasync there: \(machine.syncLatencyMicroseconds.map { String(format: "%.0f µs", $0) } ?? "unknown") (median of 25)")
        if !report.rows.isEmpty {
            lines += keyValueSection(report)
        }
        if !report.objects.rows.isEmpty {
            lines += ObjectMarkdown.section(report)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The key-value part (workloads 1–8): its settings, then its table.
    private static func keyValueSection(_ report: RunReport) -> [String] {
        let config = report.config
        guard let subject = report.engines.first else { return [] }
        var lines: [String] = []
        lines.append("")
        lines.append("## Key-value level (\(report.engines.joined(separator: ", ")))")
        lines.append("")
        lines.append("- Data: N = \(Format.grouped(config.recordCount)) records, \(RecordFormat.keySize)-byte keys "
            + "(big-endian index + 8 hash bytes), \(RecordFormat.valueSize)-byte pseudo-random values, the same for every engine")
        lines.append("- Timing: median of \(config.runs) run\(config.runs == 1 ? "" : "s") (min–max in parentheses), "
            + "warm-up before reads and commits; rates count operations per wall-clock second")
        lines.append("- Commits (5, 6): \(Format.grouped(config.commitPreload)) records preloaded, \(config.commitWarmup) warm-up commits, "
            + "then \(Format.grouped(config.durableCommits)) durable / \(Format.grouped(config.nonDurableCommits)) non-durable commits per run")
        lines.append("- Churn (7): \(Format.grouped(config.churnKeys)) records, then \(config.churnTransactions) transactions of "
            + "\(Format.grouped(config.churnUpdatesPerTransaction)) random updates (durable); live data "
            + "\(Format.figure(Double(Dataset.liveBytes(records: config.churnKeys)) / 1_048_576, unit: "MiB")) MiB")
        lines.append("- Open time (8): \(Format.mebibytes(config.openLiveBytes)) of live data as \(config.openValueSize)-byte values, "
            + "built in \(Format.mebibytes(config.openBatchBytes)) transactions; median of \(config.openRepeats) opens after one untimed open; warm page cache")
        for engine in report.engines {
            lines.append("- \(engine):")
            for setting in report.settings[engine] ?? [] { lines.append("  - \(setting)") }
        }
        lines.append("- \"\(subject) vs X\" is how many times better \(subject) is (> 1: \(subject) is better; for times and sizes, X ÷ \(subject))")
        lines.append("")
        lines += table(report.rows, engines: report.engines, advantages: report.advantages, missing: "–")
        return lines
    }

    /// The markdown table of `rows`: one column per engine, then the first engine's advantage
    /// over each other one. An engine with no figure shows `missing`.
    static func table(_ rows: [ResultRow], engines: [String], advantages: [String: [String: Double]], missing: String) -> [String] {
        guard let subject = engines.first else { return [] }
        let peers = Array(engines.dropFirst())
        var lines: [String] = []
        let header = ["#", "Workload", "Unit"] + engines + peers.map { "\(subject) vs \($0)" }
        lines.append("| " + header.joined(separator: " | ") + " |")
        lines.append("|" + header.map { _ in "---" }.joined(separator: "|") + "|")
        for row in rows {
            var cells = [row.number, row.title, row.unit]
            for engine in engines {
                cells.append(cell(row, engine, missing: missing))
            }
            for peer in peers {
                cells.append(advantages[row.number]?[peer].map(Format.ratio) ?? missing)
            }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines
    }

    /// One engine's figure: the median, the range when there were several runs, and any remark.
    private static func cell(_ row: ResultRow, _ engine: String, missing: String) -> String {
        guard let stats = row.figures[engine] else {
            return row.remarks[engine].map { "\(missing) (\($0))" } ?? missing
        }
        var text = Format.figure(stats.median, unit: row.unit)
        if stats.samples.count > 1 {
            text += " (\(Format.figure(stats.min, unit: row.unit))–\(Format.figure(stats.max, unit: row.unit)))"
        }
        if let remark = row.remarks[engine] { text += " (\(remark))" }
        return text
    }
}
