/// The object-level table for raw SQLite and the statements run on it, all prepared once.
enum SQLiteObjectSchema {
    static let createTable = "CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL NOT NULL, age INTEGER NOT NULL)"
    static let createIndex = "CREATE INDEX item_on_name ON item(name)"
    static let insert = "INSERT INTO item(id, name, score, age) VALUES (?1, ?2, ?3, ?4)"
    static let selectByID = "SELECT id, name, score, age FROM item WHERE id = ?1"
    static let countAges = "SELECT COUNT(*) FROM item WHERE age >= ?1 AND age < ?2"
    static let selectByName = "SELECT id, name, score, age FROM item WHERE name = ?1"
    static let sumScores = "SELECT SUM(score) FROM item"
    static let incrementScore = "UPDATE item SET score = score + 1 WHERE id = ?1"
    static let deleteByID = "DELETE FROM item WHERE id = ?1"
    static let selectAll = "SELECT id, name, score, age FROM item"
    static let selectScore = "SELECT score FROM item WHERE id = ?1"

    /// The page size set on every new database.
    static let pageSize = 4096
    /// How long a writer waits for another connection's write lock (concurrent writers).
    static let busyTimeoutMilliseconds = 60_000

    /// The SQL of the `synchronous` pragma for `mode`.
    static func synchronous(_ mode: ObjectCommitMode) -> String {
        "PRAGMA synchronous=\(mode == .durable ? "FULL" : "NORMAL")"
    }
}

/// One row of `item` as a Swift value: how a user of the C API holds an object in memory.
struct SQLiteItemRow {
    var id: Int
    var name: String
    var score: Double
    var age: Int

    /// Reads columns 0–3 (id, name, score, age) of the current row of `statement`.
    @inline(__always)
    init(_ statement: OpaquePointer) {
        id = sqliteInt(statement, 0)
        name = sqliteString(statement, 1)
        score = sqliteDouble(statement, 2)
        age = sqliteInt(statement, 3)
    }

    /// Folds this row into `digest`.
    @inline(__always)
    func add(to digest: inout ObjectDigest) {
        digest.add(id: id, name: name, score: score, age: age)
    }
}
