import Foundation

/// The machine a run was measured on, for the report header.
struct MachineInfo: Codable, Sendable {
    /// CPU model name from `/proc/cpuinfo`.
    var cpuModel = "unknown"
    /// Logical processors (`processor` lines in `/proc/cpuinfo`, else what the OS reports).
    var cores = ProcessInfo.processInfo.activeProcessorCount
    /// Physical memory in GiB.
    var memoryGiB = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
    /// Operating system and kernel.
    var system = "unknown"
    /// Filesystem type holding the scratch directory.
    var scratchFilesystem = "unknown"
    /// Median microseconds to write and fdatasync 4 KiB in the scratch directory.
    var syncLatencyMicroseconds: Double?
    /// How fief-bench was compiled.
    var build: String

    /// Facts about this machine; `scratch` is the directory whose filesystem is reported.
    static func current(scratch: String) -> MachineInfo {
        #if DEBUG
        var info = MachineInfo(build: "debug")
        #else
        var info = MachineInfo(build: "release")
        #endif
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) {
            let lines = cpuinfo.split(separator: "\n")
            if let model = lines.first(where: { $0.hasPrefix("model name") }), let colon = model.firstIndex(of: ":") {
                info.cpuModel = model[model.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let processors = lines.filter { $0.hasPrefix("processor") }.count
            if processors > 0 { info.cores = processors }
        }
        var names = utsname()
        if uname(&names) == 0 {
            func field<Chars>(_ chars: Chars) -> String {
                withUnsafeBytes(of: chars) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            }
            info.system = "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))"
        }
        if let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
           let line = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") }) {
            info.system += ", " + line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        info.scratchFilesystem = Files.filesystemType(of: scratch)
        info.syncLatencyMicroseconds = SyncLatency.measure(in: scratch)
        return info
    }
}
