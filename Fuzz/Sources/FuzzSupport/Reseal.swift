/// Recomputes every page checksum of a store image, so that mutated fields get past the
/// checksums (meta pages are always verified) and reach the structure checks.
///
/// The page size comes from meta page 0 (512 when it claims none). Pages of type overflow (4)
/// or free list (5) start runs covering `ceil((24 + length) / pageSize)` pages with one checksum;
/// every other page is sealed alone. See FORMAT.md, "Checksums".
public enum Reseal {
    /// Reseals `image` in place; returns whether any byte changed.
    public static func reseal(_ image: inout [UInt8]) -> Bool {
        let pageSize = claimedPageSize(image) ?? 512
        let pages = image.count / pageSize
        var changed = false
        var page = 0
        while page < pages {
            let start = page * pageSize
            var length = pageSize
            let type = image[start + 4]
            if page >= 2 && (type == 4 || type == 5) {
                let dataLength = u64(image, start + 16)
                if dataLength < UInt64(image.count) {
                    let runPages = (24 + Int(dataLength) + pageSize - 1) / pageSize
                    if page + runPages <= pages { length = runPages * pageSize }
                }
            }
            changed = seal(&image, start: start, length: length, pageNumber: UInt64(page)) || changed
            page += length / pageSize
        }
        return changed
    }

    static func claimedPageSize(_ image: [UInt8]) -> Int? {
        guard image.count >= 32 else { return nil }
        let size = Int(u64(image, 28) & 0xFFFF_FFFF)
        guard size >= 512, size <= 65_536, size & (size - 1) == 0 else { return nil }
        return size
    }

    private static func seal(_ image: inout [UInt8], start: Int, length: Int, pageNumber: UInt64) -> Bool {
        var number = pageNumber.littleEndian
        var crc = withUnsafeBytes(of: &number) { CRC32C.update(0, $0) }
        crc = image.withUnsafeBytes { CRC32C.update(crc, UnsafeRawBufferPointer(rebasing: $0[(start + 4)..<(start + length)])) }
        let old = UInt32(u64(image, start) & 0xFFFF_FFFF)
        guard old != crc else { return false }
        for i in 0..<4 { image[start + i] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(i))) }
        return true
    }

    private static func u64(_ image: [UInt8], _ offset: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in 0..<8 where offset + i < image.count { value |= UInt64(image[offset + i]) << (8 * UInt64(i)) }
        return value
    }
}

/// CRC-32C (Castagnoli), chained like `fief_crc32c`: `update(update(0, a), b)` is the CRC of a+b.
enum CRC32C {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0x82F6_3B78 : c >> 1 }
        return c
    }

    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var c = ~crc
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return ~c
    }
}
