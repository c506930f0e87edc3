import Foundation

/// S1's measurement: device A sets a probe object to a new value in one write transaction; a
/// sample runs from the commit's return on A until device B's realm notification hands B's
/// observer that value (A's upload, the server's durable integration and fan-out, B's download,
/// integration and notification). One change at a time: the next starts once B saw the last.
/// A and B may be served by different server instances.
final class EndToEndLatency {
    private let a: SyncBenchDevice
    private let recorder = NotificationRecorder()
    private let workload: String
    private var value = 0

    /// Starts observing probe `probe` on `b`; `a` writes it.
    init(from a: SyncBenchDevice, to b: SyncBenchDevice, workload: String) throws {
        self.a = a
        self.workload = workload
        let recorder = recorder
        try AsyncBridge.wait { await b.observe("probe", recorder) }
    }

    /// `count` samples in ms, sorted; throws when B does not see a change within 60 s.
    func samples(_ count: Int) throws -> [Double] {
        try (0..<count).map { _ in try sample() }.sorted()
    }

    private func sample() throws -> Double {
        value += 1
        recorder.expect(Double(value))
        let next = value
        let a = a
        let start = try AsyncBridge.wait { try await a.set("probe", next) }
        guard let arrival = recorder.waitForArrival(timeout: 60) else {
            throw BenchError.disagreement(workload: workload, engine: "Fief", detail: "B never saw value \(next) within 60 s")
        }
        return arrival > start ? Double(arrival - start) / 1e6 : 0
    }
}
