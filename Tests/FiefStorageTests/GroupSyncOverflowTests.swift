import CrashWorkload
import Foundation
import XCTest
@testable import FiefStorage

/// A group sync whose unsynced list would not fit its meta page.
final class GroupSyncOverflowTests: XCTestCase {
    /// Many deferred commits scattered over a file of 512-byte pages (a meta page lists at most
    /// 36 ranges): the group sync syncs the pages first and writes a sealed meta page (two
    /// syncs), and what it acknowledged survives a power loss.
    func testOverflowingListSyncsBeforeTheMetaPage() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let file = try FaultInjectingFile(path: directory + "/overflow.fief")
        var options = PowerLossHarness.options(pageSize: 512, relaxed: false)
        // The scattered free pages are the point: tail relocation would gather the writes.
        options.tailRelocationPagesPerCommit = 0
        let store = try Store(file: file, options: options)
        try store.write { txn in
            let tree = try txn.createTree("t")
            for i in 0..<3000 { try tree.put(key(i), [UInt8](repeating: 1, count: 20)) }
        }
        var random = SeededRandom(seed: 11)
        // Free scattered pages: rewrite random leaves; two more full commits make them reusable.
        try store.write { txn in
            for _ in 0..<300 { try txn.tree("t")!.put(key(Int(random.next() % 3000)), [UInt8](repeating: 1, count: 20)) }
        }
        for _ in 0..<2 { try store.write { try $0.tree("t")!.put(key(0), [UInt8](repeating: 1, count: 20)) } }
        var last: CommitTicket?
        var model: [Int: UInt8] = [:]
        for round in 0..<60 {
            let txn = try store.beginWrite()
            let i = Int(random.next() % 3000)
            try txn.tree("t")!.put(key(i), [UInt8](repeating: UInt8(round), count: 20))
            model[i] = UInt8(round)
            last = try txn.commitDeferringSync()
        }
        XCTAssertGreaterThan(store.env.coordinator.state.unsyncedRanges.count, Layout.metaRangeCapacity(pageSize: 512),
                             "precondition: the list overflows")
        let syncsBefore = file.completedSyncs
        try store.waitUntilDurable(last!)
        XCTAssertEqual(file.completedSyncs, syncsBefore + 2, "pages first, then the sealed meta page")
        XCTAssertTrue(store.env.coordinator.state.latestIsSealed)

        var images = SeededRandom(seed: 12)
        let image = file.powerLossImage(.nothing, random: &images)
        let imagePath = directory + "/image.fief"
        XCTAssertTrue(FileManager.default.createFile(atPath: imagePath, contents: Data(image)))
        let recovered = try Store(path: imagePath)
        XCTAssertTrue(try recovered.verify().isValid)
        try recovered.read { txn in
            let tree = try XCTUnwrap(txn.tree("t"))
            XCTAssertEqual(tree.count, 3000)
            for (i, byte) in model { XCTAssertEqual(try tree.get(key(i)), [UInt8](repeating: byte, count: 20)) }
        }
        withExtendedLifetime(store) {}
    }
}
