/// One instruction of a changeset: one thing a write transaction did, carrying its values so
/// the changeset alone can replay it (FORMAT.md, "Changesets").
enum ChangesetInstruction: Equatable, Sendable {
    case addClass(className: String, isEmbedded: Bool)
    case addProperty(className: String, property: String, type: PropertyType, collection: CollectionKind, isOptional: Bool, objectClassName: String?)
    case createObject(className: String, key: UInt64, primaryKey: StoredValue)
    case eraseObject(className: String, key: UInt64)
    case set(className: String, key: UInt64, property: String, value: StoredValue)
    case listInsert(className: String, key: UInt64, property: String, index: Int, value: StoredValue)
    case listSet(className: String, key: UInt64, property: String, index: Int, value: StoredValue)
    case listMove(className: String, key: UInt64, property: String, from: Int, to: Int)
    case listErase(className: String, key: UInt64, property: String, index: Int)
    case listClear(className: String, key: UInt64, property: String)

    var className: String {
        switch self {
        case .addClass(let c, _), .addProperty(let c, _, _, _, _, _), .createObject(let c, _, _), .eraseObject(let c, _),
             .set(let c, _, _, _), .listInsert(let c, _, _, _, _), .listSet(let c, _, _, _, _),
             .listMove(let c, _, _, _, _), .listErase(let c, _, _, _), .listClear(let c, _, _): c
        }
    }
}

/// The instructions of one write transaction, in order.
struct Changeset: Equatable, Sendable {
    var instructions: [ChangesetInstruction] = []
    var isEmpty: Bool { instructions.isEmpty }
}

/// Records a write transaction's instructions as it runs.
struct ChangesetBuilder {
    private(set) var changeset = Changeset()

    mutating func append(_ instruction: ChangesetInstruction) { changeset.instructions.append(instruction) }
}
