import CSQLite

/// Binding and reading the integer, real and text values of the object-level table.
extension SQLiteConnection {
    /// Binds `value` to parameter `index`.
    @inline(__always)
    func bind(_ statement: OpaquePointer, _ index: Int32, _ value: Int) throws {
        try check(sqlite3_bind_int64(statement, index, Int64(value)), "bind")
    }

    /// Binds `value` to parameter `index`.
    @inline(__always)
    func bind(_ statement: OpaquePointer, _ index: Int32, _ value: Double) throws {
        try check(sqlite3_bind_double(statement, index, value), "bind")
    }

    /// Binds a copy of `value` (`SQLITE_TRANSIENT`) to parameter `index`.
    @inline(__always)
    func bind(_ statement: OpaquePointer, _ index: Int32, _ value: String) throws {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        try check(sqlite3_bind_text(statement, index, value, -1, transient), "bind")
    }
}

/// Integer column `column` of the current row.
@inline(__always)
func sqliteInt(_ statement: OpaquePointer, _ column: Int32) -> Int {
    Int(sqlite3_column_int64(statement, column))
}

/// Real column `column` of the current row.
@inline(__always)
func sqliteDouble(_ statement: OpaquePointer, _ column: Int32) -> Double {
    sqlite3_column_double(statement, column)
}

/// Text column `column` of the current row, decoded into a Swift string.
@inline(__always)
func sqliteString(_ statement: OpaquePointer, _ column: Int32) -> String {
    guard let text = sqlite3_column_text(statement, column) else { return "" }
    let bytes = UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column)))
    return String(decoding: bytes, as: UTF8.self)
}

extension SQLiteConnection {
    /// Steps `statement` through every row, calling `body` on each, then resets it.
    @inline(__always)
    func forEachRow(_ statement: OpaquePointer, _ body: (OpaquePointer) throws -> Void) throws {
        defer { sqlite3_reset(statement) }
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            try body(statement)
            code = sqlite3_step(statement)
        }
        if code != SQLITE_DONE { try check(code, "step") }
    }
}
