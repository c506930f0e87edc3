import Foundation

extension SyncBenchDevice {
    /// The convergence check of the multi-writer workloads: a new device (a fresh app under
    /// `root`, user `user` logging in) opens realm `name` with `.always`, so it downloads and
    /// integrates everything the server has, and must then hold exactly `expected` (a
    /// ``summary()``), or this throws ``BenchError/disagreement(workload:engine:detail:)``.
    static func checkNewDevice(baseURL: String, root: String, user: String, realm name: String, expected: String, workload: String) throws {
        let summary = try AsyncBridge.wait {
            let device = try await SyncBenchDevice(baseURL: baseURL, root: root, user: user, registers: false, realm: name)
            let summary = await device.summary()
            await device.close()
            return summary
        }
        guard summary == expected else {
            throw BenchError.disagreement(workload: workload, engine: "Fief", detail: "a new device of /~/\(name) has \(summary), expected \(expected)")
        }
        Log.progress("[\(workload)] converged: a new device of /~/\(name) has \(summary)")
    }
}
