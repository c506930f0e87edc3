/// The command line of `fief-bench`, parsed by hand (no dependencies).
struct Arguments {
    var mode = BenchMode.quick
    /// Workload names given with `--only`; empty means all.
    var only: [String] = []
    /// Parent of the scratch directory (`--dir`).
    var scratchParent = "/tmp"
    /// Where the JSON results go (`--json`); by default a file per mode, of which only the full
    /// run's is kept in the repository.
    var explicitJSONPath: String?
    var jsonPath: String {
        explicitJSONPath ?? (mode == .full ? "Benchmarks/results/latest.json" : "Benchmarks/results/latest-quick.json")
    }
    var showHelp = false
    var listWorkloads = false

    static let usage = """
        usage: fief-bench [--quick | --full] [--only NAME[,NAME...]] [--dir PATH] [--json PATH]
               fief-bench --list | --help

          --quick        small data, one run per figure: a smoke test that takes seconds (default)
          --full         N = 1,000,000, three runs per figure, a 1 GiB open-time store
          --only NAMES   run only these workloads (repeatable; see --list)
          --dir PATH     create the scratch directory under PATH instead of /tmp; it is removed at the end
          --json PATH    write raw figures here (default Benchmarks/results/latest.json for --full,
                         latest-quick.json for --quick, relative to the current directory)
          --list         list the workloads and exit
        The markdown report goes to standard output, progress to standard error. The exit status
        is 1 when an engine fails or the engines disagree, 2 for a bad command line.
        """

    static func parse(_ arguments: [String]) throws -> Arguments {
        var parsed = Arguments()
        var rest = arguments[...]
        func value(for option: String) throws -> String {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else { throw BenchError.usage("\(option) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": parsed.mode = .quick
            case "--full": parsed.mode = .full
            case "--only": parsed.only += try value(for: argument).split(separator: ",").map(String.init)
            case "--dir": parsed.scratchParent = try value(for: argument)
            case "--json": parsed.explicitJSONPath = try value(for: argument)
            case "--list": parsed.listWorkloads = true
            case "--help", "-h": parsed.showHelp = true
            default: throw BenchError.usage("unknown argument '\(argument)'")
            }
        }
        return parsed
    }
}
