/// One instruction of a changeset: one thing a write transaction did, carrying its values so
/// the changeset alone can replay it (FORMAT.md, "Changesets").
enum ChangesetInstruction: Equatable, Sendable {
    case addClass(className: String, isEmbedded: Bool)
    case addProperty(className: String, property: String, type: PropertyType, collection: CollectionKind, isOptional: Bool, objectClassName: String?)
    case createObject(className: String, key: UInt64, primaryKey: StoredValue)
    /// Objects of one class created one after another whose primary keys follow from their
    /// keys (the class has none, or an Int primary key the keys are made from): what a bulk
    /// load records, 8 bytes an object. ``ChangesetBuilder`` makes it from `createObject`s.
    case createObjects(className: String, keys: [UInt64], intPrimaryKeys: Bool)
    case eraseObject(className: String, key: UInt64)
    case set(className: String, key: UInt64, property: String, value: StoredValue)
    case listInsert(className: String, key: UInt64, property: String, index: Int, value: StoredValue)
    case listSet(className: String, key: UInt64, property: String, index: Int, value: StoredValue)
    case listMove(className: String, key: UInt64, property: String, from: Int, to: Int)
    case listErase(className: String, key: UInt64, property: String, index: Int)
    case listClear(className: String, key: UInt64, property: String)

    var className: String {
        switch self {
        case .addClass(let c, _), .addProperty(let c, _, _, _, _, _), .createObject(let c, _, _), .createObjects(let c, _, _),
             .eraseObject(let c, _),
             .set(let c, _, _, _), .listInsert(let c, _, _, _, _), .listSet(let c, _, _, _, _),
             .listMove(let c, _, _, _, _), .listErase(let c, _, _, _), .listClear(let c, _, _): c
        }
    }
}

/// The instructions of one write transaction, in order.
struct Changeset: Equatable, Sendable {
    var instructions: [ChangesetInstruction] = []
    var isEmpty: Bool { instructions.isEmpty }

    /// Calls `body` with every instruction in order, a `createObjects` run as one
    /// `createObject` per object.
    func forEachSpelledOut(_ body: (ChangesetInstruction) throws -> Void) rethrows {
        for instruction in instructions {
            guard case let .createObjects(c, keys, intPrimaryKeys) = instruction else { try body(instruction); continue }
            for key in keys {
                try body(.createObject(className: c, key: key, primaryKey: ChangesetBuilder.primaryKey(of: key, int: intPrimaryKeys)))
            }
        }
    }

    /// The number of instructions ``forEachSpelledOut(_:)`` gives.
    var spelledOutCount: Int {
        instructions.reduce(0) { count, instruction in
            if case let .createObjects(_, keys, _) = instruction { count + keys.count } else { count + 1 }
        }
    }
}

/// Records a write transaction's instructions as it runs.
struct ChangesetBuilder {
    private var instructions: [ChangesetInstruction] = []
    /// Creations in a row of one class whose primary keys their keys say, not yet in
    /// `instructions`: kept apart so that each adds 8 bytes to an array growing in place.
    private var run: (className: String, keys: [UInt64], intPrimaryKeys: Bool)?
    /// The table id (`TableBinding.tableID`, one per class name in the process) of the class
    /// of `run` when ``appendCreation(className:tableID:key:primaryKey:)`` started or joined it:
    /// the next creation of the class joins on a comparison of two ints instead of two names.
    /// Nil whenever `run` is (``endRun()`` clears both).
    private var runTableID: Int?

    /// What was recorded so far; a run of several creations is one `createObjects`.
    var changeset: Changeset {
        guard let run else { return Changeset(instructions: instructions) }
        return Changeset(instructions: instructions + [Self.instruction(run)])
    }

    /// Appends `instruction`; a `createObject` that follows another of the same class, both
    /// with a primary key their keys say, joins it in a `createObjects` run.
    mutating func append(_ instruction: ChangesetInstruction) {
        if case let .createObject(c, key, pk) = instruction, let int = Self.runKind(key, pk) {
            if let current = run, current.className == c, current.intPrimaryKeys == int {
                run!.keys.append(key)
                return
            }
            endRun()
            run = (c, [key], int)
            return
        }
        endRun()
        instructions.append(instruction)
    }

    /// Appends `.createObject(className:key:primaryKey:)`: what ``append(_:)`` does, without
    /// making the instruction when the creation joins the current run (a bulk insert's case).
    /// `tableID` is the class's `TableBinding.tableID`.
    mutating func appendCreation(className: String, tableID: Int, key: UInt64, primaryKey: StoredValue) {
        if runTableID == tableID, let int = Self.runKind(key, primaryKey), run!.intPrimaryKeys == int {
            run!.keys.append(key)
            return
        }
        append(.createObject(className: className, key: key, primaryKey: primaryKey))
        if run?.className == className { runTableID = tableID }
    }

    private mutating func endRun() {
        guard let finished = run else { return }
        run = nil
        runTableID = nil
        instructions.append(Self.instruction(finished))
    }

    private static func instruction(_ run: (className: String, keys: [UInt64], intPrimaryKeys: Bool)) -> ChangesetInstruction {
        guard run.keys.count == 1 else { return .createObjects(className: run.className, keys: run.keys, intPrimaryKeys: run.intPrimaryKeys) }
        return .createObject(className: run.className, key: run.keys[0], primaryKey: primaryKey(of: run.keys[0], int: run.intPrimaryKeys))
    }

    /// Whether a creation can join a run: true when `primaryKey` is the Int primary key `key`
    /// is made from, false when there is no primary key, nil otherwise.
    static func runKind(_ key: UInt64, _ primaryKey: StoredValue) -> Bool? {
        switch primaryKey {
        case .null: false
        case .int(let i) where TableBinding.key(forIntPrimaryKey: i) == key: true
        default: nil
        }
    }

    /// The primary key a creation in a run had.
    static func primaryKey(of key: UInt64, int: Bool) -> StoredValue {
        int ? .int(TableBinding.intPrimaryKey(forKey: key)) : .null
    }
}
