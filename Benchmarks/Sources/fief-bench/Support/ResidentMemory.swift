import Foundation

/// This process's resident memory, for the peak-memory workload.
///
/// On Linux both figures come from `/proc/self/status`: `VmHWM` (peak) and `VmRSS` (current).
/// `getrusage`'s `ru_maxrss` is no use there: a child started by `posix_spawn` inherits the
/// parent's high-water mark through the exec, so every child would report at least the parent's
/// size. Elsewhere `ru_maxrss` stands in for both.
enum ResidentMemory {
    /// The most resident memory this process image has had so far, in KiB.
    static func peakKiB() -> Int {
        statusKiB("VmHWM") ?? maxResidentKiB()
    }

    /// The resident memory right now, in KiB.
    static func currentKiB() -> Int {
        statusKiB("VmRSS") ?? maxResidentKiB()
    }

    /// The value of `field` in `/proc/self/status` (given there in kB), if that file exists.
    private static func statusKiB(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let value = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
        else { return nil }
        return Int(value)
    }

    /// `getrusage`'s `ru_maxrss` in KiB (Apple platforms report bytes, Linux KiB).
    private static func maxResidentKiB() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss) / 1024
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss)
        #endif
    }
}
