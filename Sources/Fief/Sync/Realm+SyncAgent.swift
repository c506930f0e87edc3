import FiefStorage

/// One sync agent per realm file, whatever the number of processes that have it open
/// (FORMAT.md, section 11): the others' commits reach the file's history, and the agent
/// uploads them.
extension Realm {
    /// The process role of a realm file's sync agent.
    static let syncAgentRole: UInt8 = 0

    /// Claims the right to sync this realm's file for this process: true when this process
    /// holds it (already, or now), false while another process that has the file open does.
    @_spi(Sync) public func claimSyncAgentRole() -> Bool {
        coordinator.store.claimProcessRole(Self.syncAgentRole)
    }

    /// Gives the right to sync this realm's file back, for another process to take.
    @_spi(Sync) public func releaseSyncAgentRole() {
        coordinator.store.releaseProcessRole(Self.syncAgentRole)
    }
}
