import GRDB

/// The benchmark object as a GRDB user writes it: a Codable struct that GRDB fetches and saves.
struct Item: Codable, FetchableRecord, PersistableRecord {
    var id: Int
    var name: String
    var score: Double
    var age: Int

    /// Typed columns for the query interface.
    enum Columns {
        static let name = Column(CodingKeys.name)
        static let score = Column(CodingKeys.score)
        static let age = Column(CodingKeys.age)
    }

    /// Folds this item into `digest`.
    @inline(__always)
    func add(to digest: inout ObjectDigest) {
        digest.add(id: id, name: name, score: score, age: age)
    }
}
