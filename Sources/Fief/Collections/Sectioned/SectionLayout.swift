import Foundation

/// Sorted elements grouped into sections: one section per distinct key, in the order the keys
/// first appear, each holding its elements in sorted order.
struct SectionLayout<Key: Hashable, Element> {
    var keys: [Key] = []
    var items: [[Element]] = []
    var sectionOfKey: [Key: Int] = [:]
    /// For each element in sorted order, its position.
    var paths: [IndexPath] = []
    /// For each element in sorted order, its identity (an object key, or an interned value).
    var identities: [UInt64] = []

    init() {}

    init(_ elements: [Element], key: (Element) -> Key, identity: (Element) -> UInt64) {
        paths.reserveCapacity(elements.count)
        identities.reserveCapacity(elements.count)
        for element in elements {
            let k = key(element)
            let section: Int
            if let s = sectionOfKey[k] {
                section = s
            } else {
                section = keys.count
                sectionOfKey[k] = section
                keys.append(k)
                items.append([])
            }
            paths.append(IndexPath(item: items[section].count, section: section))
            items[section].append(element)
            identities.append(identity(element))
        }
    }
}

/// The section-level changes between two layouts, worked out from the change of their sorted
/// elements.
struct SectionChanges {
    var deletions: [IndexPath] = []
    var insertions: [IndexPath] = []
    var modifications: [IndexPath] = []
    var sectionsToInsert = IndexSet()
    var sectionsToDelete = IndexSet()

    var isEmpty: Bool {
        deletions.isEmpty && insertions.isEmpty && modifications.isEmpty && sectionsToInsert.isEmpty && sectionsToDelete.isEmpty
    }

    /// `deletions` are old sorted positions, `insertions` and `modifications` new ones (as
    /// ``CollectionDiff`` gives them). A survivor changes position only when it changes section
    /// or, modified, lands at another path; unmodified survivors in the same section just shift.
    init<K, E>(old: SectionLayout<K, E>, new: SectionLayout<K, E>, deletions d: [Int], insertions i: [Int], modifications m: [Int]) {
        for (s, key) in old.keys.enumerated() where new.sectionOfKey[key] == nil { sectionsToDelete.insert(s) }
        for (s, key) in new.keys.enumerated() where old.sectionOfKey[key] == nil { sectionsToInsert.insert(s) }
        let deleted = Set(d), inserted = Set(i), modified = Set(m)
        for o in d where !sectionsToDelete.contains(old.paths[o].section) { deletions.append(old.paths[o]) }
        for n in i { insertions.append(new.paths[n]) }
        let keptOld = old.paths.indices.filter { !deleted.contains($0) }
        let keptNew = new.paths.indices.filter { !inserted.contains($0) }
        for (o, n) in zip(keptOld, keptNew) {
            let before = old.paths[o], after = new.paths[n]
            if old.keys[before.section] != new.keys[after.section] {
                if !sectionsToDelete.contains(before.section) { deletions.append(before) }
                insertions.append(after)
            } else if modified.contains(n) {
                if before == after {
                    modifications.append(after)
                } else {
                    deletions.append(before)
                    insertions.append(after)
                }
            }
        }
        deletions.sort()
        insertions.sort()
        modifications.sort()
    }

    /// Only the changes that concern the section keyed `key`.
    func restricted<K, E>(to key: K, old: SectionLayout<K, E>, new: SectionLayout<K, E>) -> SectionChanges {
        var c = SectionChanges()
        c.deletions = deletions.filter { old.keys[$0.section] == key }
        c.insertions = insertions.filter { new.keys[$0.section] == key }
        c.modifications = modifications.filter { new.keys[$0.section] == key }
        c.sectionsToDelete = sectionsToDelete.filteredIndexSet { old.keys[$0] == key }
        c.sectionsToInsert = sectionsToInsert.filteredIndexSet { new.keys[$0] == key }
        return c
    }

    private init() {}
}
