@_spi(Sync) import FiefSync
import Foundation

/// One device of a chaos test: an actor holding a synced realm of ``Note``s that makes random
/// writes and keeps a ledger of them, so the test can check at the end that nothing the
/// server acknowledged was lost.
///
/// Each write makes a note of the device's own (a unique id), or touches one of a few shared
/// notes: sets its text (a conflicting set), increments its counter and appends a unique tag.
/// ``acknowledge(timeout:)`` waits for the server's acknowledgment of everything written
/// before it and moves those writes to the acknowledged part of the ledger.
actor ChaosDevice {
    /// The device's name, the prefix of its notes and tags.
    let name: String
    private var realm: Realm!
    private var generator: SplitMix
    private var sequence = 0
    /// Ids and tags written and not yet known to be acknowledged.
    private var pendingIds: Set<String> = []
    private var pendingTags: Set<String> = []
    /// Ids and tags the server acknowledged.
    private(set) var acknowledgedIds: Set<String> = []
    private(set) var acknowledgedTags: Set<String> = []
    /// Increments made, per shared note (all of them must count in the end).
    private(set) var increments: [String: Int] = [:]
    /// Write transactions committed, and those the server acknowledged.
    private(set) var writes = 0
    private(set) var acknowledgedWrites = 0

    init(name: String, configuration: Realm.Configuration, seed: UInt64) async throws {
        self.name = name
        generator = SplitMix(seed: seed)
        realm = try await Realm(configuration: configuration, actor: self, downloadBeforeOpen: .never)
    }

    /// The shared notes every device touches.
    static let sharedIds = ["shared-0", "shared-1", "shared-2"]

    /// Commits `count` random write transactions.
    func writeRandomly(_ count: Int) throws {
        for _ in 0..<count {
            sequence += 1
            if generator.next(in: 0...2) == 0 {
                let id = "\(name)-\(sequence)"
                // Up to 3 KB of text, so that uploads span several chunks the proxy may cut.
                let text = "own \(sequence) " + String(repeating: "x", count: generator.next(in: 0...3000))
                try realm.write {
                    realm.create(Note.self, value: ["id": id, "text": text])
                }
                pendingIds.insert(id)
            } else {
                let shared = Self.sharedIds[generator.next(in: 0...(Self.sharedIds.count - 1))]
                let tag = "\(name).\(sequence)"
                try realm.write {
                    let note = realm.object(ofType: Note.self, forPrimaryKey: shared) ?? realm.create(Note.self, value: ["id": shared])
                    note.text = "\(name) set \(sequence)"
                    note.increment(\.count, by: 1)
                    note.tags.append(tag)
                }
                increments[shared, default: 0] += 1
                pendingTags.insert(tag)
                pendingIds.insert(shared)
            }
            writes += 1
        }
    }

    /// Sets the text of note `id` (creating it) and increments its counter: one write.
    func set(_ id: String, text: String) throws {
        try realm.write {
            let note = realm.object(ofType: Note.self, forPrimaryKey: id) ?? realm.create(Note.self, value: ["id": id])
            note.text = text
            note.increment(\.count, by: 1)
        }
        increments[id, default: 0] += 1
        pendingIds.insert(id)
        writes += 1
    }

    /// The text of note `id`, if it exists.
    func text(_ id: String) -> String? {
        realm.refresh()
        return realm.object(ofType: Note.self, forPrimaryKey: id)?.text
    }

    /// Waits until the server acknowledged everything written so far; those writes are then
    /// in the acknowledged ledger.
    func acknowledge(timeout: Duration = .seconds(90)) async throws {
        let ids = pendingIds
        let tags = pendingTags
        let through = writes
        pendingIds = []
        pendingTags = []
        do {
            try await realm.syncSession!.wait(for: .upload, timeout: timeout)
        } catch {
            pendingIds.formUnion(ids)
            pendingTags.formUnion(tags)
            throw error
        }
        acknowledgedIds.formUnion(ids)
        acknowledgedTags.formUnion(tags)
        acknowledgedWrites = max(acknowledgedWrites, through)
    }

    /// Waits until the server acknowledged every write and this device has everything the
    /// server has.
    func settle(timeout: Duration = .seconds(90)) async throws {
        try await acknowledge(timeout: timeout)
        try await realm.syncSession!.wait(for: .download, timeout: timeout)
    }

    /// Every note, sorted, as text: equal exports mean equal contents.
    func export() -> String {
        realm.refresh()
        return realm.objects(Note.self).sorted(by: { $0.id < $1.id })
            .map { "\($0.id) \($0.text) \($0.count) [\($0.tags.joined(separator: ","))]" }
            .joined(separator: "\n")
    }

    /// The ids present, the tags of every note, and every note's counter.
    func contents() -> (ids: Set<String>, tags: Set<String>, counters: [String: Int]) {
        realm.refresh()
        var ids: Set<String> = []
        var tags: Set<String> = []
        var counters: [String: Int] = [:]
        for note in realm.objects(Note.self) {
            ids.insert(note.id)
            tags.formUnion(note.tags)
            counters[note.id] = note.count
        }
        return (ids, tags, counters)
    }

    /// The session of the device's realm.
    func session() -> SyncSession? { realm.syncSession }

    func close() { realm = nil }
}

/// Checks the end state of chaos devices: equal exports, every acknowledged id and tag
/// present everywhere, and every increment counted. Returns failure messages (empty: passed).
func chaosLedgerFailures(_ devices: [ChaosDevice]) async -> [String] {
    var failures: [String] = []
    var exports: [String] = []
    for device in devices { exports.append(await device.export()) }
    for (index, export) in exports.enumerated().dropFirst() where export != exports[0] {
        failures.append("device \(index) differs from device 0:\n\(export)\n--- vs ---\n\(exports[0])")
    }
    var acknowledgedIds: Set<String> = []
    var acknowledgedTags: Set<String> = []
    var increments: [String: Int] = [:]
    for device in devices {
        acknowledgedIds.formUnion(await device.acknowledgedIds)
        acknowledgedTags.formUnion(await device.acknowledgedTags)
        increments.merge(await device.increments, uniquingKeysWith: +)
    }
    for device in devices {
        let (ids, tags, counters) = await device.contents()
        let lostIds = acknowledgedIds.subtracting(ids)
        let lostTags = acknowledgedTags.subtracting(tags)
        if !lostIds.isEmpty { failures.append("\(device.name) lost acknowledged notes \(lostIds.sorted())") }
        if !lostTags.isEmpty { failures.append("\(device.name) lost acknowledged list inserts \(lostTags.sorted())") }
        for (id, expected) in increments where counters[id] != expected {
            failures.append("\(device.name): \(id) counts \(counters[id] ?? 0), expected \(expected) increments")
        }
    }
    return failures
}
