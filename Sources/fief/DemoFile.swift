import FiefStorage
import Foundation

extension Demo {
    /// Step: opens the closed realm file with the storage layer, lists the trees the object
    /// store keeps in it (FORMAT.md, part II) and verifies every page.
    ///
    /// Returns the file's statistics, which the damage step needs.
    func lookInside() throws -> StoreInfo {
        section("Inside the file: the trees of the storage layer (FORMAT.md, part II)")
        let store = try StoreAccess.openReadOnly(path)
        let trees = try store.read { txn in
            try txn.treeNames().map { name in (name, try txn.tree(name)?.count ?? 0) }
        }
        let width = trees.map(\.0.count).max() ?? 0
        for (name, count) in trees {
            let padded = name.padding(toLength: width, withPad: " ", startingAt: 0)
            say("\(padded)  \(Formatting.count(count)) \(count == 1 ? "entry" : "entries")  \(Demo.explain(tree: name))")
        }
        let meta = try store.read { txn -> [String: UInt64] in
            var values: [String: UInt64] = [:]
            try txn.tree("fief.meta")?.forEach { key, value in
                if value.count == 8 { values[String(decoding: key, as: UTF8.self)] = value.loadUnaligned(as: UInt64.self).littleEndian }
                return true
            }
            return values
        }
        say("fief.meta: schemaVersion \(meta["schemaVersion"] ?? 0), next object keys: Dog \(meta["seq.Dog"] ?? 0), "
            + "Person \(meta["seq.Person"] ?? 0) (Settings uses its Int primary key)")
        try expect(meta["schemaVersion"] == 1 && meta["seq.Dog"] == 4, "fief.meta holds \(meta)")

        let personColumns = try store.read { txn -> [Int] in
            var columns: [Int] = []
            try txn.tree("c.Person")?.forEach { key, _ in
                if key.count == 10 { columns.append(Int(key[8]) << 8 | Int(key[9])) }
                return true
            }
            return columns
        }
        say("c.Person holds chunks for columns \(personColumns.map(String.init).joined(separator: ", ")) "
            + "(keys, age, name, dogs): the migration deleted firstName's and lastName's (1 and 2)")
        try expect(personColumns == [0, 3, 4, 5], "c.Person has chunks for columns \(personColumns)")

        let (report, duration) = try timed { try store.verify() }
        say("fief verify: " + VerifyCommand.describe(report, path: Demo.fileNames[0], took: duration))
        try expect(report.isValid, "verify found problems in a healthy file:\n\(report)")
        return try store.info()
    }

    /// What the object store keeps in the tree `name`.
    static func explain(tree name: String) -> String {
        if name == "fief.meta" { return "the schema, the schema version and the object key sequences" }
        if name.hasPrefix("c.") { return "class \(name.dropFirst(2)): column chunks of its clusters" }
        if name.hasPrefix("i.") { return "an index" }
        return ""
    }

    /// Runs `body` and returns its result with the time it took.
    func timed<R>(_ body: () throws -> R) rethrows -> (R, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        return (result, clock.now - start)
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
            + "\(Formatting.count(offset)): the last byte of page \(page), a leaf page")

        let damaged = try StoreAccess.openReadOnly(damagedPath)
        let report = try damaged.verify()
        say("fief verify \(Demo.fileNames[1]), which exits with status 1:")
        for line in VerifyCommand.describe(report, path: Demo.fileNames[1], took: .zero).split(separator: "\n") {
            say("  " + line)
        }
        try expect(report.problems.contains { $0.page == page }, "verify did not name page \(page):\n\(report)")

        var failure: StorageError?
        do {
            try damaged.read { txn in
                for name in try txn.treeNames() { try txn.tree(name)?.forEach { _, _ in true } }
            }
        } catch let error as StorageError {
            failure = error
        }
        try expect(failure != nil, "reading every entry of the damaged copy succeeded")
        say("reading every entry of the copy stops with an error, never wrong data:")
        say("  \(failure!)")
    }

    /// The leaf page written by `version` that holds the most entries: a page that the newest
    /// version certainly uses (FORMAT.md: type at byte 4, entry count at byte 6, writing
    /// transaction at byte 8 of every page).
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
