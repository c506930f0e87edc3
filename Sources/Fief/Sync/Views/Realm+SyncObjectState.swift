import Foundation

/// What a sync server reads from its copy of a realm to give a device part of it: the
/// objects of a class, and one object's whole state as instructions.
extension Realm {
    /// The names of the realm's top-level classes whose objects devices hold (not embedded,
    /// not asymmetric), sorted.
    @_spi(Sync) public var syncTopLevelClassNames: [String] {
        allBindings.filter { !$0.isEmbedded && !$0.schema.isAsymmetric }.map(\.className).sorted()
    }

    /// The identity of every object of `className`, in key order (none for an unknown class).
    @_spi(Sync) public func syncObjectIDs(of className: String) throws -> [SyncObjectID] {
        guard let binding = binding(named: className), !binding.isEmbedded else { return [] }
        let store = try table(binding)
        return try store.allKeys().filter { try store.exists($0) }.map { try syncObjectID(binding, $0) }
    }

    /// Whether the object exists.
    @_spi(Sync) public func syncObjectExists(className: String, object: SyncObjectID) throws -> Bool {
        guard let binding = binding(named: className), !binding.isEmbedded else { return false }
        return try localKey(binding, object, ownFileIdent: 0) != nil
    }

    /// The instructions that make a copy hold exactly this realm's state of one object:
    /// `createObject`, then every stored property whole (a `set`; a `clear` and the elements
    /// of a collection; embedded objects with their values). Applied to a copy that already
    /// holds the object, they overwrite it. Nil when the object does not exist.
    @_spi(Sync) public func syncObjectState(className: String, object: SyncObjectID) throws -> [SyncInstruction]? {
        guard let binding = binding(named: className), !binding.isEmbedded,
              let key = try localKey(binding, object, ownFileIdent: 0) else { return nil }
        let store = try table(binding)
        let recorder = SyncRecorder()
        recorder.append(.createObject(className: className, object: object))
        let base = SyncBase(className: className, object: object, path: [])
        for c in binding.columns where c.property.isStored && !c.property.isPrimary {
            let value = try store.read(key, c) ?? c.defaultValue
            if c.collection != .none { recorder.append(.clear(base.target(c.property.columnName))) }
            try recordWhole(base, EmbeddedOwner(binding: binding, key: key, column: c), value, recorder)
        }
        return recorder.instructions
    }
}

extension SyncInstruction {
    /// The objects the values of `instructions` link to, each once, in order of appearance.
    @_spi(Sync) public static func linkedObjects(in instructions: [SyncInstruction]) -> [SyncObjectKey] {
        var seen: Set<SyncObjectKey> = []
        var out: [SyncObjectKey] = []
        for instruction in instructions {
            let value: SyncValue
            switch instruction {
            case .set(_, let v, _), .listInsert(_, _, let v), .listSet(_, _, let v), .setInsert(_, let v), .dictionaryInsert(_, _, let v): value = v
            default: continue
            }
            guard case let .link(className, object) = value else { continue }
            let key = SyncObjectKey(className: className, object: object)
            if seen.insert(key).inserted { out.append(key) }
        }
        return out
    }

    /// The object the instruction is about, for instructions on objects (not schema changes).
    @_spi(Sync) public var objectKey: SyncObjectKey? {
        switch self {
        case .addClass, .addProperty: nil
        case .createObject(let c, let o), .eraseObject(let c, let o): SyncObjectKey(className: c, object: o)
        default: target.map { SyncObjectKey(className: $0.className, object: $0.object) }
        }
    }
}

/// A top-level object of a synced realm by class and identity: the same on every copy.
@_spi(Sync) public struct SyncObjectKey: Hashable, Sendable, CustomStringConvertible {
    public var className: String
    public var object: SyncObjectID

    public init(className: String, object: SyncObjectID) {
        self.className = className
        self.object = object
    }

    public var description: String { "\(className)[\(object)]" }
}
