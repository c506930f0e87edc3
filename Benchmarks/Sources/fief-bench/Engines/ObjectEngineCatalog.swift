/// The object-level engines of this build.
enum ObjectEngineCatalog {
    /// Every column of the object-level table, in order; the first is the one compared with the
    /// others. A column whose engine is not in this build prints "n/a".
    static let columns = ["Fief", "SQLite", "GRDB"]

    /// The engines this build has.
    static func all() -> [any ObjectEngine] {
        [FiefObjectEngine(), SQLiteObjectEngine(), GRDBObjectEngine()]
    }

    /// The engine named `name`, if this build has it.
    static func engine(named name: String) -> (any ObjectEngine)? {
        all().first { $0.name == name }
    }
}
