@_spi(Sync) @testable import Fief
@_spi(Sync) import FiefSyncProtocol
import Foundation

/// A simulated physical clock; each peer's may run ahead or behind.
final class SimulatedClock: @unchecked Sendable {
    var milliseconds: UInt64
    init(_ milliseconds: UInt64) { self.milliseconds = milliseconds }
}

/// A deterministic simulation of sync: peers with real in-memory realms write at random, a
/// server integrates their uploads into one history and its own realm, and a random network
/// delays, duplicates and drops messages, disconnects and reconnects peers. `quiesce()` then
/// lets everything through, after which every peer must equal the server.
final class SyncSimulator {
    final class Peer {
        let ident: UInt64
        let realm: Realm
        let clock: SimulatedClock
        var online = true
        /// Uploads in flight to the server, oldest first.
        var uploads: [[ClientUpload]] = []
        /// Downloads in flight to the peer, oldest first.
        var downloads: [[ServerHistoryEntry]] = []
        /// The newest client version sent on this connection.
        var sent: UInt64 = 0
        /// The newest server version the server sent on this connection.
        var served: UInt64 = 0

        init(ident: UInt64, realm: Realm, clock: SimulatedClock) {
            self.ident = ident
            self.realm = realm
            self.clock = clock
        }
    }

    let seed: UInt64
    var rng: SeededRandom
    var peers: [Peer] = []
    var server = ServerHistory()
    let serverRealm: Realm
    private(set) var log: [String] = []
    var writes = 0
    private var steps = 0
    /// Instructions that history compaction removed.
    private(set) var compactedAway = 0

    static let types: [ObjectBase.Type] = [SimItem.self, SimNote.self, SimAddress.self]

    /// A synced in-memory realm of the simulator's model with file identity `ident`, for
    /// tests that drive `ClientIntegration` by hand.
    static func peer(_ ident: UInt64) throws -> Realm {
        var c = Realm.Configuration(inMemoryIdentifier: "peer-\(ident)-\(UUID().uuidString)", objectTypes: types)
        c.recordsSyncHistory = true
        let realm = try Realm(configuration: c)
        try realm.write { try realm.setSyncFileIdent(ident, salt: 9) }
        return realm
    }

    init(seed: UInt64, peers count: Int) throws {
        self.seed = seed
        rng = SeededRandom(seed: seed)
        var serverConfiguration = Realm.Configuration(inMemoryIdentifier: "sim-\(seed)-server-\(UUID().uuidString)", objectTypes: Self.types)
        serverConfiguration.recordsSyncHistory = false
        serverRealm = try Realm(configuration: serverConfiguration)
        for i in 0..<count {
            // Skewed clocks: a day ahead, a day behind, and some close to true time.
            let skew: Int64 = [86_400_000, -86_400_000, 0, 1500, -700][i % 5]
            let clock = SimulatedClock(UInt64(Int64(200_000_000_000) + skew))
            var c = Realm.Configuration(inMemoryIdentifier: "sim-\(seed)-peer\(i)-\(UUID().uuidString)", objectTypes: Self.types)
            c.recordsSyncHistory = true
            c.syncClock = { clock.milliseconds }
            let realm = try Realm(configuration: c)
            let peer = Peer(ident: UInt64(i + 1), realm: realm, clock: clock)
            try realm.write { try realm.setSyncFileIdent(peer.ident, salt: 1000 + peer.ident) }
            peers.append(peer)
        }
    }

    // MARK: Steps

    /// One random event.
    func step() throws {
        for p in peers { p.clock.milliseconds += UInt64.random(in: 0..<50, using: &rng) }
        let peer = peers.randomElement(using: &rng)!
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<40: try randomWrite(peer)
        case 40..<52: try sendUploads(peer)
        case 52..<66: try deliverUpload(peer)
        case 66..<76: sendDownloads(peer)
        case 76..<90: try deliverDownload(peer)
        case 90..<93: disconnect(peer)
        case 93..<97: try reconnect(peer)
        default: duplicate(peer)
        }
        // Compaction every 23 steps, without drawing from the random sequence (seeds keep
        // their runs): downloads in flight keep the entries as they were sent, later ones get
        // the compacted form, and uploads are transformed past the compacted entries.
        steps += 1
        if steps % 23 == 0 {
            let before = server.entries.reduce(0) { $0 + $1.changeset.instructions.count }
            _ = server.compactInPlace()
            compactedAway += before - server.entries.reduce(0) { $0 + $1.changeset.instructions.count }
        }
    }

    func sendUploads(_ peer: Peer) throws {
        guard peer.online else { return }
        let uploads = try ClientIntegration.uploads(from: peer.realm, after: peer.sent)
        guard let last = uploads.last else { return }
        peer.uploads.append(uploads)
        peer.sent = last.clientVersion
    }

    func deliverUpload(_ peer: Peer) throws {
        guard peer.online, !peer.uploads.isEmpty else { return }
        for upload in peer.uploads.removeFirst() {
            guard let entry = try server.integrate(upload) else { continue }
            try serverRealm.write { try serverRealm.applySyncChangeset(entry.changeset, ownFileIdent: 0) }
        }
    }

    func sendDownloads(_ peer: Peer) {
        guard peer.online, peer.served < server.latestVersion else { return }
        // Whole or in parts: a download may stop anywhere.
        let available = Array((try? server.entries(after: peer.served)) ?? [])
        let part = Array(available.prefix(Int.random(in: 1...available.count, using: &rng)))
        peer.downloads.append(part)
        peer.served = part.last!.serverVersion
    }

    func deliverDownload(_ peer: Peer) throws {
        guard peer.online, !peer.downloads.isEmpty else { return }
        try ClientIntegration.integrate(peer.downloads.removeFirst(), into: peer.realm)
    }

    func disconnect(_ peer: Peer) {
        peer.online = false
        peer.uploads = []
        peer.downloads = []
    }

    func reconnect(_ peer: Peer) throws {
        guard !peer.online else { return }
        peer.online = true
        let state = try peer.realm.syncHistoryState()
        peer.sent = state.downloadedClientVersion
        peer.served = state.downloadedServerVersion
    }

    func duplicate(_ peer: Peer) {
        if Bool.random(using: &rng), let u = peer.uploads.randomElement(using: &rng) { peer.uploads.append(u) }
        if let d = peer.downloads.randomElement(using: &rng) { peer.downloads.append(d) }
    }

    /// Reconnects everyone and delivers everything until nothing is in flight.
    func quiesce() throws {
        for p in peers { try reconnect(p) }
        for _ in 0..<100 {
            var moved = false
            for p in peers {
                try sendUploads(p)
                while !p.uploads.isEmpty { try deliverUpload(p); moved = true }
            }
            for p in peers {
                sendDownloads(p)
                while !p.downloads.isEmpty { try deliverDownload(p); moved = true }
            }
            let done = try peers.allSatisfy { p in
                let s = try p.realm.syncHistoryState()
                return s.downloadedServerVersion == server.latestVersion && s.latestClientVersion == s.downloadedClientVersion
            }
            if done && !moved { return }
        }
        throw SimulationFailure(seed: seed, reason: "no quiescence after 100 rounds")
    }

    // MARK: Random writes

    private func pick<T>(_ items: [T]) -> T? { items.randomElement(using: &rng) }
    private func int(_ n: Int) -> Int { Int.random(in: 0..<n, using: &rng) }

    func randomWrite(_ peer: Peer) throws {
        let realm = peer.realm
        writes += 1
        try realm.write {
            for _ in 0..<(1 + int(3)) { try randomOperation(realm) }
        }
    }

    private func randomOperation(_ realm: Realm) throws {
        let items = Array(realm.objects(SimItem.self))
        let notes = Array(realm.objects(SimNote.self))
        guard let item = pick(items), int(12) != 0 else {
            realm.create(SimItem.self, value: ["id": "i\(int(8))", "title": "t\(int(100))"], update: .modified)
            return
        }
        switch int(28) {
        case 0: item.title = "t\(int(100))"
        case 1: item.increment(\.count, by: 1 + int(5))
        case 2: item.score = Double(int(1000)) / 8
        case 3: item.flag.toggle()
        case 4: item.when = int(3) == 0 ? nil : Date(timeIntervalSinceReferenceDate: Double(int(100_000)))
        case 5: item.blob = int(3) == 0 ? nil : Data([UInt8(int(256)), UInt8(int(256))])
        case 6: item.oid = ObjectId(bytes: (0..<12).map { _ in UInt8(int(256)) })
        case 7: item.uid = int(2) == 0 ? nil : UUID(uuid: (UInt8(int(256)), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, UInt8(int(256))))
        case 8: item.amount = Decimal128(integerLiteral: Int64(int(10_000)))
        case 9: item.tags.insert("g\(int(50))", at: int(item.tags.count + 1))
        case 10: if !item.tags.isEmpty { item.tags.remove(at: int(item.tags.count)) }
        case 11: if !item.tags.isEmpty { item.tags.move(from: int(item.tags.count), to: int(item.tags.count)) }
        case 12: if !item.tags.isEmpty { item.tags[int(item.tags.count)] = "s\(int(50))" }
        case 13: if int(4) == 0 { item.tags.removeAll() }
        case 14: if let n = pick(notes) { item.notes.insert(n, at: int(item.notes.count + 1)) }
        case 15: if !item.notes.isEmpty { item.notes.remove(at: int(item.notes.count)) }
        case 16: item.labels.insert("l\(int(6))")
        case 17:
            if int(4) == 0 {
                // Written whole: most members kept, up to three added, in a shuffled order.
                let kept = item.labels.filter { _ in int(4) != 0 }
                let whole = (kept + (0...int(3)).map { _ in "l\(int(6))" }).shuffled(using: &rng)
                realm.create(SimItem.self, value: ["id": item.id, "labels": whole], update: .modified)
            } else {
                item.labels.remove("l\(int(6))")
            }
        case 18:
            if int(4) == 0 {
                var whole = Dictionary(uniqueKeysWithValues: item.attrs.keys.filter { _ in int(2) == 0 }.map { ($0, item.attrs[$0]!) })
                whole["k\(int(4))"] = int(100)
                realm.create(SimItem.self, value: ["id": item.id, "attrs": whole], update: .modified)
            } else {
                item.attrs["k\(int(4))"] = int(3) == 0 ? nil : int(100)
            }
        case 19: item.buddy = pick(items)
        case 20: item.address = int(4) == 0 ? nil : SimAddress(value: ["city": "c\(int(20))", "zip": int(99)])
        case 21: if let a = item.address { a.city = "c\(int(20))" }
        case 22: item.stops.insert(SimAddress(value: ["city": "s\(int(20))"]), at: int(item.stops.count + 1))
        case 23: if !item.stops.isEmpty { item.stops[int(item.stops.count)].zip = int(1000) }
        case 24: if !item.stops.isEmpty { item.stops.remove(at: int(item.stops.count)) }
        case 25: realm.add(SimNote(value: ["text": "n\(int(100))", "rank": int(10)]))
        case 26: if let n = pick(notes) { if int(2) == 0 { n.rank += 1 } else { realm.delete(n) } }
        default: if int(3) == 0 { realm.delete(item) } else { item.ratio = Float(int(100)) / 4 }
        }
    }

    // MARK: Comparing

    /// Everything in a realm, with objects named by their sync identity, sorted: two realms
    /// with equal exports hold the same data.
    func export(_ realm: Realm, ownIdent: UInt64) throws -> String {
        realm.refresh()
        let txn = try realm.currentTxn()
        func noteID(_ n: SimNote) throws -> String {
            var g = try ObjectIdentity.global(nil, txn, "SimNote", n._managed!.rowKey)
            if g.fileIdent == 0 { g.fileIdent = ownIdent }
            return "\(g)"
        }
        var lines: [String] = []
        for i in realm.objects(SimItem.self).sorted(by: { $0.id < $1.id }) {
            let address = i.address.map { "\($0.city)/\($0.zip)" } ?? "-"
            let stops = i.stops.map { "\($0.city)/\($0.zip)" }.joined(separator: ",")
            let attrs = i.attrs.keys.map { "\($0)=\(i.attrs[$0]!)" }.joined(separator: ",")
            let fields: [String] = [
                i.id, i.title, "\(i.count)", "\(i.score)", "\(i.ratio)", "\(i.flag)", "\(i.when.map { "\($0.timeIntervalSinceReferenceDate)" } ?? "-")",
                "\(i.blob.map { Array($0) } ?? [])", "\(i.oid.map { "\($0)" } ?? "-")", "\(i.uid?.uuidString ?? "-")", "\(i.amount.map { "\($0)" } ?? "-")",
                "tags[\(i.tags.joined(separator: ","))]", "notes[\(try i.notes.map(noteID).joined(separator: ","))]",
                "labels{\(i.labels.joined(separator: ","))}", "attrs{\(attrs)}", "buddy=\(i.buddy?.id ?? "-")",
                "address=\(address)", "stops[\(stops)]",
            ]
            lines.append(fields.joined(separator: " "))
        }
        for n in realm.objects(SimNote.self) { lines.append("note \(try noteID(n)) \(n.text) \(n.rank)") }
        return lines.sorted().joined(separator: "\n")
    }

    /// Throws unless every peer equals the server, and a new file that downloads the whole
    /// (compacted) history from scratch equals it too.
    func checkConverged() throws {
        let expected = try export(serverRealm, ownIdent: 0)
        var configuration = Realm.Configuration(inMemoryIdentifier: "sim-\(seed)-late-\(UUID().uuidString)", objectTypes: Self.types)
        configuration.recordsSyncHistory = false
        let late = try Realm(configuration: configuration)
        try late.write { for entry in server.entries { try late.applySyncChangeset(entry.changeset, ownFileIdent: 0) } }
        let replayed = try export(late, ownIdent: 0)
        if replayed != expected {
            throw SimulationFailure(seed: seed, reason: "the compacted history replayed from scratch differs from the server\nserver:\n\(expected)\nreplayed:\n\(replayed)")
        }
        for p in peers {
            let actual = try export(p.realm, ownIdent: p.ident)
            if actual != expected {
                throw SimulationFailure(seed: seed, reason: "peer \(p.ident) differs from the server\nserver:\n\(expected)\npeer \(p.ident):\n\(actual)")
            }
        }
    }
}

struct SimulationFailure: Error, CustomStringConvertible {
    let seed: UInt64
    let reason: String
    var description: String { "seed \(seed): \(reason)" }
}
