import Dispatch
import Fief
import Foundation
import XCTest

/// One link of a chain of objects: `next` is the following link, `ahead` the two after it.
final class FrozenChainLink: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var label = ""
    @Persisted var weight = 0.0
    @Persisted var next: FrozenChainLink?
    @Persisted var ahead: List<FrozenChainLink>
    @Persisted(originProperty: "next") var previous: LinkingObjects<FrozenChainLink>
}

/// A frozen realm, its objects and its results are readable from any thread: several threads
/// read the same ones at once, each read filling caches the others use (cluster directories,
/// pinned chunks, evaluated results, the transaction's open trees).
final class FrozenConcurrencyTests: XCTestCase {
    static let count = 5_000
    static let threads = 4
    var directory: URL!

    override func setUp() { directory = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    /// Holds non-`Sendable` frozen values for the threads that read them.
    final class Shared<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Collects each thread's failures.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var messages: [String] = []
        func add(_ message: String) { lock.withLock { messages.append(message) } }
    }

    func makeChain(encrypted: Bool = false) throws -> Realm {
        var config = Realm.Configuration(fileURL: directory.appendingPathComponent("chain.realm"), objectTypes: [FrozenChainLink.self])
        if encrypted { config.encryptionKey = Data((0..<64).map { UInt8($0) }) }
        let realm = try Realm(configuration: config)
        try realm.write {
            var links: [FrozenChainLink] = []
            for i in 0..<Self.count {
                let link = FrozenChainLink()
                link.id = i
                link.label = "link \(i)"
                link.weight = Double(i) / 2
                links.append(link)
            }
            for i in 0..<Self.count {
                if i + 1 < Self.count { links[i].next = links[i + 1] }
                for j in [i + 2, i + 3] where j < Self.count { links[i].ahead.append(links[j]) }
            }
            realm.add(links[0])
        }
        return realm
    }

    /// What one thread reads from the frozen realm; any mismatch is reported.
    static func readEverything(_ frozen: Realm, thread t: Int, _ failures: Failures) {
        // Follow the chain from a different place on each thread.
        var link = frozen.object(ofType: FrozenChainLink.self, forPrimaryKey: t * 1_000)
        var expected = t * 1_000
        while let current = link, expected < t * 1_000 + 600 {
            if current.id != expected || current.label != "link \(expected)" { failures.add("chain at \(expected) read \(current.id)") }
            if current.ahead.count != min(2, max(0, count - 2 - expected)) { failures.add("ahead of \(expected): \(current.ahead.count)") }
            // Backlinks scan the whole class: checked now and then.
            if expected % 50 == 1, current.previous.first?.id != expected - 1 { failures.add("previous of \(expected)") }
            link = current.next
            expected += 1
        }
        // Primary-key lookups across the whole class.
        for id in stride(from: t, to: count, by: 97) {
            guard let found = frozen.object(ofType: FrozenChainLink.self, forPrimaryKey: id), found.weight == Double(id) / 2 else {
                failures.add("lookup of \(id)")
                continue
            }
        }
        // Queries, counts and a full iteration.
        let all = frozen.objects(FrozenChainLink.self)
        let low = t * 500
        if all.filter("id >= %@", low).count != count - low { failures.add("count from \(low)") }
        if all.filter("label == %@", "link \(low + 7)").first?.id != low + 7 { failures.add("indexless equality at \(low + 7)") }
        var sum = 0
        for object in all { sum += object.id }
        if sum != count * (count - 1) / 2 { failures.add("iteration sum \(sum)") }
        if all.sum(ofProperty: "weight") as Double != Double(count * (count - 1) / 2) / 2 { failures.add("sum of weights") }
    }

    func testAFrozenRealmIsReadByManyThreadsAtOnce() throws {
        try checkConcurrentReads(of: makeChain())
    }

    func testAnEncryptedFrozenRealmIsReadByManyThreadsAtOnce() throws {
        try checkConcurrentReads(of: makeChain(encrypted: true))
    }

    private func checkConcurrentReads(of realm: Realm) throws {
        for _ in 0..<3 {
            // Each round starts from a fresh frozen realm, with every cache empty.
            let frozen = Shared(realm.freeze())
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: Self.threads) { t in
                Self.readEverything(frozen.value, thread: t, failures)
            }
            XCTAssertEqual(failures.messages, [])
        }
    }

    /// Objects and results made on one thread, then read by several at once: the objects'
    /// own row caches and the results' evaluated keys are shared.
    func testFrozenObjectsAndResultsAreSharedBetweenThreads() throws {
        let realm = try makeChain()
        for _ in 0..<3 {
            let frozen = realm.freeze()
            let results = Shared(frozen.objects(FrozenChainLink.self).filter("id >= 100").sorted(byKeyPath: "id", ascending: false))
            // Objects made before the threads start, never read yet.
            let objects = Shared((0..<50).map { frozen.object(ofType: FrozenChainLink.self, forPrimaryKey: $0 * 100)! })
            let copied = Shared(realm.objects(FrozenChainLink.self).filter("id < 20").map { $0.freeze() })
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: Self.threads) { t in
                for (n, object) in objects.value.enumerated() {
                    if object.label != "link \(n * 100)" || object.next?.id != (n * 100 + 1) { failures.add("object \(n * 100)") }
                }
                for (n, object) in copied.value.enumerated() where object.ahead.first?.id != n + 2 || object.weight != Double(n) / 2 {
                    failures.add("copy of \(n)")
                }
                let shared = results.value
                if shared.count != Self.count - 100 { failures.add("results count \(shared.count)") }
                for i in stride(from: t, to: 200, by: Self.threads) where shared[i].id != Self.count - 1 - i {
                    failures.add("results[\(i)]")
                }
                if shared.last?.id != 100 { failures.add("results last") }
            }
            XCTAssertEqual(failures.messages, [])
        }
    }
}
