import FiefStorage

extension Demo {
    /// Step: a large compressible value and a large random one, with the pages each takes.
    func largeValues(_ store: Store) throws {
        section("Large values: overflow pages and LZ4")
        let line = Array("Fief keeps values too large for a page in overflow pages, LZ4-compressed when that helps.\n".utf8)
        var text: [UInt8] = []
        while text.count < 1 << 20 { text += line }
        text.removeLast(text.count - (1 << 20))
        var random = DemoRandom(seed: 7)
        let noise = (0..<(256 << 10)).map { _ in UInt8.random(in: 0...255, using: &random) }

        for (name, value, note) in [("readme.txt", text, "repetitive text"), ("noise.bin", noise, "random bytes")] {
            let before = try usedPages(store)
            let (_, duration) = try timed {
                try store.write { txn in try txn.createTree(Demo.blobsTree).put(Array(name.utf8), value) }
            }
            let pages = try usedPages(store) - before
            let stored = pages * store.pageSize
            let readBack = try store.read { try $0.tree(Demo.blobsTree)?.get(Array(name.utf8)) }
            try expect(readBack == value, "\(name) did not read back as written")
            say("\(name), \(Formatting.bytes(value.count)) of \(note): about \(Formatting.count(pages)) more pages "
                + "(\(Formatting.bytes(stored))), read back intact  \(took(duration))")
            if value == text {
                try expect(stored * 4 < value.count, "LZ4 did not shrink \(name): it takes \(pages) pages")
                say("   LZ4 stored it in about 1/\(value.count / max(stored, 1)) of its size")
            } else {
                try expect(stored >= value.count, "\(name) takes only \(pages) pages; random bytes should not compress")
                say("   random bytes do not compress, so they are stored as they are")
            }
        }
    }

    /// Pages of the newest version that are not free.
    private func usedPages(_ store: Store) throws -> Int {
        let info = try store.info()
        return Int(info.pageCount) - Int(info.freePages)
    }

    /// Step: a read transaction keeps its snapshot while a write transaction commits.
    func snapshotIsolation(_ store: Store) throws {
        section("Snapshots: a reader keeps its version while a writer commits")
        let reader = try store.beginRead()
        defer { reader.abort() }
        let seen = try reader.tree(Demo.itemsTree)!.count
        say("a reader begins on version \(reader.version) and sees \(Formatting.count(seen)) entries")

        let added = 1_000
        let first = Demo.entryCount
        let (_, duration) = try timed {
            try store.write { txn in
                let items = try txn.tree(Demo.itemsTree)!
                for i in first..<first + added { try items.put(Demo.key(i), Demo.value(i)) }
            }
        }
        say("meanwhile a writer adds \(Demo.text(Demo.key(first))) ... \(Demo.text(Demo.key(first + added - 1))) "
            + "and commits version \(store.latestVersion), without waiting for the reader  \(took(duration))")

        let items = try reader.tree(Demo.itemsTree)!
        let still = items.count
        let sees = try items.contains(Demo.key(first))
        try expect(still == seen && !sees, "the reader's snapshot changed: \(still) entries")
        say("the reader still sees \(Formatting.count(still)) entries and no \(Demo.text(Demo.key(first))): "
            + "its snapshot is unchanged")
        let fresh = try store.read { try $0.tree(Demo.itemsTree)!.count }
        try expect(fresh == seen + added, "a new reader sees \(fresh) entries")
        say("a reader beginning now sees version \(store.latestVersion): \(Formatting.count(fresh)) entries")
    }
}
