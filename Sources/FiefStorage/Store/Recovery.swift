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
        /// For an encrypted file, the cipher its meta page's key check accepted.
        var cipher: PageCipher?
    }

    /// Chooses the version to open. `key` is the caller's 64-byte encryption key, if any: an
    /// encrypted file needs the right one, an unencrypted file none. With `acceptingDamage`
    /// (read-only salvage), the newest version whose meta page is intact is chosen when none
    /// passes the checks.
    static func chooseMeta(file: StorageFile, key: [UInt8]? = nil, acceptingDamage: Bool = false) throws(StorageError) -> Choice {
        let fileSize: UInt64
        do { fileSize = try file.size() } catch { throw asStorageError(error, file) }
        var candidates: [(meta: MetaPage, slot: Int, cipher: PageCipher?)] = []
        var versionProblem: UInt32?
        var keyProblem: MetaPage.DecodeFailure?
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

        switch first.withUnsafeBytes({ MetaPage.decode($0, pageNumber: 0, key: key) }) {
        case let .success(decoded): candidates.append((decoded.meta, 0, decoded.cipher))
        case let .failure(.unsupportedVersion(v)): versionProblem = v
        case let .failure(.notMeta(reason)): reasons.append("meta page 0: \(reason)")
        case let .failure(problem): keyProblem = problem
        }
        for pageSize in sizesToTry where candidates.first.map({ $0.meta.pageSize == pageSize }) ?? true {
            let bytes = try readPage(file, offset: UInt64(pageSize), length: pageSize)
            switch bytes.withUnsafeBytes({ MetaPage.decode($0, pageNumber: 1, key: key) }) {
            case let .success(decoded) where decoded.meta.pageSize == pageSize:
                candidates.append((decoded.meta, 1, decoded.cipher))
            case let .failure(.unsupportedVersion(v)): versionProblem = v
            case let .failure(.notMeta(reason)) where candidates.first?.meta.pageSize == pageSize:
                reasons.append("meta page 1: \(reason)")
            case .failure(.keyRequired), .failure(.wrongKey), .failure(.notEncrypted):
                if case let .failure(problem) = bytes.withUnsafeBytes({ MetaPage.decode($0, pageNumber: 1, key: key) }) {
                    keyProblem = keyProblem ?? problem
                }
            default: break
            }
            if candidates.contains(where: { $0.slot == 1 }) { break }
        }
        // A valid meta of another format version means a newer writer used this file: never
        // open it with an older meta, which would roll that writer's commits back.
        if let version = versionProblem {
            throw .unsupportedFormatVersion(found: version, supported: Layout.encryptedFormatVersion)
        }
        // A meta page whose checksum is valid but whose key check fails (or that needs a key, or
        // has none) says the key is wrong, not that the file is damaged.
        switch keyProblem {
        case .wrongKey?: throw .wrongEncryptionKey(path: file.path)
        case .keyRequired?: throw .encryptionKeyRequired(path: file.path)
        case .notEncrypted?: throw .notEncrypted(path: file.path)
        default: break
        }
        // Newest first; of two metas for the same version, the sealed one (no unsynced pages).
        candidates.sort {
            ($0.meta.txnID, $0.meta.unsyncedRanges.isEmpty ? 1 : 0) > ($1.meta.txnID, $1.meta.unsyncedRanges.isEmpty ? 1 : 0)
        }
        var problems: [(meta: MetaPage, problem: UnsyncedPageProblem)] = []
        for (rank, candidate) in candidates.enumerated() {
            // The file is never cut shorter than a meta page's page count (commit protocol), so
            // a version with more pages than the file was not completely written, or is forged.
            guard candidate.meta.pageCount <= fileSize / UInt64(candidate.meta.pageSize) else {
                reasons.append("version \(candidate.meta.txnID) needs \(candidate.meta.pageCount) pages, the file has fewer")
                continue
            }
            guard let problem = firstUnsyncedPageProblem(candidate.meta, file: file, cipher: candidate.cipher) else {
                let rejectedNewer = candidates[..<rank].contains { $0.meta.txnID > candidate.meta.txnID }
                return Choice(meta: candidate.meta, slot: candidate.slot, rejectedNewer: rejectedNewer,
                              highestTxnSeen: candidates[0].meta.txnID, cipher: candidate.cipher)
            }
            problems.append((candidate.meta, problem))
            reasons.append("version \(candidate.meta.txnID) was not completely written (\(problem))")
        }
        if acceptingDamage, let newest = candidates.first(where: { $0.meta.pageCount <= fileSize / UInt64($0.meta.pageSize) }) {
            return Choice(meta: newest.meta, slot: newest.slot, rejectedNewer: false, highestTxnSeen: candidates[0].meta.txnID, cipher: newest.cipher)
        }
        if let damaged = durableVersionDamage(problems) {
            throw .damagedVersion(path: file.path, version: damaged.meta.txnID, page: damaged.problem.page, reason: damaged.problem.reason)
        }
        let why = fileSize == 0 ? "the file is empty" : (reasons.isEmpty ? "no valid meta page" : reasons.joined(separator: "; "))
        throw .corruptFile(path: file.path, reason: why)
    }

    /// Why a page a meta page lists as written since its durable version cannot belong to that
    /// version: the page that failed and what was wrong with it.
    struct UnsyncedPageProblem: CustomStringConvertible {
        enum Kind {
            /// Missing, short, or (encrypted) failing authentication.
            case unreadable
            /// The page carries a transaction id in the version's window, but fails its checksum.
            case checksumMismatch
            /// The page was written by a transaction outside the version's window.
            case writtenBy(UInt64)
            /// A run claims more pages than the listed range holds.
            case runPastRange
        }
        let page: UInt64
        let kind: Kind

        var reason: String {
            switch kind {
            case .unreadable: "cannot be read or authenticated"
            case .checksumMismatch: "checksum mismatch"
            case .writtenBy(let txn): "written by transaction \(txn)"
            case .runPastRange: "a run longer than its range"
            }
        }

        var description: String { "page \(page): \(reason)" }
    }

    /// When the newest version fails only because one of its own pages is damaged, and every
    /// older candidate fails because transactions after the newest one rewrote its pages, the
    /// newest version was durable (pages of an older version are reused only once a newer one
    /// is synced), so its page was damaged after it was written, not torn by a crash.
    static func durableVersionDamage(_ problems: [(meta: MetaPage, problem: UnsyncedPageProblem)]) -> (meta: MetaPage, problem: UnsyncedPageProblem)? {
        guard let newest = problems.first else { return nil }
        switch newest.problem.kind {
        case .checksumMismatch, .unreadable: break
        default: return nil
        }
        for older in problems.dropFirst() {
            guard case .writtenBy(let txn) = older.problem.kind, txn > newest.meta.txnID else { return nil }
        }
        return problems.count > 1 ? newest : nil
    }

    /// The first page written since the meta's durable version that did not make it to the
    /// file intact, or nil when they all did.
    static func firstUnsyncedPageProblem(_ meta: MetaPage, file: StorageFile, cipher: PageCipher?) -> UnsyncedPageProblem? {
        if meta.unsyncedRanges.isEmpty { return nil }
        if let cipher { return encryptedUnsyncedPageProblem(meta, file: file, cipher: cipher) }
        let pageSize = meta.pageSize
        for range in meta.unsyncedRanges {
            var page = range.first
            while page < range.end {
                func problem(_ kind: UnsyncedPageProblem.Kind) -> UnsyncedPageProblem { UnsyncedPageProblem(page: page, kind: kind) }
                // A page may start a run (overflow value or free list) covering several pages.
                guard let header = try? readPage(file, offset: page * UInt64(pageSize), length: pageSize),
                      header.count == pageSize else { return problem(.unreadable) }
                var length = pageSize
                if PageType.startsRun(header[Layout.typeOffset]) {
                    let dataLength = header.withUnsafeBytes { Int(clamping: $0.baseAddress!.u64(Layout.runLengthOffset)) }
                    guard dataLength <= Int(range.end - page) * pageSize else { return problem(.runPastRange) }
                    length = PageCheck.runPages(dataLength: dataLength, pageSize: pageSize) * pageSize
                    guard page + UInt64(length / pageSize) <= range.end else { return problem(.runPastRange) }
                }
                let buffer = length == pageSize ? header : ((try? readPage(file, offset: page * UInt64(pageSize), length: length)) ?? [])
                guard buffer.count == length else { return problem(.unreadable) }
                let found: UnsyncedPageProblem.Kind? = buffer.withUnsafeBytes { bytes in
                    let txn = bytes.baseAddress!.u64(Layout.txnOffset)
                    guard txn > meta.syncedThrough, txn <= meta.txnID else { return .writtenBy(txn) }
                    return PageChecksum.isValid(bytes.baseAddress!, length: length, pageNumber: page) ? nil : .checksumMismatch
                }
                if let found { return problem(found) }
                page += UInt64(length / pageSize)
            }
        }
        return nil
    }

    /// The same check for an encrypted file: each page or run must decrypt and authenticate,
    /// and its plaintext must then pass the checks above.
    static func encryptedUnsyncedPageProblem(_ meta: MetaPage, file: StorageFile, cipher: PageCipher) -> UnsyncedPageProblem? {
        let context = EncryptionContext(cipher: cipher, physicalPageSize: meta.pageSize, cacheCapacity: 0)
        let physical = meta.pageSize, logical = context.logicalPageSize
        for range in meta.unsyncedRanges {
            var page = range.first
            while page < range.end {
                func problem(_ kind: UnsyncedPageProblem.Kind) -> UnsyncedPageProblem { UnsyncedPageProblem(page: page, kind: kind) }
                guard let raw = try? readPage(file, offset: page * UInt64(physical), length: physical), raw.count == physical
                else { return problem(.unreadable) }
                let first = PageBuffer.make(page: page, length: logical, kind: 0, dataLength: 0)
                guard decrypts(raw, context, first: page, pages: 1, into: first) else { return problem(.unreadable) }
                var pages = 1
                if PageType.startsRun(first.pointer.u8(Layout.typeOffset)) {
                    let dataLength = Int(clamping: first.pointer.u64(Layout.runLengthOffset))
                    guard dataLength <= Int(range.end - page) * logical else { return problem(.runPastRange) }
                    pages = PageCheck.runPages(dataLength: dataLength, pageSize: logical)
                    guard page + UInt64(pages) <= range.end else { return problem(.runPastRange) }
                }
                let run = PageBuffer.make(page: page, length: pages * logical, kind: 0, dataLength: 0)
                if pages == 1 {
                    run.pointer.copyMemory(from: first.pointer, byteCount: logical)
                } else {
                    guard let all = try? readPage(file, offset: page * UInt64(physical), length: pages * physical),
                          all.count == pages * physical, decrypts(all, context, first: page, pages: pages, into: run)
                    else { return problem(.unreadable) }
                }
                let txn = run.pointer.u64(Layout.txnOffset)
                guard txn > meta.syncedThrough, txn <= meta.txnID else { return problem(.writtenBy(txn)) }
                guard PageChecksum.isValid(run.pointer, length: pages * logical, pageNumber: page) else { return problem(.checksumMismatch) }
                page += UInt64(pages)
            }
        }
        return nil
    }

    /// Whether `raw` (`pages` physical pages from `first`) decrypts and authenticates.
    private static func decrypts(_ raw: [UInt8], _ context: EncryptionContext, first: UInt64, pages: Int,
                                 into output: PageBuffer) -> Bool {
        raw.withUnsafeBytes { bytes in
            do {
                try context.decrypt(bytes.baseAddress!, first: first, pages: pages, into: output.pointer)
                return true
            } catch {
                return false
            }
        }
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
