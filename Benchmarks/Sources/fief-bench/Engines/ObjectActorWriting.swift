/// Stores whose users can also write from Swift actors through an async write API (Fief's
/// `asyncWrite` on actor-isolated realms). Workload O8 measures them in two more rows.
protocol ObjectActorWriting {
    /// Commits one durable update (score += 1) per id of `ids` from `actors` actors, ids spread
    /// round-robin; each actor opens its own handle before the clock starts. Returns the seconds
    /// from the common start to the last commit.
    func commitFromActors(_ ids: [Int], actors: Int) throws -> Double
}
