/// What a ``PageBuffer`` holds besides its bytes.
struct PageBufferHeader {
    let page: UInt64
    let length: Int
    let kind: UInt8
    let dataLength: Int
    var referenced = true
}

/// Decrypted, verified content of one page or run of an encrypted store, in one allocation
/// with its header (so a lookup touches one place in memory). Readers hold a reference for as
/// long as they use a pointer into it (``Node`` and ``PageBytes`` carry it), so eviction from
/// the cache never frees memory in use.
final class PageBuffer: ManagedBuffer<PageBufferHeader, UInt8> {
    /// A buffer of `length` bytes for the page or run at `page`; `kind` is 0 for a node page,
    /// else the run's type byte, and `dataLength` the run's data length (0 for a node).
    static func make(page: UInt64, length: Int, kind: UInt8, dataLength: Int) -> PageBuffer {
        let buffer = create(minimumCapacity: max(length, 1)) { _ in
            PageBufferHeader(page: page, length: length, kind: kind, dataLength: dataLength)
        }
        return unsafeDowncast(buffer, to: PageBuffer.self)
    }

    /// The first byte. Stable for the buffer's lifetime: the bytes live inside the object.
    var pointer: UnsafeMutableRawPointer { withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) } }
    var page: UInt64 { header.page }
    /// Plaintext bytes: pages × the logical page size.
    var length: Int { header.length }
    var kind: UInt8 { header.kind }
    var dataLength: Int { header.dataLength }
    /// Second-chance bit for eviction; guarded by the cache's lock.
    var referenced: Bool {
        get { header.referenced }
        set { header.referenced = newValue }
    }
}

/// The process-wide cache of decrypted pages of one encrypted store, indexed by page number (a
/// table that grows with the highest page cached, one reference per page) and bounded in bytes
/// (second-chance FIFO eviction).
///
/// Copy-on-write keeps a committed page's content unchanged while any version that reaches it is
/// live; the writer invalidates a page number before it writes that page again, so an entry is
/// always the content every live reader that can reach the page would decrypt.
final class DecryptedPageCache: @unchecked Sendable {
    private let lock = Lock()
    private var entries: [PageBuffer?] = []
    private var queue: [PageBuffer] = []
    private var head = 0
    private var queuedBytes = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func lookup(_ page: UInt64) -> PageBuffer? {
        lock.withLock {
            guard page < UInt64(entries.count), let buffer = entries[Int(page)] else { return nil }
            buffer.referenced = true
            return buffer
        }
    }

    func insert(_ buffer: PageBuffer) {
        lock.withLock {
            let index = Int(buffer.page)
            if index >= entries.count {
                entries.append(contentsOf: repeatElement(nil, count: max(index + 1, 2 * entries.count, 1024) - entries.count))
            }
            entries[index] = buffer
            queue.append(buffer)
            queuedBytes += buffer.length
            evictIfNeeded()
        }
    }

    /// Forgets every entry that starts at one of `pages` pages from `first` (the writer is
    /// about to write them). A run starting earlier that covers them is not reachable by then:
    /// the page numbers a run covers are reused only after the run itself was freed, and a reuse
    /// of its first page invalidates it.
    func invalidate(_ first: UInt64, pages: Int) {
        lock.withLock {
            guard first < UInt64(entries.count) else { return }
            for page in first..<min(first + UInt64(pages), UInt64(entries.count)) { entries[Int(page)] = nil }
        }
    }

    /// Forgets every entry: another process wrote to the file and may have reused any page
    /// number (FORMAT.md, section 11).
    func removeAll() {
        lock.withLock {
            for index in entries.indices { entries[index] = nil }
        }
    }

    /// Bytes held by the cache (counting evicted entries whose queue slots are still pending).
    var bytes: Int { lock.withLock { queuedBytes } }

    private func evictIfNeeded() {
        while queuedBytes > capacity && head < queue.count {
            let buffer = queue[head]
            head += 1
            let index = Int(buffer.page)
            if entries[index] === buffer && buffer.referenced && queue.count - head > 0 {
                buffer.referenced = false
                queue.append(buffer)
                continue
            }
            if entries[index] === buffer { entries[index] = nil }
            queuedBytes -= buffer.length
        }
        if head > 1024 && head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
    }
}
