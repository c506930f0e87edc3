import Foundation

/// The CPU time (user and system) a process has used, from `/proc/<pid>/stat`: how the sync
/// workloads charge work to the server process rather than to the harness that drives it.
enum ProcessCPUTime {
    /// Seconds of CPU `pid` has used so far; nil where `/proc` is not available.
    static func seconds(of pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
