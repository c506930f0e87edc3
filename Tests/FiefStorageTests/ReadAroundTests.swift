import XCTest
@testable import FiefStorage
#if canImport(Glibc)
import Glibc
#endif

/// The map's read-around policy: a cold store read at one key brings a few pages into the page
/// cache, not the device's read-ahead window around each fault; a scan announced with
/// `expectScan()` lets faults read around again. Residency is measured with `mincore` on a
/// separate map of the file (the page cache is per file, not per map).
final class ReadAroundTests: XCTestCase {
    private let valueSize = 3000

    func testPointReadOfAColdStoreReadsFewPagesAndAScanReadsAround() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/cold.fief"
        let count = 8000 // about 24 MiB of values: a page each
        do {
            let store = try Store(path: path)
            try store.write { txn in
                let t = try txn.createTree("t")
                for i in 0..<count { try t.put(key(i), value(i)) }
            }
        }
        try dropFromPageCache(path)
        let before = try residentPages(path)
        guard before.resident < 16 else {
            throw XCTSkip("the file system keeps the file in memory (\(before.resident) of \(before.total) pages resident after dropping it)")
        }

        let store = try Store(path: path)
        try store.read { txn in
            XCTAssertEqual(try txn.tree("t")!.get(key(count / 2)), value(count / 2))
        }
        let afterPointRead = try residentPages(path)
        // The meta pages, the catalog, a root-to-leaf path and the value's page (20 pages on the
        // machine this was written on): with read-around, each of those faults would read up to
        // the device's read-ahead size (commonly 128 KiB, 32 pages; 8 MiB on some virtual disks).
        XCTAssertLessThan(afterPointRead.resident, 32, "a point read of a cold store read \(afterPointRead.resident) pages")

        try store.read { txn in
            txn.expectScan()
            var seen = 0
            try txn.tree("t")!.forEach { k, v in
                if seen % 1000 == 0 { XCTAssertEqual(Array(v), value(seen)) }
                XCTAssertEqual(Array(k), key(seen))
                seen += 1
                return true
            }
            XCTAssertEqual(seen, count)
        }
        let afterScan = try residentPages(path)
        XCTAssertGreaterThan(afterScan.resident, count, "a scan reads every value page")
    }

    func testExpectScanChangesNoResults() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let store = try Store(path: dir + "/a.fief")
        try store.write { txn in
            let t = try txn.createTree("t")
            for i in 0..<500 { try t.put(key(i), value(i)) }
        }
        for _ in 0..<2 {
            try store.read { txn in
                txn.expectScan()
                XCTAssertEqual(try txn.tree("t")!.get(key(7)), value(7))
                XCTAssertEqual(try txn.tree("t")!.count, 500)
            }
        }
        // Maps made after the switch (a file that outgrows its map) keep reading correctly.
        try store.write { txn in
            let t = try txn.tree("t")!
            for i in 500..<8000 { try t.put(key(i), value(i)) }
        }
        try store.read { txn in
            let t = try txn.tree("t")!
            XCTAssertEqual(t.count, 8000)
            XCTAssertEqual(try t.get(key(7999)), value(7999))
        }
    }

    /// `Tree.prefetchValues(withPrefix:)` starts reading the overflow runs of every entry with
    /// the prefix in its leaf, and of no other entry, before any of them is read.
    func testPrefetchValuesStartsReadingTheValuesOfAPrefix() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/prefetch.fief"
        let records = ["r1/", "r2/"]
        let fields = ["a", "b", "c", "d"]
        do {
            let store = try Store(path: path)
            try store.write { txn in
                let t = try txn.createTree("t")
                for (r, record) in records.enumerated() {
                    for (f, field) in fields.enumerated() { try t.put(Array((record + field).utf8), value(r * 10 + f), compressible: false) }
                }
            }
        }
        try dropFromPageCache(path)
        let dropped = try residentPages(path)
        guard dropped.resident < 16 else {
            throw XCTSkip("the file system keeps the file in memory (\(dropped.resident) of \(dropped.total) pages resident after dropping it)")
        }

        let store = try Store(path: path)
        var second: [Int] = []
        try store.read { txn in
            let tree = try XCTUnwrap(txn.tree("t"))
            // Where each value's run is (this descends to the leaf, and reads no value).
            func runPage(_ key: String) throws -> Int {
                let found = try Array(key.utf8).withUnsafeBytes { try TreeSearch.find(txn.mapped, txn.trees[tree.index].root, $0) }
                let (leaf, index) = try XCTUnwrap(found)
                XCTAssertEqual(leaf.valueKind(index), .overflow, key)
                return Int(leaf.overflowReference(index).page)
            }
            let first = try fields.map { try runPage("r1/" + $0) }
            second = try fields.map { try runPage("r2/" + $0) }
            XCTAssertEqual(try residentPages(path, only: first + second).resident, 0, "no value read yet")

            try Array("r1/".utf8).withUnsafeBytes { try tree.prefetchValues(withPrefix: $0) }
            // The reads were started, not waited for: give them up to five seconds.
            var resident = 0
            for _ in 0..<500 where resident < first.count {
                resident = try residentPages(path, only: first).resident
                if resident < first.count { usleep(10_000) }
            }
            XCTAssertEqual(resident, first.count, "every value of r1/ is read")
            XCTAssertEqual(try residentPages(path, only: second).resident, 0, "no value of r2/ is read")
            for (f, field) in fields.enumerated() { XCTAssertEqual(try tree.get(Array(("r1/" + field).utf8)), value(f)) }
        }
        // A write transaction does not prefetch.
        try store.write { txn in
            try Array("r2/".utf8).withUnsafeBytes { try txn.tree("t")!.prefetchValues(withPrefix: $0) }
        }
        usleep(100_000)
        XCTAssertEqual(try residentPages(path, only: second).resident, 0, "no value of r2/ is read")
    }

    private func value(_ i: Int) -> [UInt8] {
        (0..<valueSize).map { UInt8(truncatingIfNeeded: $0 &+ i) }
    }

    private func dropFromPageCache(_ path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ResidencyError("cannot open \(path): errno \(errno)") }
        defer { close(fd) }
        _ = fsync(fd)
        _ = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_DONTNEED))
    }

    /// Pages of the file in the page cache (of the store pages `only`, when given), and the
    /// file's pages.
    private func residentPages(_ path: String, only: [Int]? = nil) throws -> (resident: Int, total: Int) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ResidencyError("cannot open \(path): errno \(errno)") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return (0, 0) }
        let length = Int(info.st_size)
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let map = mmap(nil, length, PROT_READ, MAP_SHARED, fd, 0), map != MAP_FAILED else { throw ResidencyError("cannot map \(path): errno \(errno)") }
        defer { munmap(map, length) }
        let pages = (length + pageSize - 1) / pageSize
        var vector = [UInt8](repeating: 0, count: pages)
        guard mincore(map, length, &vector) == 0 else { throw ResidencyError("mincore failed: errno \(errno)") }
        if let only {
            // Store pages of 4 KiB: the system page holding each one's first byte.
            let resident = only.filter { vector[$0 * 4096 / pageSize] & 1 != 0 }.count
            return (resident, pages)
        }
        return (vector.reduce(0) { $0 + Int($1 & 1) }, pages)
    }
}

/// A system call the residency check needs failed: the test fails (it is not skipped).
private struct ResidencyError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
