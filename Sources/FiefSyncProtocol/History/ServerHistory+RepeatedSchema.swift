@_spi(Sync) import Fief

/// Uploads that only repeat the realm's schema.
extension ServerHistory {
    /// Whether every instruction of `changesets` adds a class or a property that an entry of
    /// the history added already, exactly as given: integrating them would change nothing.
    /// False for any data instruction, and for no instructions at all.
    ///
    /// A new file records the schema it was opened with, so a client's first changeset repeats
    /// the schema of a realm that other clients created. A server lets a user who may only
    /// read send such changesets. Reads the history; keeps nothing.
    public func onlyRepeatsSchema(_ changesets: [SyncChangeset]) -> Bool {
        var missing: Set<SyncInstruction> = []
        for instruction in changesets.lazy.flatMap(\.instructions) {
            switch instruction {
            case .addClass, .addProperty: missing.insert(instruction)
            default: return false
            }
        }
        guard !missing.isEmpty else { return false }
        for entry in entries {
            for instruction in entry.changeset.instructions {
                switch instruction {
                case .addClass, .addProperty:
                    missing.remove(instruction)
                    if missing.isEmpty { return true }
                default: continue
                }
            }
        }
        return false
    }
}
