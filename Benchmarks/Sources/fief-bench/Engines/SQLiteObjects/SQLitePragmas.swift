/// The pragmas that matter for the object-level figures, read back from a live connection, for
/// the report header of raw SQLite and of GRDB.
enum SQLitePragmas {
    static let names = ["journal_mode", "synchronous", "page_size", "cache_size", "mmap_size", "wal_autocheckpoint",
                        "locking_mode", "busy_timeout", "temp_store", "foreign_keys"]

    /// One line `name=value, ...` of every pragma in ``names``, read with `read` (which runs
    /// `PRAGMA name` and returns the first column of the first row).
    static func line(_ read: (String) throws -> String) rethrows -> String {
        try names.map { "\($0)=\(try read("PRAGMA \($0)"))" }.joined(separator: ", ")
    }
}
