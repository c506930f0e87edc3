@_spi(Sync) import Fief
import Foundation

/// The `fuzz-sync-changeset` oracle. The input is an encoded sync changeset (FORMAT.md II.15):
///
/// 1. `SyncChangesetCoding.decode` ends in a changeset or a `SyncChangesetError` whose offset
///    lies inside the input and that names a field;
/// 2. a decoded changeset encodes to bytes that decode to an equal changeset, and encoding
///    that again gives the same bytes;
/// 3. applied with `applySyncChangeset(_:ownFileIdent: 7)` in a write transaction of a small
///    in-memory realm (``SyncChangesetFixture``), it applies or throws
///    `RealmError.invalidSyncChangeset` (then the write is cancelled); an applied changeset
///    commits, and every object of every class then reads back whole.
///
/// Anything else traps ("FUZZ FAILURE").
public enum SyncChangesetHarness {
    /// The client file identity the realm is told is its own: global keys of file 0 and 7 name
    /// the realm's own objects, any other file's are mapped.
    public static let ownFileIdent: UInt64 = 7

    /// What happened to one input.
    public enum Outcome: CustomStringConvertible {
        /// The bytes are not a sync changeset: the `SyncChangesetError`'s description.
        case undecodable(String)
        /// It decoded and applied; the number of instructions.
        case applied(instructions: Int)
        /// It decoded, and the realm refused it with this error (the write was cancelled).
        case refused(RealmError)

        public var description: String {
            switch self {
            case .undecodable(let reason): "undecodable: \(reason)"
            case .applied(let count): "applied \(count) instruction(s)"
            case .refused(let error): "refused: \(error)"
            }
        }
    }

    @discardableResult
    public static func run(_ bytes: [UInt8]) -> Outcome {
        let changeset: SyncChangeset
        do {
            changeset = try SyncChangesetCoding.decode(bytes)
        } catch {
            guard error.offset >= 0, error.offset <= bytes.count, !error.field.isEmpty, !error.reason.isEmpty else {
                fatalError("FUZZ FAILURE: error points outside the \(bytes.count)-byte input or names nothing: \(error)")
            }
            return .undecodable(error.description)
        }
        checkRoundTrip(changeset)
        let fixture = SyncChangesetFixture.current()
        let outcome = fixture.apply(changeset, ownFileIdent: ownFileIdent)
        return outcome
    }

    /// Encoding a decoded changeset gives bytes that decode to an equal changeset, and encoding
    /// that again gives the same bytes. (The input itself need not be the canonical encoding.)
    /// A changeset holding a NaN (`.float`, `.double`) is not equal to itself, so for it the
    /// equality is bitwise: the second encoding must be byte for byte the first.
    private static func checkRoundTrip(_ changeset: SyncChangeset) {
        let encoded = SyncChangesetCoding.encode(changeset)
        let again: SyncChangeset
        do {
            again = try SyncChangesetCoding.decode(encoded)
        } catch {
            fatalError("FUZZ FAILURE: the re-encoded changeset does not decode: \(error); \(changeset.instructions)")
        }
        guard again == changeset || holdsNaN(changeset) else {
            fatalError("FUZZ FAILURE: the changeset changed in a round trip: \(changeset.instructions) became \(again.instructions)")
        }
        guard SyncChangesetCoding.encode(again) == encoded else {
            fatalError("FUZZ FAILURE: a round trip changed the encoding (or encoding is not deterministic): \(changeset.instructions)")
        }
    }

    /// Whether an instruction carries a NaN `.float` or `.double` (never equal to itself).
    private static func holdsNaN(_ changeset: SyncChangeset) -> Bool {
        changeset.instructions.contains { instruction in
            let value: SyncValue
            switch instruction {
            case let .set(_, v, _), let .listInsert(_, _, v), let .listSet(_, _, v), let .setInsert(_, v), let .setErase(_, v),
                 let .dictionaryInsert(_, _, v):
                value = v
            default:
                return false
            }
            switch value {
            case .float(let f): return f.isNaN
            case .double(let d): return d.isNaN
            default: return false
            }
        }
    }
}

/// The in-memory realm inputs are applied to, one per thread (libFuzzer calls from one thread;
/// realms are confined to the thread that opened them).
///
/// It starts empty. After an input that committed, a write transaction deletes every object;
/// after one that changed the schema (`addClass`, `addProperty`), and every
/// ``freshRealmInterval`` inputs (so that key sequences and global-key mappings do not pile
/// up), the realm is replaced by a new one with a new identifier.
public final class SyncChangesetFixture {
    /// Inputs between two new realms.
    public static let freshRealmInterval = 2000

    /// The current realm.
    public private(set) var realm: Realm
    /// Inputs applied to ``realm`` so far.
    private var inputs = 0
    /// Realms opened so far (part of each identifier).
    private var generation = 0

    private static let threadKey = "FiefSyncChangesetFixture"

    /// The fixture of the calling thread, made on first use.
    public static func current() -> SyncChangesetFixture {
        if let fixture = Thread.current.threadDictionary[threadKey] as? SyncChangesetFixture { return fixture }
        let fixture = SyncChangesetFixture()
        Thread.current.threadDictionary[threadKey] = fixture
        return fixture
    }

    private init() {
        realm = Self.open(generation: 0)
    }

    /// A new, empty in-memory realm of the harness's models.
    private static func open(generation: Int) -> Realm {
        let configuration = Realm.Configuration(
            inMemoryIdentifier: "fief-sync-changeset-\(ProcessInfo.processInfo.processIdentifier)-\(generation)",
            objectTypes: syncChangesetHarnessTypes)
        do {
            return try Realm(configuration: configuration)
        } catch {
            fatalError("FUZZ FAILURE: cannot open the harness realm: \(error)")
        }
    }

    /// Applies `changeset` in a write transaction: commits it when it applies, cancels it when
    /// the realm refuses it with `invalidSyncChangeset`, and traps on anything else.
    func apply(_ changeset: SyncChangeset, ownFileIdent: UInt64) -> SyncChangesetHarness.Outcome {
        inputs += 1
        realm.beginWrite()
        do {
            try realm.applySyncChangeset(changeset, ownFileIdent: ownFileIdent)
        } catch let error as RealmError {
            realm.cancelWrite()
            guard case .invalidSyncChangeset(let index, let reason) = error else {
                fatalError("FUZZ FAILURE: apply threw \(error), not invalidSyncChangeset: \(changeset.instructions)")
            }
            guard changeset.instructions.indices.contains(index), !reason.isEmpty else {
                fatalError("FUZZ FAILURE: invalidSyncChangeset names instruction \(index) of \(changeset.instructions.count): \(error)")
            }
            renewIfDue(schemaChanged: false)
            return .refused(error)
        } catch {
            realm.cancelWrite()
            fatalError("FUZZ FAILURE: apply threw a \(type(of: error)), not a RealmError: \(error)")
        }
        do {
            try realm.commitWrite()
        } catch {
            fatalError("FUZZ FAILURE: the commit of an applied changeset failed: \(error): \(changeset.instructions)")
        }
        readEverything()
        let schemaChanged = changeset.instructions.contains {
            switch $0 {
            case .addClass, .addProperty: true
            default: false
            }
        }
        if !schemaChanged && !changeset.isEmpty {
            do {
                try realm.write { realm.deleteAll() }
            } catch {
                fatalError("FUZZ FAILURE: deleteAll failed: \(error)")
            }
        }
        renewIfDue(schemaChanged: schemaChanged)
        return .applied(instructions: changeset.instructions.count)
    }

    /// Replaces the realm after a schema change, or when ``freshRealmInterval`` inputs went by.
    private func renewIfDue(schemaChanged: Bool) {
        guard schemaChanged || inputs >= Self.freshRealmInterval else { return }
        generation += 1
        inputs = 0
        realm = Self.open(generation: generation)
    }

    /// Reads every property of every object (through collections, links and embedded objects)
    /// after a commit: what apply left must be readable. Returns a count so the reads stay.
    @discardableResult
    func readEverything() -> Int {
        var total = 0
        for person in realm.objects(SCPerson.self) {
            total &+= person.id &+ person.name.utf8.count &+ person.age &+ (person.flag ? 1 : 0) &+ Int(person.float.isNaN ? 0 : 1)
            total &+= (person.score.isNaN ? 0 : 1) &+ person.data.count &+ Int(person.date.timeIntervalSince1970.isNaN ? 0 : 1)
            total &+= person.decimal.description.count &+ person.objectId.stringValue.count &+ person.uuid.uuidString.count
            total &+= (person.optInt ?? 0) &+ (person.optString?.count ?? 0) &+ (person.optDouble == nil ? 0 : 1) &+ (person.optDate == nil ? 0 : 1)
            total &+= "\(person.mixed)".count &+ (person.best?.id ?? 0) &+ (person.pet?.name.count ?? 0)
            total &+= person.friends.reduce(0) { $0 &+ $1.id } &+ person.numbers.reduce(0, &+) &+ person.optStrings.count
            total &+= person.tags.count &+ person.dogs.reduce(0) { $0 &+ $1.name.count } &+ person.scores.keys.reduce(0) { $0 &+ (person.scores[$1] ?? 0) }
            total &+= person.pets.keys.reduce(0) { $0 &+ ((person.pets[$1] ?? nil)?.toys.count ?? 0) } &+ person.ownedDogs.count
            if let address = person.address { total &+= read(address) }
            total &+= person.addresses.reduce(0) { $0 &+ read($1) }
            total &+= person.places.keys.reduce(0) { $0 &+ ((person.places[$1] ?? nil).map(read) ?? 0) }
        }
        for dog in realm.objects(SCDog.self) {
            total &+= dog.name.count &+ (dog.age ?? 0) &+ (dog.owner?.id ?? 0) &+ dog.toys.count &+ (dog.tag?.count ?? 0)
        }
        for tag in realm.objects(SCTag.self) {
            total &+= tag.label.count &+ tag.count &+ tag.weights.count &+ tag.aliases.reduce(0, &+)
        }
        for note in realm.objects(SCNote.self) {
            total &+= (note.text?.count ?? 0) &+ note.extras.count &+ note.mixedList.count &+ (note.where.map(read) ?? 0)
            total &+= note.extras.keys.reduce(0) { $0 &+ "\(note.extras[$1] ?? .none)".count }
            total &+= note.mixedList.reduce(0) { $0 &+ "\($1)".count }
        }
        for token in realm.objects(SCToken.self) {
            total &+= (token.uses ?? 0) &+ token.id.uuidString.count
        }
        return total
    }

    /// Every property of an embedded address, its geo included.
    private func read(_ address: SCAddress) -> Int {
        var total = address.city.count &+ (address.zip ?? 0) &+ address.tags.count &+ (address.resident?.id ?? 0)
        if let geo = address.geo { total &+= Int(geo.lat.isNaN ? 0 : 1) &+ Int(geo.lon.isNaN ? 0 : 1) }
        return total
    }
}
