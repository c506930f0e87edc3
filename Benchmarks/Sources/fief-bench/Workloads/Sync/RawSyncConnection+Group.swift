import Foundation
import FiefSyncProtocol

/// Opening and waiting on many ``RawSyncConnection``s at once, for the workloads that drive
/// hundreds or thousands of them (S3, S5, S6).
extension RawSyncConnection {
    /// Opens `count` connections to `path`, the i-th to instance `ports[i % ports.count]`, at
    /// most 256 connecting at once, and waits until all of them downloaded the newest version.
    /// With `subscriptions`, the i-th connection binds subscription-based with `subscriptions(i)`.
    static func open(_ count: Int, ports: [Int], token: String, path: String,
                     subscriptions: ((Int) -> FiefSyncProtocol.QuerySubscription)? = nil) throws -> [RawSyncConnection] {
        var clients: [RawSyncConnection] = []
        clients.reserveCapacity(count)
        while clients.count < count {
            let batch = (0..<min(256, count - clients.count)).map { _ in RawSyncConnection() }
            for (offset, client) in batch.enumerated() {
                client.connect(port: ports[(clients.count + offset) % ports.count], token: token, path: path,
                               subscription: subscriptions?(clients.count + offset))
            }
            try waitUntilCaughtUp(batch, timeout: 120, what: "connecting")
            clients += batch
        }
        return clients
    }

    /// Polls (every 10 ms, at most `timeout` seconds) until every client is connected and has
    /// downloaded the newest version it heard of, and at least server version `version`;
    /// throws when one failed or time ran out.
    static func waitUntilCaughtUp(_ clients: [RawSyncConnection], version: UInt64 = 0, timeout: Double, what: String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            var behind = 0
            for client in clients {
                let s = client.state.withLock { $0 }
                if let failure = s.failure { throw BenchError.harness("\(what): a connection failed: \(failure)") }
                if !(s.caughtUp && s.connected && s.serverVersion >= version) { behind += 1 }
            }
            if behind == 0 { return }
            guard Date() < deadline else { throw BenchError.harness("\(what): \(behind) of \(clients.count) connections not synced after \(Int(timeout)) s") }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
