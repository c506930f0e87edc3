/// Appends the fields of one frame to a byte array, in the encodings of `FORMAT.md`, Part III.
struct WireWriter {
    private(set) var bytes: [UInt8]

    init(reservingCapacity capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    mutating func writeByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// An unsigned LEB128 varint, in its shortest form.
    mutating func writeVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func writeVarint(_ value: UInt32) {
        writeVarint(UInt64(value))
    }

    /// A varint byte count, then the string's UTF-8 bytes.
    mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            writeVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Raw bytes, without a length.
    mutating func writeBytes(_ raw: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: raw)
    }

    /// The number of bytes a varint of `value` takes.
    static func varintSize(_ value: UInt64) -> Int {
        var size = 1
        var value = value >> 7
        while value != 0 {
            size += 1
            value >>= 7
        }
        return size
    }
}
