import Foundation
import XCTest
@testable import FiefStorage

/// The thread that waits for durability on behalf of callbacks and `async` callers: one thread
/// serves a run of waits that follow each other, it holds no reference to the store while it
/// waits for the next, and it ends when its store closes.
final class SyncWorkerTests: XCTestCase {
    /// An actor-like loop (commit, await durability, commit again) is served by one thread
    /// that stays for the next wait, not by a thread for each commit. (The worker here lingers
    /// an hour, so that a slow machine cannot make the count vary; a store's own lingers 20 ms.)
    func testWaitsOneAfterAnotherShareOneThread() async throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let store = try Store(path: directory + "/worker.fief")
        let worker = SyncWorker(linger: 3600)
        defer { worker.stop() }
        try store.write { try $0.createTree("t").put(key(0), [0]) }
        let waits = 40
        for i in 1...waits {
            let txn = try store.beginWrite()
            try txn.tree("t")!.put(key(i), [UInt8(i)])
            let ticket = try txn.commitDeferringSync()
            let result = await withCheckedContinuation { continuation in
                worker.enqueue(ticket.version, env: store.env) { continuation.resume(returning: $0) }
            }
            try result.get()
            XCTAssertTrue(store.isDurable(ticket))
        }
        XCTAssertEqual(worker.threadsStarted, 1, "\(waits) waits in a row")
        XCTAssertTrue(worker.isRunning)
        XCTAssertEqual(try store.read { try $0.tree("t")?.count }, waits + 1)
    }

    /// A store's own worker serves its `async` waits and lets its thread go once idle.
    func testAStoresOwnWorkerEndsItsThreadWhenIdle() async throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let store = try Store(path: directory + "/own.fief")
        let txn = try store.beginWrite()
        try txn.createTree("t").put(key(1), [1])
        let ticket = try txn.commitDeferringSync()
        try await store.waitUntilDurable(ticket)
        XCTAssertTrue(store.isDurable(ticket))
        let deadline = Date().addingTimeInterval(60)
        while store.env.syncWorker.isRunning && Date() < deadline { try await Task.sleep(nanoseconds: 1_000_000) }
        XCTAssertFalse(store.env.syncWorker.isRunning, "an idle thread ends after its linger")
    }

    /// While the thread waits for more work the store can close: nothing but the requests
    /// themselves holds it, so its file is released and opens again at once; stopping the
    /// worker ends the idle thread without waiting out the linger.
    func testAnIdleThreadHoldsNoStoreAndStopEndsIt() async throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let path = directory + "/idle.fief"
        let worker = SyncWorker(linger: 3600)
        weak var closedEnvironment: Environment?
        do {
            let store = try Store(path: path)
            let txn = try store.beginWrite()
            try txn.createTree("t").put(key(1), [1])
            let ticket = try txn.commitDeferringSync()
            let result = await withCheckedContinuation { continuation in
                worker.enqueue(ticket.version, env: store.env) { continuation.resume(returning: $0) }
            }
            try result.get()
            XCTAssertTrue(store.isDurable(ticket))
            closedEnvironment = store.env
        }
        XCTAssertTrue(worker.isRunning, "the thread waits for the next request")
        XCTAssertNil(closedEnvironment, "the idle thread keeps no store alive")
        let reopened = try Store(path: path)
        XCTAssertEqual(try reopened.read { try $0.tree("t")?.get(key(1)) }, [1])

        worker.stop()
        let deadline = Date().addingTimeInterval(60)
        while worker.isRunning && Date() < deadline { try await Task.sleep(nanoseconds: 1_000_000) }
        XCTAssertFalse(worker.isRunning, "stop() ends the idle thread (its linger is an hour)")
        XCTAssertEqual(worker.threadsStarted, 1)
    }
}
