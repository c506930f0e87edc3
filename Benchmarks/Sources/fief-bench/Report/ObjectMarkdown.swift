/// Renders the object-level part of a ``RunReport``: its settings, then its table.
enum ObjectMarkdown {
    static func section(_ report: RunReport) -> [String] {
        let objects = report.objects
        let config = report.config.objects
        guard let subject = objects.engines.first else { return [] }
        var lines: [String] = []
        lines.append("")
        lines.append("## Object level (\(objects.engines.joined(separator: ", ")))")
        lines.append("")
        lines.append("- Data: N = \(Format.grouped(config.objectCount)) objects `{id: Int primary key, name: String indexed, "
            + "score: Double, age: Int}`, ids 0..<N inserted in order; \(Format.grouped(max(1, config.objectCount / 4))) distinct names "
            + "(about 4 objects each), scores multiples of 1/4 below 100,000 (sums exact in any order), ages 0..99; the same for every engine")
        lines.append("- Timing: median of \(report.config.runs) run\(report.config.runs == 1 ? "" : "s") (min–max in parentheses) "
            + "after one untimed warm-up round (O1: none; O8, O9: the warm-up commits below); every store is loaded with all N objects first, durably")
        lines.append("- O2: \(Format.grouped(config.lookups)) random ids; O3: \(config.ageQueries) decade ranges per run, time per count; "
            + "O4: \(Format.grouped(config.nameQueries)) random names; O6/O7: \(Format.grouped(config.batch)) distinct ids per transaction "
            + "(O7: a different batch each round)")
        lines.append("- O8: \(Format.grouped(config.commits)) commits per run after \(config.commitWarmup) warm-up commits; "
            + "1 writer, then \(config.concurrentWriters) writer threads each with its own writer, started together; "
            + "engines with an async actor API (Fief) also 1 actor, then \(config.concurrentWriters) actors (O8c, O8d)")
        lines.append("- O9: \(config.notificationWarmup) warm-up rounds, then \(config.notifications) commits per run; each waits for "
            + "its notification; latency from just before the commit to the observer's callback holding the new score")
        lines.append("- O10: peak RSS (`VmHWM`) of a fresh `fief-bench` child process per engine and run that opens the store "
            + "and reads all N objects into memory; the remark is its RSS right after opening")
        lines.append("- O11/O12: the store is closed, then each round opens it and reads object N/2 by primary key (close not timed, "
            + "checked to release every file); O11 first syncs every file of the store and drops it from the page cache with "
            + "`posix_fadvise(POSIX_FADV_DONTNEED)`; O13: time per object of a loop over all N objects reading each score; "
            + "O14: O1 into a store whose `name` has no index")
        lines.append("- O16: peak RSS (`VmHWM`) of a fresh child process per engine and run that generates the N-object data set, "
            + "then inserts it as O1 does (one durable transaction, indexed `name`) into a new store; the remark is its RSS "
            + "once the data set is generated, which every engine's figure includes")
        for engine in objects.engines {
            guard objects.available.contains(engine) else {
                lines.append("- \(engine): not in this build (the Fief object engine is enabled when the Fief module lands); shown as n/a")
                continue
            }
            lines.append("- \(engine):")
            for setting in objects.settings[engine] ?? [] { lines.append("  - \(setting)") }
        }
        lines.append("- \"\(subject) vs X\" is how many times better \(subject) is (> 1: \(subject) is better; "
            + "for times and sizes, X ÷ \(subject))")
        lines.append("")
        lines += MarkdownReport.table(objects.rows, engines: objects.engines, advantages: objects.advantages, missing: "n/a")
        return lines
    }
}
