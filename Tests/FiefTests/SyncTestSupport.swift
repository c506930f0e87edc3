@_spi(Sync) @testable import Fief
import Foundation
import XCTest

// Models and helpers of the sync recording, apply and replication tests.

final class SyPerson: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var score = 0
    @Persisted var flag = false
    @Persisted var ratio = 0.0
    @Persisted var weight: Float = 0
    @Persisted var nick: String?
    @Persisted var optInt: Int?
    @Persisted var blob = Data()
    @Persisted var born = Date(timeIntervalSince1970: 0)
    @Persisted var amount: Decimal128?
    @Persisted var oid: ObjectId
    @Persisted var uid: UUID?
    @Persisted var mixed: AnyRealmValue
    @Persisted var friend: SyPerson?
    @Persisted var pet: SyPet?
    @Persisted var tags: List<String>
    @Persisted var nums: MutableSet<Int>
    @Persisted var counts: Map<String, Int>
    @Persisted var pets: List<SyPet>
    @Persisted var petSet: MutableSet<SyPet>
    @Persisted var petMap: Map<String, SyPet?>
    @Persisted var address: SyAddress?
    @Persisted var stops: List<SyAddress>
    @Persisted var places: Map<String, SyAddress?>
}

final class SyPet: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var buddy: SyPet?
    @Persisted var owner: SyPerson?
}

final class SyAddress: EmbeddedObject {
    @Persisted var city = ""
    @Persisted var zip = 0
    @Persisted var geo: SyGeo?
    @Persisted var lines: List<String>
}

final class SyGeo: EmbeddedObject {
    @Persisted var lat = 0.0
    @Persisted var lng = 0.0
}

final class SyTag: Object {
    @Persisted(primaryKey: true) var label = ""
    @Persisted var hits = 0
}

let syncTypes: [ObjectBase.Type] = [SyPerson.self, SyPet.self, SyAddress.self, SyGeo.self, SyTag.self]

/// An in-memory realm of the sync test models; `recording` sets `recordsSyncHistory`.
func syncRealm(recording: Bool = true, types: [ObjectBase.Type] = syncTypes) throws -> Realm {
    var configuration = Realm.Configuration(inMemoryIdentifier: "sync-\(UUID().uuidString)", objectTypes: types)
    configuration.recordsSyncHistory = recording
    return try Realm(configuration: configuration)
}

/// Runs `block` in a write transaction and returns the sync changeset it recorded (read just
/// before the commit, as the history writer reads it).
func recordedWrite(_ realm: Realm, _ block: () throws -> Void) throws -> SyncChangeset {
    realm.beginWrite()
    do { try block() } catch { realm.cancelWrite(); throw error }
    let changeset = realm.currentSyncChangeset ?? SyncChangeset()
    try realm.commitWrite()
    return changeset
}

/// Encodes, decodes and applies a changeset in its own write transaction.
func deliver(_ changeset: SyncChangeset, to realm: Realm, ownFileIdent: UInt64) throws {
    let decoded = try SyncChangesetCoding.decode(SyncChangesetCoding.encode(changeset))
    XCTAssertEqual(decoded, changeset)
    try realm.write { try realm.applySyncChangeset(decoded, ownFileIdent: ownFileIdent) }
}

/// The target of a top-level property, for expected instructions.
func target(_ className: String, _ object: SyncObjectID, _ path: SyncPathElement...) -> SyncTarget {
    SyncTarget(className: className, object: object, path: path)
}

func pk(_ i: Int) -> SyncObjectID { .primaryKey(.int(Int64(i))) }
func own(_ key: UInt64) -> SyncObjectID { .global(GlobalKey(fileIdent: 0, sequence: key)) }

/// Every object of every top-level class of `realm`, one line each, sorted: properties by
/// name, links by sync identity (this file's own global keys shown with `ownFileIdent`),
/// embedded objects inline, sets in their stored order (every copy holds one order).
func exportRealm(_ realm: Realm, ownFileIdent: UInt64) throws -> String {
    func id(_ object: SyncObjectID) -> String {
        if case .global(let g) = object, g.fileIdent == 0 { return "\(GlobalKey(fileIdent: ownFileIdent, sequence: g.sequence))" }
        return "\(object)"
    }
    func element(_ value: StoredValue, _ column: ColumnBinding) throws -> String {
        switch value {
        case .link(let k):
            let target = realm.binding(named: column.property.objectClassName!)!
            return target.isEmbedded ? try object(target, k) : "\(target.className)[\(id(try realm.syncObjectID(target, k)))]"
        case .anyLink(let c, let k):
            return "\(c)[\(id(try realm.syncObjectID(realm.binding(named: c)!, k)))]"
        case .data(let bytes):
            return "data(" + bytes.map { String($0, radix: 16) }.joined(separator: " ") + ")"
        default:
            return "\(SyncValue(scalar: value))"
        }
    }
    func object(_ binding: TableBinding, _ key: UInt64) throws -> String {
        let store = try realm.table(binding)
        var fields: [String] = []
        for column in binding.columns.filter(\.property.isStored).sorted(by: { $0.property.name < $1.property.name }) {
            let value = try store.read(key, column) ?? .null
            var items: [StoredValue] = []
            if case .collection(let all) = value { items = all }
            let text: String
            switch column.collection {
            case .none: text = try element(value, column)
            case .list: text = "[" + (try items.map { try element($0, column) }).joined(separator: ", ") + "]"
            case .set: text = "{" + (try items.map { try element($0, column) }).joined(separator: ", ") + "}"
            case .map: text = "[" + (try Realm.mapEntries(items).map { "\($0.0): \(try element($0.1, column))" }).joined(separator: ", ") + "]"
            }
            fields.append("\(column.property.name)=\(text)")
        }
        return "{" + fields.joined(separator: " ") + "}"
    }
    var lines: [String] = []
    for binding in realm.allBindings.filter({ !$0.isEmbedded }).sorted(by: { $0.className < $1.className }) {
        var objects: [String] = []
        for key in try realm.table(binding).allKeys() {
            objects.append("\(binding.className)[\(id(try realm.syncObjectID(binding, key)))] \(try object(binding, key))")
        }
        lines += objects.sorted()
    }
    return lines.joined(separator: "\n")
}

extension SplitMix64 {
    /// A number in `0..<bound`, from the generator alone (no system randomness).
    mutating func pick(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    /// True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool { pick(100) < percent }
}
