import CFiefShims

/// Byte layout constants of the file format. FORMAT.md is the prose form of this file; the two
/// must agree. All integers are little-endian and may be unaligned.
enum Layout {
    /// The format of unencrypted files.
    static let formatVersion: UInt32 = 1
    /// The format of encrypted files: version 1's structures inside encrypted pages.
    static let encryptedFormatVersion: UInt32 = 2
    static let magic: [UInt8] = [0x46, 0x49, 0x45, 0x46, 0x0D, 0x0A, 0x1A, 0x0A] // "FIEF\r\n\x1a\n"
    static let minimumPageSize = 512
    static let maximumPageSize = 65_536
    static let defaultPageSize = 4096

    // Common page header (every page, every run).
    static let checksumOffset = 0      // u32 CRC-32C
    static let typeOffset = 4          // u8 PageType
    static let flagsOffset = 5         // u8, zero
    static let countOffset = 6         // u16 entry count (nodes), zero otherwise
    static let txnOffset = 8           // u64 id of the transaction that wrote the page
    static let pageHeaderSize = 16

    // Node pages (branch and leaf).
    static let cellAreaOffset = 16     // u32 offset of the lowest cell byte
    static let deadBytesOffset = 20    // u32 bytes of cells no slot points to
    static let nodeHeaderSize = 24     // the slot array (u16 offsets) starts here

    // Leaf cell: u16 keyLength, u8 valueKind, u32 valueLength, key, payload.
    static let leafCellHeader = 7
    // Branch cell: u16 keyLength, u64 child page, key.
    static let branchCellHeader = 10
    // Overflow reference payload in a leaf cell: u64 first page, u32 stored length.
    static let overflowReferenceSize = 12

    // Run pages (overflow values, free-space root, freed-pages chunks): u64 data length after the common header.
    static let runLengthOffset = 16
    static let runHeaderSize = 24

    // Meta pages (0 and 1).
    static let metaMagicOffset = 16
    static let metaVersionOffset = 24
    static let metaPageSizeOffset = 28
    static let metaPageCountOffset = 32
    static let metaCatalogRootOffset = 40
    static let metaCatalogHeightOffset = 48
    static let metaFreeListOffset = 52
    static let metaSyncedThroughOffset = 60
    static let metaRangeCountOffset = 68
    static let metaRangesOffset = 72
    static let metaRangeSize = 12      // u64 first page, u32 page count

    // Meta pages of encrypted files: bytes [0, 80) are clear, [80, P - 40) encrypt the fields
    // that version 1 keeps at [32, P - 88), and the last 40 bytes are the cipher trailer.
    static let metaSaltOffset = 32     // 16 bytes, random per file
    static let metaKeyCheckOffset = 48 // 32 bytes, HKDF output that identifies the key
    static let encryptedMetaClearSize = 80
    /// Bytes of a version 1 style meta layout an encrypted meta page can hold.
    static func encryptedMetaCapacity(pageSize: Int) -> Int { pageSize - 88 }

    static let maximumTreeHeight = 48

    /// Largest cell that a node accepts; four always fit in a page, so a split always succeeds.
    static func maximumCellSize(pageSize: Int) -> Int { (pageSize - nodeHeaderSize) / 4 - 2 }
    static func maximumKeySize(pageSize: Int) -> Int {
        maximumCellSize(pageSize: pageSize) - leafCellHeader - overflowReferenceSize
    }
    static func metaRangeCapacity(pageSize: Int) -> Int { (pageSize - metaRangesOffset) / metaRangeSize }
}

/// What a page holds, from the type byte at offset 4.
enum PageType: UInt8 {
    case meta = 1
    case branch = 2
    case leaf = 3
    case overflow = 4
    /// The free-space root: reusable pages and the newest freed-pages chunk.
    case freeList = 5
    /// The pages one commit freed that may not be reused yet.
    case freedPages = 6

    /// Whether a page with this type byte starts a run (its data length is at offset 16, and it
    /// may span several pages) rather than being a node or meta page.
    static func startsRun(_ type: UInt8) -> Bool {
        type == overflow.rawValue || type == freeList.rawValue || type == freedPages.rawValue
    }
}

/// Kinds of value stored in a leaf cell.
enum ValueKind: UInt8 {
    case inline = 0
    case overflow = 1
    case overflowLZ4 = 2
}

/// Little-endian unaligned access to raw bytes. Bounds are checked in debug builds.
extension UnsafeRawPointer {
    @inline(__always) func u8(_ offset: Int) -> UInt8 { load(fromByteOffset: offset, as: UInt8.self) }
    @inline(__always) func u16(_ offset: Int) -> UInt16 {
        UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }
    @inline(__always) func u32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
    @inline(__always) func u64(_ offset: Int) -> UInt64 {
        UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}

extension UnsafeMutableRawPointer {
    @inline(__always) func u8(_ offset: Int) -> UInt8 { UnsafeRawPointer(self).u8(offset) }
    @inline(__always) func u16(_ offset: Int) -> UInt16 { UnsafeRawPointer(self).u16(offset) }
    @inline(__always) func u32(_ offset: Int) -> UInt32 { UnsafeRawPointer(self).u32(offset) }
    @inline(__always) func u64(_ offset: Int) -> UInt64 { UnsafeRawPointer(self).u64(offset) }
    @inline(__always) func setU8(_ offset: Int, _ value: UInt8) { storeBytes(of: value, toByteOffset: offset, as: UInt8.self) }
    @inline(__always) func setU16(_ offset: Int, _ value: UInt16) {
        storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt16.self)
    }
    @inline(__always) func setU32(_ offset: Int, _ value: UInt32) {
        storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
    }
    @inline(__always) func setU64(_ offset: Int, _ value: UInt64) {
        storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
    }
}

/// The checksum of a page or run: CRC-32C over the page number (u64 LE) followed by every byte of
/// the page or run from offset 4 to its end. Binding the page number catches misdirected writes.
enum PageChecksum {
    static func compute(_ page: UnsafeRawPointer, length: Int, pageNumber: UInt64) -> UInt32 {
        var number = pageNumber.littleEndian
        let seed = withUnsafeBytes(of: &number) { fief_crc32c(0, $0.baseAddress, 8) }
        return fief_crc32c(seed, page + 4, length - 4)
    }

    static func isValid(_ page: UnsafeRawPointer, length: Int, pageNumber: UInt64) -> Bool {
        page.u32(Layout.checksumOffset) == compute(page, length: length, pageNumber: pageNumber)
    }

    static func seal(_ page: UnsafeMutableRawPointer, length: Int, pageNumber: UInt64) {
        page.setU32(Layout.checksumOffset, compute(page, length: length, pageNumber: pageNumber))
    }
}

/// Compares two byte strings lexicographically, shorter-is-smaller on a common prefix.
/// Compares eight bytes at a time (as big-endian words), which beats a call to memcmp for the
/// short keys B+tree searches mostly see.
@inline(__always)
func compareKeys(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
    let n = min(a.count, b.count)
    guard n > 0 else { return a.count - b.count }
    let pa = a.baseAddress!, pb = b.baseAddress!
    var i = 0
    while i + 8 <= n {
        let x = UInt64(bigEndian: pa.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        let y = UInt64(bigEndian: pb.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        if x != y { return x < y ? -1 : 1 }
        i += 8
    }
    while i < n {
        let x = pa.load(fromByteOffset: i, as: UInt8.self), y = pb.load(fromByteOffset: i, as: UInt8.self)
        if x != y { return x < y ? -1 : 1 }
        i += 1
    }
    return a.count - b.count
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
