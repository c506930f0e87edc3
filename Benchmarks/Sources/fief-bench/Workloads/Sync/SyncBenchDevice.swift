import Foundation
import FiefSync

/// The object the end-to-end sync workloads write: a primary key and a counter.
final class SyncProbe: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var value = 0
}

/// One device of the end-to-end sync workloads: its own app (files under the scratch
/// directory), the benchmark's user, and a synced realm of ``SyncProbe``s held by this actor,
/// as a service would hold it.
actor SyncBenchDevice {
    private var realm: Realm!
    private var token: NotificationToken?
    private let user: User

    /// Logs `user` in (registering first when `registers`) on a new app under `root` and opens
    /// realm `/~/<realm>` of the server at `baseURL`.
    ///
    /// With `subscription` (a Realm Query Language filter of ``SyncProbe``s), the device opens
    /// the default realm with flexible sync instead, subscribed to the probes it matches.
    init(baseURL: String, root: String, user: String, registers: Bool, realm name: String, subscription: String? = nil) async throws {
        let app = App(id: "fief-bench", configuration: AppConfiguration(baseURL: baseURL, rootDirectory: URL(fileURLWithPath: root)))
        let password = "fief-bench password"
        if registers { try await app.emailPasswordAuth.registerUser(email: user, password: password) }
        let logged = try await app.login(credentials: .emailPassword(email: user, password: password))
        self.user = logged
        let host = baseURL.replacingOccurrences(of: "http://", with: "")
        var config = if let subscription {
            logged.flexibleSyncConfiguration(initialSubscriptions: { $0.append(QuerySubscription<SyncProbe>(name: "bench", where: subscription)) })
        } else {
            logged.configuration(realmURL: URL(string: "realm://\(host)/~/\(name)")!)
        }
        config.objectTypes = [SyncProbe.self]
        realm = try await Realm(configuration: config, actor: self, downloadBeforeOpen: .always)
    }

    /// Hands `recorder` the value of probe `id` after every change of the realm (local commits
    /// and integrated downloads alike).
    func observe(_ id: String, _ recorder: NotificationRecorder) {
        token = realm.observe { [weak self] _, _ in
            guard let self else { return }
            self.assumeIsolated { device in
                if let value = device.realm.object(ofType: SyncProbe.self, forPrimaryKey: id)?.value { recorder.deliver(Double(value)) }
            }
        }
    }

    /// Sets probe `id` to `value` in one write; returns the monotonic time the commit returned.
    func set(_ id: String, _ value: Int) throws -> UInt64 {
        try realm.write { realm.create(SyncProbe.self, value: ["id": id, "value": value], update: .modified) }
        return NotificationRecorder.now()
    }

    /// Creates `count` probes `<prefix>-i`, one write transaction each.
    func createMany(_ prefix: String, _ count: Int) throws {
        for index in 0..<count {
            try realm.write { realm.create(SyncProbe.self, value: ["id": "\(prefix)-\(index)", "value": index]) }
        }
    }

    /// The user's current access token, for protocol-level connections of the same user.
    func accessToken() throws -> String {
        guard let token = user.accessToken else { throw BenchError.harness("the benchmark user has no access token") }
        return token
    }

    /// Waits until the server acknowledged every write.
    func waitForUpload() async throws { try await realm.syncSession!.wait(for: .upload, timeout: .seconds(600)) }

    /// Waits until everything the server has is here.
    func waitForDownload() async throws { try await realm.syncSession!.wait(for: .download, timeout: .seconds(600)) }

    /// The probes' count and the sum of their values, to check convergence.
    func summary() -> String {
        realm.refresh()
        let probes = realm.objects(SyncProbe.self)
        return "\(probes.count) probes, sum \(probes.reduce(0) { $0 + $1.value })"
    }

    /// The size of the realm's file, in bytes.
    func fileBytes() throws -> Int {
        guard let url = realm.configuration.fileURL, let size = try url.resourceValues(forKeys: [.fileSizeKey]).fileSize
        else { throw BenchError.harness("the synced realm has no file to measure") }
        return size
    }

    /// Stops syncing (the session is suspended) and lets the realm go.
    func close() {
        realm?.syncSession?.suspend()
        token?.invalidate()
        token = nil
        realm = nil
    }
}
