import XCTest
@testable import FiefStorage

/// A writable open syncs the file only when what recovery reads may sit in the page cache
/// alone (FORMAT.md, section 11, "Opening without a sync"): not after the last writer gave the
/// lease back with everything durable and sealed.
final class OpenSyncTests: XCTestCase {
    private func value(_ store: Store, _ key: String) throws -> [UInt8]? {
        try store.read { txn in try txn.tree("t")?.get(Array(key.utf8)) }
    }

    func testOpenAfterACleanCloseDoesNotSync() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let path = directory + "/store.fief"
        do {
            let store = try Store(path: path)
            try store.write { txn in try txn.createTree("t").put(Array("k".utf8), Array("v1".utf8)) }
        }
        let file = try FaultInjectingFile(path: path)
        let store = try Store(file: file, options: StorageOptions(), sharingThroughLockFileOf: path)
        XCTAssertEqual(file.completedSyncs, 0, "the last writer left everything durable: the open must not sync")
        XCTAssertEqual(try value(store, "k"), Array("v1".utf8))
        // The store still works as usual: a durable commit syncs.
        try store.write { txn in try txn.tree("t")!.put(Array("k".utf8), Array("v2".utf8)) }
        XCTAssertGreaterThan(file.completedSyncs, 0)
        XCTAssertEqual(try value(store, "k"), Array("v2".utf8))
    }

    func testOpenAfterAWriterLeftUnsyncedPagesSyncs() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let path = directory + "/store.fief"
        do { _ = try Store(path: path) }
        // A writer that syncs rarely commits and gives the lease back with its pages unsynced,
        // as a process between two group syncs does.
        var relaxed = StorageOptions()
        relaxed.durability = .relaxed(interval: 3_600)
        let writerFile = try FaultInjectingFile(path: path)
        let writer = try Store(file: writerFile, options: relaxed, sharingThroughLockFileOf: path)
        try writer.write { txn in try txn.createTree("t").put(Array("k".utf8), Array("unsynced".utf8)) }
        let syncsBefore = writerFile.completedSyncs

        let file = try FaultInjectingFile(path: path)
        let opener = try Store(file: file, options: StorageOptions(), sharingThroughLockFileOf: path)
        XCTAssertGreaterThan(file.completedSyncs, 0, "pages another writer left unsynced must be made durable at open")
        XCTAssertEqual(try value(opener, "k"), Array("unsynced".utf8))
        XCTAssertEqual(writerFile.completedSyncs, syncsBefore)
        withExtendedLifetime(writer) {}
    }

    func testOpenAfterAWriterThatSyncsNothingSyncs() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let path = directory + "/store.fief"
        do { _ = try Store(path: path) }
        var none = StorageOptions()
        none.durability = .none
        do {
            let writer = try Store(file: try FaultInjectingFile(path: path), options: none, sharingThroughLockFileOf: path)
            try writer.write { txn in try txn.createTree("t").put(Array("k".utf8), Array("never synced".utf8)) }
        }
        let file = try FaultInjectingFile(path: path)
        let opener = try Store(file: file, options: StorageOptions(), sharingThroughLockFileOf: path)
        XCTAssertGreaterThan(file.completedSyncs, 0, "a writer with durability none leaves nothing the open may trust")
        XCTAssertEqual(try value(opener, "k"), Array("never synced".utf8))
    }

    func testOpenAfterADurableCommitWithoutSealingSyncs() throws {
        // A commit in `.full` mode is durable, but its meta page lists its pages (it is not the
        // sealed twin a close writes): the open seals it, which syncs.
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let path = directory + "/store.fief"
        do { _ = try Store(path: path) }
        let writerFile = try FaultInjectingFile(path: path)
        let writer = try Store(file: writerFile, options: StorageOptions(), sharingThroughLockFileOf: path)
        // (The first commit after an open syncs before its meta page, which then lists nothing;
        // the second is an ordinary one.)
        try writer.write { txn in try txn.createTree("t").put(Array("k".utf8), Array("first".utf8)) }
        try writer.write { txn in try txn.tree("t")!.put(Array("k".utf8), Array("durable".utf8)) }

        let file = try FaultInjectingFile(path: path)
        let opener = try Store(file: file, options: StorageOptions(), sharingThroughLockFileOf: path)
        XCTAssertGreaterThan(file.completedSyncs, 0)
        XCTAssertEqual(try value(opener, "k"), Array("durable".utf8))
        withExtendedLifetime(writer) {}
    }
}
