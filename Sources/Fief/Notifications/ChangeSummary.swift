/// What a run of changesets did, per class: objects created, erased and which properties of
/// which objects were set. Notifications are computed from it.
struct ChangeSummary {
    /// Objects that did not exist before the run and do after it.
    var inserted: [String: Set<UInt64>] = [:]
    var deleted: [String: Set<UInt64>] = [:]
    /// Objects erased and then created again under the same key (an integer primary key) within
    /// the run: they count as modified in every property, since a creation records no `set`s.
    var replaced: [String: Set<UInt64>] = [:]
    var modified: [String: [UInt64: Set<String>]] = [:]
    /// The list and set edits (insert, set, move, erase, clear), in order, per collection.
    var collectionEdits: [CollectionEditKey: [ChangesetInstruction]] = [:]
    var schemaChanged = false

    /// One list or set property of one object.
    struct CollectionEditKey: Hashable {
        let className: String
        let key: UInt64
        let property: String
    }

    init(_ changesets: [Changeset]) {
        for changeset in changesets {
            for instruction in changeset.instructions {
                switch instruction {
                case .addClass, .addProperty: schemaChanged = true
                case let .createObject(c, key, _):
                    created(c, key)
                case let .createObjects(c, keys, _):
                    for key in keys { created(c, key) }
                case let .eraseObject(c, key):
                    if inserted[c]?.remove(key) == nil {
                        replaced[c]?.remove(key)
                        deleted[c, default: []].insert(key)
                    }
                    modified[c]?[key] = nil
                case let .set(c, key, p, _):
                    // Map entries are recorded as `property.key`.
                    let property = p.split(separator: ".", maxSplits: 1).first.map(String.init) ?? p
                    modified[c, default: [:]][key, default: []].insert(property)
                case let .listInsert(c, key, p, _, _), let .listSet(c, key, p, _, _), let .listMove(c, key, p, _, _),
                     let .listErase(c, key, p, _), let .listClear(c, key, p):
                    modified[c, default: [:]][key, default: []].insert(p)
                    collectionEdits[CollectionEditKey(className: c, key: key, property: p), default: []].append(instruction)
                }
            }
        }
    }

    private mutating func created(_ className: String, _ key: UInt64) {
        if deleted[className]?.remove(key) != nil {
            replaced[className, default: []].insert(key)
        } else {
            inserted[className, default: []].insert(key)
        }
    }

    /// Whether object `key` of `className` had any of `properties` (all when nil) set.
    func isModified(_ className: String, _ key: UInt64, _ properties: Set<String>?) -> Bool {
        if replaced[className]?.contains(key) == true { return true }
        guard let changed = modified[className]?[key] else { return false }
        guard let properties else { return true }
        return !changed.isDisjoint(with: properties)
    }

    var isEmpty: Bool {
        // An object created and erased within the run leaves an empty set behind.
        inserted.values.allSatisfy(\.isEmpty) && deleted.values.allSatisfy(\.isEmpty)
            && replaced.values.allSatisfy(\.isEmpty) && modified.values.allSatisfy(\.isEmpty) && !schemaChanged
    }
}
