/// Chooses the version to open from the two meta pages (FORMAT.md, "Opening and recovery").
///
/// The newest meta with a valid checksum wins, provided every page it lists as written since
/// the last durable version carries a valid checksum and a transaction id in the unsynced
/// window; otherwise the other meta, which was durable when the newer one was written, is used.
enum Recovery {
    struct Choice {
        var meta: MetaPage
        var slot: Int
        /// Whether a newer valid meta was rejected because its pages were not all written.
        var rejectedNewer: Bool
        /// The highest transaction id of any meta page with a valid checksum.
        var highestTxnSeen: UInt64
    }

    static func chooseMeta(file: StorageFile) throws(StorageError) -> Choice {
        let fileSize: UInt64
        do { fileSize = try file.size() } catch { throw asStorageError(error, file) }
        var candidates: [(meta: MetaPage, slot: Int)] = []
        var versionProblem: UInt32?
        var reasons: [String] = []

        let first = try readPage(file, offset: 0, length: Layout.maximumPageSize)
        var sizesToTry: [Int] = []
        if let size = first.withUnsafeBytes({ MetaPage.claimedPageSize($0) }) { sizesToTry = [size] }
        // Slot 0 may be torn; slot 1 sits one page in, so try every legal page size for it.
        var size = Layout.minimumPageSize
        while size <= Layout.maximumPageSize {
            if !sizesToTry.contains(size) { sizesToTry.append(size) }
            size *= 2
        }

        switch first.withUnsafeBytes({ MetaPage.decode($0, pageNumber: 0) }) {
        case let .success(meta): candidates.append((meta, 0))
        case let .failure(.unsupportedVersion(v)): versionProblem = v
        case let .failure(.notMeta(reason)): reasons.append("meta page 0: \(reason)")
        }
        for pageSize in sizesToTry where candidates.first.map({ $0.meta.pageSize == pageSize }) ?? true {
            let bytes = try readPage(file, offset: UInt64(pageSize), length: pageSize)
            switch bytes.withUnsafeBytes({ MetaPage.decode($0, pageNumber: 1) }) {
            case let .success(meta) where meta.pageSize == pageSize:
                candidates.append((meta, 1))
            case let .failure(.unsupportedVersion(v)): versionProblem = v
            case let .failure(.notMeta(reason)) where candidates.first?.meta.pageSize == pageSize:
                reasons.append("meta page 1: \(reason)")
            default: break
            }
            if candidates.contains(where: { $0.slot == 1 }) { break }
        }
        // A valid meta of another format version means a newer writer used this file: never
        // open it with an older meta, which would roll that writer's commits back.
        if let version = versionProblem {
            throw .unsupportedFormatVersion(found: version, supported: Layout.formatVersion)
        }
        // Newest first; of two metas for the same version, the sealed one (no unsynced pages).
        candidates.sort {
            ($0.meta.txnID, $0.meta.unsyncedRanges.isEmpty ? 1 : 0) > ($1.meta.txnID, $1.meta.unsyncedRanges.isEmpty ? 1 : 0)
        }
        for (rank, candidate) in candidates.enumerated() {
            // The file is never cut shorter than a meta page's page count (commit protocol), so
            // a version with more pages than the file was not completely written, or is forged.
            guard candidate.meta.pageCount <= fileSize / UInt64(candidate.meta.pageSize) else {
                reasons.append("version \(candidate.meta.txnID) needs \(candidate.meta.pageCount) pages, the file has fewer")
                continue
            }
            if candidate.meta.unsyncedRanges.isEmpty || unsyncedPagesAreIntact(candidate.meta, file: file) {
                let rejectedNewer = candidates[..<rank].contains { $0.meta.txnID > candidate.meta.txnID }
                return Choice(meta: candidate.meta, slot: candidate.slot, rejectedNewer: rejectedNewer,
                              highestTxnSeen: candidates[0].meta.txnID)
            }
            reasons.append("version \(candidate.meta.txnID) was not completely written")
        }
        let why = fileSize == 0 ? "the file is empty" : (reasons.isEmpty ? "no valid meta page" : reasons.joined(separator: "; "))
        throw .corruptFile(path: file.path, reason: why)
    }

    /// Whether every page written since the meta's durable version made it to the file.
    static func unsyncedPagesAreIntact(_ meta: MetaPage, file: StorageFile) -> Bool {
        let pageSize = meta.pageSize
        for range in meta.unsyncedRanges {
            var page = range.first
            while page < range.end {
                // A page may start a run (overflow value or free list) covering several pages.
                guard let header = try? readPage(file, offset: page * UInt64(pageSize), length: pageSize),
                      header.count == pageSize else { return false }
                var length = pageSize
                if PageType.startsRun(header[Layout.typeOffset]) {
                    let dataLength = header.withUnsafeBytes { Int(clamping: $0.baseAddress!.u64(Layout.runLengthOffset)) }
                    guard dataLength <= Int(range.end - page) * pageSize else { return false }
                    length = PageCheck.runPages(dataLength: dataLength, pageSize: pageSize) * pageSize
                    guard page + UInt64(length / pageSize) <= range.end else { return false }
                }
                let buffer = length == pageSize ? header : ((try? readPage(file, offset: page * UInt64(pageSize), length: length)) ?? [])
                guard buffer.count == length else { return false }
                let ok = buffer.withUnsafeBytes { bytes -> Bool in
                    let txn = bytes.baseAddress!.u64(Layout.txnOffset)
                    return txn > meta.syncedThrough && txn <= meta.txnID
                        && PageChecksum.isValid(bytes.baseAddress!, length: length, pageNumber: page)
                }
                guard ok else { return false }
                page += UInt64(length / pageSize)
            }
        }
        return true
    }

    private static func readPage(_ file: StorageFile, offset: UInt64, length: Int) throws(StorageError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: length)
        let n: Int
        do { n = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: offset) } } catch {
            throw asStorageError(error, file)
        }
        bytes.removeLast(length - n)
        return bytes
    }
}

/// Maps any error thrown by a `StorageFile` to a `StorageError`.
func asStorageError(_ error: any Error, _ file: StorageFile) -> StorageError {
    (error as? StorageError) ?? .io(operation: "\(error)", path: file.path, errno: 0)
}
