import Fief
import Foundation
import XCTest

/// One node of a long chain of new objects, each linking the next.
final class DeepChainNode: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var next: DeepChainNode?
    @Persisted var note: EmbeddedNote?
}

final class EmbeddedNote: EmbeddedObject {
    @Persisted var text = ""
}

/// A discussion whose replies nest: each reply is owned by the one before.
final class DeepThread: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var firstReply: DeepReply?
}

final class DeepReply: EmbeddedObject {
    @Persisted var text = ""
    @Persisted var reply: DeepReply?
}

/// Adding an object adds the new objects it links to inside it, one level per link: a chain of
/// any length goes in without running out of stack, on any thread.
final class DeepObjectGraphTests: XCTestCase {
    /// A chain of `count` new nodes starting at id `first`; the head is returned.
    static func makeChain(_ count: Int, first: Int = 0) -> DeepChainNode {
        let head = DeepChainNode()
        head.id = first
        var tail = head
        for i in 1..<count {
            let node = DeepChainNode()
            node.id = first + i
            if i % 1_000 == 0 {
                let note = EmbeddedNote()
                note.text = "node \(first + i)"
                node.note = note
            }
            tail.next = node
            tail = node
        }
        return head
    }

    static func checkChain(_ realm: Realm, count: Int) -> String? {
        guard realm.objects(DeepChainNode.self).count == count else { return "count \(realm.objects(DeepChainNode.self).count)" }
        var node = realm.object(ofType: DeepChainNode.self, forPrimaryKey: 0)
        var expected = 0
        while let current = node {
            if current.id != expected { return "node \(expected) read \(current.id)" }
            if expected % 1_000 == 0, expected > 0, current.note?.text != "node \(expected)" { return "note of \(expected)" }
            node = current.next
            expected += 1
        }
        return expected == count ? nil : "chain ends after \(expected) nodes"
    }

    func testALongChainOfNewObjectsIsAddedAtOnce() throws {
        let realm = try Realm(configuration: memoryConfiguration([DeepChainNode.self, EmbeddedNote.self]))
        let head = Self.makeChain(100_000)
        try realm.write { realm.add(head) }
        XCTAssertTrue(head.realm === realm)
        XCTAssertNil(Self.checkChain(realm, count: 100_000))
    }

    /// A thread with a small stack (as secondary threads have on Apple platforms).
    func testALongChainIsAddedOnAThreadWithASmallStack() throws {
        let configuration = memoryConfiguration([DeepChainNode.self, EmbeddedNote.self])
        final class Outcome: @unchecked Sendable { var problem: String? = "not run" }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                let realm = try Realm(configuration: configuration)
                try realm.write { realm.add(Self.makeChain(10_000)) }
                outcome.problem = Self.checkChain(realm, count: 10_000)
            } catch {
                outcome.problem = "\(error)"
            }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        XCTAssertNil(outcome.problem)
    }

    func testALongChainIsAddedInAnActorsWrite() async throws {
        let configuration = memoryConfiguration([DeepChainNode.self, EmbeddedNote.self])
        let problem = try await ChainWriter(configuration).addChain(10_000)
        XCTAssertNil(problem)
    }

    /// A node deep in the chain fails (its primary key exists): the add fails as a whole with
    /// the error that says so, the write adds nothing, and the chain's objects stay unmanaged.
    func testAFailureDeepInAChainFailsTheWholeAdd() throws {
        let realm = try Realm(configuration: memoryConfiguration([DeepChainNode.self, EmbeddedNote.self]))
        try realm.write { realm.add(Self.makeChain(1, first: 9_000)) }
        let head = Self.makeChain(10_000)
        assertRealmError(try realm.write { realm.add(head) }) {
            if case .duplicatePrimaryKey(className: "DeepChainNode", value: "9000") = $0 { true } else { false }
        }
        XCTAssertEqual(realm.objects(DeepChainNode.self).count, 1)
        var node: DeepChainNode? = head
        var unmanaged = 0
        while let current = node {
            if current.realm == nil { unmanaged += 1 }
            node = current.next
        }
        XCTAssertEqual(unmanaged, 10_000)
        // The same chain without the clash goes in.
        try realm.write {
            realm.delete(realm.objects(DeepChainNode.self))
            realm.add(head)
        }
        XCTAssertNil(Self.checkChain(realm, count: 10_000))
    }

    /// Embedded objects nested 20,000 deep are added with their owner and deleted with it.
    func testDeeplyNestedEmbeddedObjectsAreAddedAndDeletedWithTheirOwner() throws {
        let realm = try Realm(configuration: memoryConfiguration([DeepThread.self, DeepReply.self]))
        let depth = 20_000
        let thread = DeepThread()
        thread.firstReply = DeepReply()
        var last = thread.firstReply!
        for i in 1..<depth {
            let reply = DeepReply()
            reply.text = "reply \(i)"
            last.reply = reply
            last = reply
        }
        try realm.write { realm.add(thread) }
        var reply = realm.object(ofType: DeepThread.self, forPrimaryKey: 0)?.firstReply
        var seen = 0
        while let current = reply {
            if seen > 0 { XCTAssertEqual(current.text, "reply \(seen)") }
            seen += 1
            reply = current.reply
        }
        XCTAssertEqual(seen, depth)
        try realm.write { realm.delete(realm.objects(DeepThread.self)) }
        XCTAssertTrue(realm.isEmpty, "every nested reply went with the thread")
    }
}

actor ChainWriter {
    let configuration: Realm.Configuration
    init(_ configuration: Realm.Configuration) { self.configuration = configuration }

    func addChain(_ count: Int) async throws -> String? {
        let realm = try await Realm(configuration: configuration, actor: self)
        try await realm.asyncWrite { realm.add(DeepObjectGraphTests.makeChain(count)) }
        return DeepObjectGraphTests.checkChain(realm, count: count)
    }
}
