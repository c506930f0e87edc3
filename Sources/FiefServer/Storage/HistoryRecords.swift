import Fief
import Foundation

// The objects of one realm's history file. 64-bit unsigned values are stored as `Int` with the
// same bits.

/// One server history entry; the changeset in the sync changeset encoding (FORMAT.md II.15).
final class HistoryEntryRecord: Object {
    @Persisted(primaryKey: true) var serverVersion = 0
    @Persisted var originFileIdent = 0
    @Persisted var originClientVersion = 0
    @Persisted var timestamp = 0
    @Persisted var changeset = Data()
}

/// One client file of the realm.
final class ClientFileRecord: Object {
    @Persisted(primaryKey: true) var ident = 0
    @Persisted var salt = 0
    @Persisted var lastIntegratedClientVersion = 0
    @Persisted var lastIntegratedBaseServerVersion = 0

    var value: ClientFileState {
        ClientFileState(ident: UInt64(bitPattern: Int64(ident)), salt: UInt64(bitPattern: Int64(salt)),
                        lastIntegratedClientVersion: UInt64(bitPattern: Int64(lastIntegratedClientVersion)),
                        lastIntegratedBaseServerVersion: UInt64(bitPattern: Int64(lastIntegratedBaseServerVersion)))
    }

    func update(from state: ClientFileState) {
        salt = Int(Int64(bitPattern: state.salt))
        lastIntegratedClientVersion = Int(Int64(bitPattern: state.lastIntegratedClientVersion))
        lastIntegratedBaseServerVersion = Int(Int64(bitPattern: state.lastIntegratedBaseServerVersion))
    }
}

extension Int {
    /// The same 64 bits, as stored.
    init(storing value: UInt64) { self = Int(Int64(bitPattern: value)) }
    /// The stored bits back as the unsigned value.
    var storedUInt64: UInt64 { UInt64(bitPattern: Int64(self)) }
}
