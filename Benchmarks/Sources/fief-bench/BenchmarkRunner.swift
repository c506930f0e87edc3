import Foundation

/// Parses the command line, runs the selected workloads on every engine and prints the report.
enum BenchmarkRunner {
    /// Runs `fief-bench` with `arguments` (without the program name); returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.first == PeakMemoryChild.flag { return PeakMemoryChild.run(Array(arguments.dropFirst())) }
        if arguments.first == ObjectProfileCommand.flag { return ObjectProfileCommand.run(Array(arguments.dropFirst())) }
        let options: Arguments
        do {
            options = try Arguments.parse(arguments)
        } catch {
            Log.write("fief-bench: \(error)\n\(Arguments.usage)\n")
            return 2
        }
        if options.showHelp {
            print(Arguments.usage)
            return 0
        }
        let config = BenchConfig(mode: options.mode)
        let workloads = WorkloadCatalog.all(config)
        if options.listWorkloads {
            for workload in workloads { print("\(workload.name.padding(toLength: 20, withPad: " ", startingAt: 0)) \(workload.summary)") }
            return 0
        }
        let known = Set(workloads.map(\.name))
        if let unknown = options.only.first(where: { !known.contains($0) }) {
            Log.error("no workload named '\(unknown)'; known: \(workloads.map(\.name).joined(separator: ", "))")
            return 2
        }
        let selected = options.only.isEmpty ? workloads : workloads.filter { options.only.contains($0.name) }

        do {
            let scratch = try ScratchSpace(parent: options.scratchParent)
            defer { scratch.removeAll() }
            let report = try measure(selected, config: config, scratch: scratch)
            print(MarkdownReport.render(report), terminator: "")
            try ResultFile.write(report, to: options.jsonPath)
            Log.progress("wrote \(options.jsonPath)")
            return 0
        } catch {
            Log.error("\(error)")
            return 1
        }
    }

    /// Runs `workloads`: the key-value ones on Fief, encrypted Fief, LMDB and SQLite, the
    /// object-level ones on Fief (when this build has it), SQLite and GRDB, in that order.
    private static func measure(_ workloads: [any Workload], config: BenchConfig, scratch: ScratchSpace) throws -> RunReport {
        let date = Date().ISO8601Format()
        let machine = MachineInfo.current(scratch: scratch.root)
        let engines: [any Engine] = [FiefEngine(), FiefEngine(encrypted: true), LMDBEngine(mapSize: config.lmdbMapSize), SQLiteEngine()]
        var settings: [String: [String]] = [:]
        for engine in engines {
            let probe = try scratch.freshDirectory("probe-\(engine.name)")
            settings[engine.name] = try engine.settings(probeDirectory: probe)
            scratch.remove(probe)
        }
        let objectEngines = ObjectEngineCatalog.all()
        var objectSettings: [String: [String]] = [:]
        for engine in objectEngines {
            let probe = try scratch.freshDirectory("object-probe-\(engine.name)")
            objectSettings[engine.name] = try engine.settings(probeDirectory: probe)
            scratch.remove(probe)
        }
        let context = BenchContext(config: config, engines: engines, objectEngines: objectEngines, scratch: scratch)
        var rows: [ResultRow] = []
        var objectRows: [ResultRow] = []
        for workload in workloads {
            Log.progress("workload \(workload.name): \(workload.summary)")
            if workload.isObjectLevel {
                objectRows += try workload.run(in: context)
            } else {
                rows += try workload.run(in: context)
            }
        }
        return RunReport(engines: engines.map(\.name), config: config, machine: machine,
                         date: date, scratchDirectory: scratch.root, settings: settings, rows: rows,
                         objects: ObjectSection(engines: ObjectEngineCatalog.columns, available: objectEngines.map(\.name),
                                                settings: objectSettings, rows: objectRows))
    }
}
