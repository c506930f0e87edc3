/// What a write transaction of a synced realm changed in the object store, as before-images,
/// so that the transaction can be undone exactly when the client rebases it over changesets
/// the server ordered before it (FORMAT.md, II.15).
///
/// It is captured at the one place rows change (``TableStore`` insert, update and delete), so
/// it covers everything a transaction does, link cleanup and embedded objects included. An
/// update is recorded the first time a cell changes; a row created in the transaction needs no
/// update records (undoing its creation removes it).
struct UndoLog: Equatable {
    enum Record: Equatable {
        case created(className: String, key: UInt64)
        case updated(className: String, key: UInt64, property: String, old: StoredValue)
        case deleted(className: String, key: UInt64, row: [String: StoredValue])
    }

    private(set) var records: [Record] = []
    /// Properties with an update record, per row.
    private var touched: [RowID: Set<String>] = [:]
    private var created: Set<RowID> = []

    private struct RowID: Hashable { let className: String; let key: UInt64 }

    var isEmpty: Bool { records.isEmpty }

    mutating func created(_ className: String, _ key: UInt64) {
        created.insert(RowID(className: className, key: key))
        records.append(.created(className: className, key: key))
    }

    mutating func updated(_ className: String, _ key: UInt64, _ property: String, old: StoredValue) {
        let id = RowID(className: className, key: key)
        guard !created.contains(id), touched[id, default: []].insert(property).inserted else { return }
        records.append(.updated(className: className, key: key, property: property, old: old))
    }

    mutating func deleted(_ className: String, _ key: UInt64, row: [String: StoredValue]) {
        // Undone in reverse, the row comes back with these values and then takes the older
        // values of the update records before it; a row with the same key created later in
        // the transaction is a new row.
        let id = RowID(className: className, key: key)
        created.remove(id)
        touched[id] = nil
        records.append(.deleted(className: className, key: key, row: row))
    }

    // MARK: Encoding (FORMAT.md II.15)

    func encode() -> [UInt8] {
        var out: [UInt8] = []
        func string(_ s: String) { CellCoding.appendVarint(UInt64(s.utf8.count), to: &out); out.append(contentsOf: s.utf8) }
        CellCoding.appendVarint(UInt64(records.count), to: &out)
        for r in records {
            switch r {
            case let .created(c, k):
                out.append(1); string(c); CellCoding.appendVarint(k, to: &out)
            case let .updated(c, k, p, old):
                out.append(2); string(c); CellCoding.appendVarint(k, to: &out); string(p); CellCoding.appendTagged(old, to: &out)
            case let .deleted(c, k, row):
                out.append(3); string(c); CellCoding.appendVarint(k, to: &out)
                CellCoding.appendVarint(UInt64(row.count), to: &out)
                for name in row.keys.sorted() { string(name); CellCoding.appendTagged(row[name]!, to: &out) }
            }
        }
        return out
    }

    static func decode(_ bytes: [UInt8]) throws -> UndoLog {
        try bytes.withUnsafeBytes { raw in
            var r = ByteReader(raw)
            func fail(_ reason: String) -> RealmError { .corruptChangeset(offset: r.position, reason: "undo log: " + reason) }
            func string() throws -> String {
                guard let b = r.lengthPrefixed(), let s = String(validating: b, as: UTF8.self) else { throw fail("bad name") }
                return s
            }
            func varint() throws -> UInt64 {
                guard let v = r.varint() else { throw fail("truncated number") }
                return v
            }
            func value() throws -> StoredValue {
                guard let v = CellCoding.readTagged(&r) else { throw fail("bad value") }
                return v
            }
            let count = try varint()
            guard count <= UInt64(r.remaining) else { throw fail("record count \(count) past the end") }
            var log = UndoLog()
            for _ in 0..<count {
                switch r.byte() {
                case 1: log.records.append(.created(className: try string(), key: try varint()))
                case 2: log.records.append(.updated(className: try string(), key: try varint(), property: try string(), old: try value()))
                case 3:
                    let c = try string(), k = try varint(), n = try varint()
                    guard n <= UInt64(r.remaining) else { throw fail("row of \(n) values past the end") }
                    var row: [String: StoredValue] = [:]
                    for _ in 0..<n { row[try string()] = try value() }
                    log.records.append(.deleted(className: c, key: k, row: row))
                default: throw fail("unknown record kind")
                }
            }
            guard r.remaining == 0 else { throw fail("trailing bytes") }
            return log
        }
    }
}

extension Realm {
    /// Undoes `log` in reverse order, inside the current write transaction. The changes are
    /// recorded in the local changeset (notifications see them) but not in the undo log.
    func undo(_ log: UndoLog) throws {
        guard let session else { throw RealmError.notInWriteTransaction }
        let capture = session.undoLog
        session.undoLog = nil
        defer { session.undoLog = capture }
        for record in log.records.reversed() {
            switch record {
            case let .created(c, key):
                guard let binding = binding(named: c) else { continue }
                let store = try table(binding)
                if let primaryKey = binding.primaryKey, !binding.keyIsPrimaryKey, let value = try store.read(key, primaryKey) {
                    session.undoneCreations[c, default: [:]][value] = key
                }
                if try store.delete(key) != nil {
                    epoch &+= 1
                    session.changeset.append(.eraseObject(className: c, key: key))
                }
            case let .updated(c, key, property, old):
                guard let binding = binding(named: c), let column = binding.column(persisted: property),
                      try table(binding).exists(key) else { continue }
                try table(binding).update(key, column, old)
                session.changeset.append(.set(className: c, key: key, property: property, value: old))
            case let .deleted(c, key, row):
                guard let binding = binding(named: c), try !table(binding).exists(key) else { continue }
                let values = binding.columns.map { row[$0.property.columnName] ?? $0.defaultValue }
                try table(binding).insert(key, values)
                epoch &+= 1
                session.changeset.append(.createObject(className: c, key: key, primaryKey: binding.primaryKey.map { values[$0.position] } ?? .null))
            }
        }
    }
}
