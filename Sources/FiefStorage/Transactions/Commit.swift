/// Committing a write transaction (FORMAT.md, "Commit protocol").
extension Transaction {
    /// Makes the transaction's changes the newest version and ends it.
    ///
    /// With ``Durability/full`` the changes are on stable storage when this returns. If the
    /// commit fails (a full disk, a version cap), nothing of it is visible and the store stays
    /// at the previous version.
    public func commit() throws {
        try checkOpen()
        guard isWritable else {
            finish()
            return
        }
        defer { finish() }
        // Whatever happens now, this id is spent: pages sealed with it may reach the file. If
        // this attempt fails, the next meta page must keep its recovery window clear of them.
        env.nextTxnID = txnID + 1
        do {
            let (meta, map) = try writeCommit()
            env.allocator = allocator
            env.publish(Snapshot(meta: meta, map: map, pageLimit: min(meta.pageCount, env.fileBytes / UInt64(env.physicalPageSize))),
                        metaWritten: true)
        } catch {
            let id = txnID
            env.coordinator.update { $0.highestSkippedID = max($0.highestSkippedID, id) }
            throw error
        }
    }

    /// Steps 1 to 4 of the commit protocol: the version cap, the catalog, the free space, and
    /// the transaction's pages, written but not synced. Returns the new version's meta page
    /// (without its unsynced list), the map to read it through, and the ranges written.
    func writePages() throws -> (meta: MetaPage, map: PageMap, written: [PageRange]) {
        let previous = snapshot.meta
        let id = txnID
        let oldest = env.oldestPinnedVersion ?? id
        let active = id - min(oldest, id) + 1
        guard active <= env.options.maximumActiveVersions else {
            throw StorageError.tooManyActiveVersions(active: active, maximum: env.options.maximumActiveVersions)
        }
        relocateTail()
        try saveTreeDescriptors()
        let freeListPage = try writeFreeSpace(previousRoot: previous.freeListPage)
        // The map must cover every page this commit writes (not the page count, which only
        // bounds them and may exceed the file after a recovery). Runs never overlap, so the
        // highest-numbered dirty page ends last.
        let numbers = dirty.sortedPages()
        let writtenEnd = numbers.last.map { $0 + UInt64(dirty[$0]!.pages) } ?? 0
        let map = try currentMap(pageCount: max(env.fileBytes / UInt64(env.physicalPageSize), writtenEnd))
        let written = try writeDirtyPages(numbers)
        // The meta page records the file's (physical) page size.
        let meta = MetaPage(txnID: id, pageSize: env.physicalPageSize, pageCount: allocator.pageCount, catalog: catalog.root,
                            freeListPage: freeListPage, syncedThrough: 0, unsyncedRanges: [])
        return (meta, map, written)
    }

    private func writeCommit() throws -> (MetaPage, PageMap) {
        var (meta, map, written) = try writePages()
        let id = txnID
        // Steps 5 to 9 need the sync role: no group sync may write a meta page or sync meanwhile.
        try env.coordinator.acquireRole()
        defer { env.coordinator.releaseRole() }
        var state = env.coordinator.state
        state.recordWritten(written, by: id)
        state.newestTxnID = id
        let durability = env.options.durability
        var ranges = state.unsyncedRanges
        if durability == .none {
            ranges = []
            state.markSynced(through: id)
        } else if state.needsWindowRestart || ranges.count > env.metaRangeCapacity {
            // Make this commit's pages (and the newest meta page) durable before the meta page,
            // so it lists nothing: when the list would not fit, or when stale pages with ids in
            // the window might be in the file.
            try sync()
            state.markLatestMetaDurable()
            state.markSynced(through: id)
            ranges = []
        }
        meta.syncedThrough = state.syncedThrough
        meta.unsyncedRanges = ranges
        let slot = 1 - state.durableSlot
        try writeMeta(meta, slot: slot)
        state.recordMeta(meta, slot: slot)
        var syncNow = durability == .full
        if case let .relaxed(interval) = durability {
            // Sync when the interval has passed, or when so many pages wait for a sync (they
            // cannot be reused before it) that the file would balloon at high commit rates.
            let waiting = ranges.reduce(0) { $0 + Int($1.count) }
            syncNow = monotonicSeconds() - env.lastSync >= interval || waiting >= max(1024, Int(allocator.pageCount / 4))
        }
        if syncNow || durability == .none {
            if syncNow {
                env.coordinator.update { [state] in $0 = state }
                try sync()
            }
            state.markLatestMetaDurable()
            state.markSynced(through: id)
        }
        env.coordinator.update { [state] in $0 = state }
        try shrinkFileIfPossible()
        return (meta, map)
    }

    private func sync() throws {
        do { try env.file.sync() } catch {
            let cause = asStorageError(error, env.file)
            env.markFailed(cause)
            throw cause
        }
        env.lastSync = monotonicSeconds()
    }

    /// Writes changed tree roots and counts into the catalog tree.
    private func saveTreeDescriptors() throws {
        var descriptor = [UInt8](repeating: 0, count: TreeState.descriptorSize)
        for i in trees.indices where trees[i].changed {
            let name = Array(trees[i].name.utf8)
            if trees[i].dropped {
                _ = try name.withUnsafeBytes { try delete(&catalog, key: $0) }
                continue
            }
            descriptor.withUnsafeMutableBytes { trees[i].encode(into: $0.baseAddress!) }
            try name.withUnsafeBytes { key in
                try descriptor.withUnsafeBytes { try put(&catalog, tree: -1, key: key, value: $0) }
            }
        }
    }

    /// Writes this commit's free space (FORMAT.md, "Free space"): the chunk of pages it freed,
    /// linked to the previous chunk, and a new root with the reusable extents. The previous root
    /// is freed by this commit.
    private func writeFreeSpace(previousRoot: UInt64) throws -> UInt64 {
        if previousRoot != 0 {
            let root = try mapped.run(previousRoot, type: .freeList)
            freePage(previousRoot, count: PageCheck.runPages(dataLength: root.data.count, pageSize: pageSize))
        }
        _ = allocator.trimTail()
        var newest = allocator.newestChunk
        if let group = allocator.group(ofTxn: txnID), !group.pages.isEmpty {
            let first = writeRun(.freedPages, dataLength: FreeSpaceRun.chunkSize(pages: group.pages.count)) { data in
                FreeSpaceRun.encodeChunk(txnID: txnID, previous: newest, pages: group.pages, into: data)
            }
            allocator.recordChunk(first.page, pages: first.pages, forTxn: txnID)
            newest = (first.page, txnID)
        }
        // Allocating the root's own pages can split one extent, hence the spare one.
        let rootSize = FreeSpaceRun.rootSize(extents: allocator.reusableExtentCount + 1)
        return writeRun(.freeList, dataLength: rootSize) { data in
            FreeSpaceRun.encodeRoot(allocator, newestChunk: newest, into: data)
        }.page
    }

    /// Allocates a zeroed run for `dataLength` bytes, lets `encode` fill its data, and records
    /// it as dirty. The run's stored length fills it, so its size follows from its header.
    private func writeRun(_ type: PageType, dataLength: Int,
                          encode: (UnsafeMutableRawPointer) -> Void) -> (page: UInt64, pages: Int) {
        let pages = PageCheck.runPages(dataLength: dataLength, pageSize: pageSize)
        let first = allocator.allocate(pages)
        let run = DirtyPage(pageSize: pageSize, pages: pages)
        run.pointer.initializeMemory(as: UInt8.self, repeating: 0, count: pages * pageSize)
        run.pointer.setU8(Layout.typeOffset, type.rawValue)
        run.pointer.setU64(Layout.runLengthOffset, UInt64(pages * pageSize - Layout.runHeaderSize))
        encode(run.pointer + Layout.runHeaderSize)
        dirty.insert(first, run)
        return (first, pages)
    }

    /// Seals every dirty page (`numbers`, ascending) with this transaction's id and checksum and
    /// writes them in page order; returns the ranges written.
    private func writeDirtyPages(_ numbers: [UInt64]) throws -> [PageRange] {
        let id = txnID
        var ranges: [PageRange] = []
        let map = env.latestSnapshot.map
        for number in numbers {
            let page = dirty[number]!
            page.pointer.setU64(Layout.txnOffset, id)
            PageChecksum.seal(page.pointer, length: page.pages * pageSize, pageNumber: number)
            map.markWritten(number, pages: page.pages, isRun: PageType.startsRun(page.pointer.u8(Layout.typeOffset)))
            if let last = ranges.last, last.end == number, UInt64(last.count) + UInt64(page.pages) <= UInt64(UInt32.max) {
                ranges[ranges.count - 1].count += UInt32(page.pages)
            } else {
                ranges.append(PageRange(first: number, count: UInt32(page.pages)))
            }
        }
        if let encryption = env.encryption {
            try writeEncrypted(numbers, encryption)
            return ranges
        }
        var next = 0
        var chunks: [UnsafeRawBufferPointer] = []
        for range in ranges {
            chunks.removeAll(keepingCapacity: true)
            var page = range.first
            while page < range.end {
                let dirtyPage = dirty[numbers[next]]!
                chunks.append(UnsafeRawBufferPointer(start: dirtyPage.pointer, count: dirtyPage.pages * pageSize))
                page += UInt64(dirtyPage.pages)
                next += 1
            }
            do { try env.file.write(chunks: chunks, at: range.first * UInt64(pageSize)) } catch {
                throw asStorageError(error, env.file)
            }
            env.fileBytes = max(env.fileBytes, range.end * UInt64(pageSize))
        }
        return ranges
    }

    /// Encrypts each sealed page or run (FORMAT.md, "Encryption") and writes it. The shared
    /// cache forgets the page numbers first: their old content is no longer reachable.
    private func writeEncrypted(_ numbers: [UInt64], _ encryption: EncryptionContext) throws {
        let physical = encryption.physicalPageSize
        let largest = numbers.reduce(1) { max($0, dirty[$1]!.pages) }
        let output = UnsafeMutableRawPointer.allocate(byteCount: largest * physical, alignment: 4096)
        defer { output.deallocate() }
        for number in numbers {
            let page = dirty[number]!
            encryption.cache.invalidate(number, pages: page.pages)
            encryption.encrypt(page.pointer, first: number, pages: page.pages, txn: txnID, into: output)
            let end = number + UInt64(page.pages)
            do { try env.file.write(UnsafeRawBufferPointer(start: output, count: page.pages * physical), at: number * UInt64(physical)) } catch {
                throw asStorageError(error, env.file)
            }
            env.fileBytes = max(env.fileBytes, end * UInt64(physical))
        }
    }

    private func writeMeta(_ meta: MetaPage, slot: Int) throws {
        do { try env.writeMetaPage(meta, slot: slot) } catch {
            // A partial meta write may have damaged the slot's previous content: only a reopen,
            // which re-reads both slots, can say which version survives.
            let cause = asStorageError(error, env.file)
            env.markFailed(cause)
            throw cause
        }
    }

    /// The most one commit cuts from the file. Truncating costs about in proportion to what it
    /// frees (some 100 ms for 128 MiB on ext4), so a long free tail goes over several commits.
    static let maximumTruncationBytes: UInt64 = 16 << 20

    /// Gives free pages at the end of the file back to the file system, but never cuts the file
    /// shorter than either meta page's version needs: recovery may fall back to the other one.
    func shrinkFileIfPossible() throws {
        let slots = env.coordinator.state.slotPageCount
        let physical = UInt64(env.physicalPageSize)
        let needed = max(allocator.pageCount, slots[0], slots[1]) * physical
        guard needed < env.fileBytes else { return }
        // A whole number of pages, at most `maximumTruncationBytes` (a multiple of every page
        // size) below the current length, and never below what is needed.
        let floor = env.fileBytes > Self.maximumTruncationBytes ? env.fileBytes - Self.maximumTruncationBytes : 0
        let end = max(needed, (floor + physical - 1) / physical * physical)
        guard end < env.fileBytes else { return }
        do { try env.file.truncate(to: end) } catch { return } // keeping the tail is harmless
        env.fileBytes = end
    }

    /// The map for the new version: the current one, or a larger one when the file outgrew it.
    private func currentMap(pageCount: UInt64) throws -> PageMap {
        let map = env.latestSnapshot.map
        if pageCount <= map.capacityPages { return map }
        return try Environment.makeMap(env.file, pageSize: env.physicalPageSize, pages: pageCount, readAround: env.readAround)
    }
}

/// Helpers for sorted, coalesced lists of page ranges.
enum PageRangeList {
    /// Adds `ranges` to `list`, merging ranges that touch.
    static func merge(_ ranges: [PageRange], into list: inout [PageRange]) {
        guard !ranges.isEmpty else { return }
        var all = list + ranges
        all.sort { $0.first < $1.first }
        var merged: [PageRange] = []
        for range in all {
            if let last = merged.last, range.first <= last.end {
                let end = max(last.end, range.end)
                merged[merged.count - 1].count = UInt32(end - last.first)
            } else {
                merged.append(range)
            }
        }
        list = merged
    }
}
