import FiefStorage
import Foundation

extension Demo {
    /// Step: reopens the closed file, checks its contents, verifies it and prints its statistics.
    ///
    /// Returns the statistics, which the damage step needs.
    func reopenAndVerify() throws -> StoreInfo {
        section("Reopen the file and verify every page")
        let (store, duration) = try timed { try Store(path: path) }
        let expected = Demo.entryCount - 10_000 + 1_000
        let (count, sample) = try store.read { txn in
            (try txn.tree(Demo.itemsTree)?.count, try txn.tree(Demo.itemsTree)?.get(Demo.key(777)))
        }
        try expect(count == expected && sample == Demo.value(777), "after reopening the tree holds \(count ?? 0) entries")
        say("reopened at version \(store.latestVersion): '\(Demo.itemsTree)' holds \(Formatting.count(expected)) entries  \(took(duration))")
        let (report, checked) = try timed { try store.verify() }
        say("fief verify: " + VerifyCommand.describe(report, path: Demo.fileNames[0], took: checked))
        try expect(report.isValid, "verify found problems in a healthy store:\n\(report)")

        section("Statistics (what 'fief info' prints)")
        let info = try store.info()
        for line in InfoReport(path: Demo.fileNames[0], info: info).text.split(separator: "\n") {
            say(String(line))
        }
        return info
    }

    /// Step: flips one bit of a leaf page in a copy, then shows what verify and a reader say.
    func damage(pageSize: Int, version: UInt64) throws {
        section("Damage: flip one bit in a copy of the file")
        try FileManager.default.copyItem(atPath: path, toPath: damagedPath)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: damagedPath))
        guard let page = Demo.newestLeaf(in: bytes, pageSize: pageSize, version: version) else {
            throw CommandFailure("demo step damage: no leaf page written by version \(version) found")
        }
        let offset = Int(page) * pageSize + pageSize - 1
        bytes[offset] ^= 0x04
        try bytes.write(to: URL(fileURLWithPath: damagedPath))
        say("copied \(Demo.fileNames[0]) to \(Demo.fileNames[1]) and flipped one bit of byte "
            + "\(Formatting.count(offset)): the last byte of page \(page), a leaf of '\(Demo.itemsTree)'")

        var options = StorageOptions()
        options.readOnly = true
        let damaged = try Store(path: damagedPath, options: options)
        let report = try damaged.verify()
        say("fief verify \(Demo.fileNames[1]), which exits with status 1:")
        for line in VerifyCommand.describe(report, path: Demo.fileNames[1], took: .zero).split(separator: "\n") {
            say("  " + line)
        }
        try expect(report.problems.contains { $0.page == page }, "verify did not name page \(page):\n\(report)")

        var failure: StorageError?
        do {
            try damaged.read { txn in try txn.tree(Demo.itemsTree)!.forEach { _, _ in true } }
        } catch let error as StorageError {
            failure = error
        }
        try expect(failure != nil, "reading every entry of the damaged copy succeeded")
        say("reading every entry of the copy stops with an error, never wrong data:")
        say("  \(failure!)")
    }

    /// The leaf page written by `version` that holds the most entries: a page of the items tree
    /// that the newest version certainly uses (FORMAT.md: type at byte 4, entry count at byte 6,
    /// writing transaction at byte 8 of every page).
    static func newestLeaf(in file: Data, pageSize: Int, version: UInt64) -> UInt64? {
        let leafType: UInt8 = 3
        var best: (page: UInt64, count: Int)?
        file.withUnsafeBytes { raw in
            for page in 2..<(raw.count / pageSize) {
                let base = page * pageSize
                guard raw[base + 4] == leafType,
                      raw.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self).littleEndian == version else { continue }
                let count = Int(raw.loadUnaligned(fromByteOffset: base + 6, as: UInt16.self).littleEndian)
                if count > best?.count ?? 0 { best = (UInt64(page), count) }
            }
        }
        return best?.page
    }
}
