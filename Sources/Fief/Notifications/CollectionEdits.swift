/// Replays the edits a commit made to one list or set to find what RealmSwift reports for it:
/// the old positions deleted, the new positions inserted, and the new positions whose element
/// was replaced. A move counts as a deletion and an insertion, as in RealmSwift.
enum CollectionEdits {
    /// The changes of `edits` applied to a collection of `oldCount` elements, with the count
    /// they leave; nil when an edit does not fit (the caller then reports a reload).
    static func changes(oldCount: Int, _ edits: [ChangesetInstruction])
        -> (deletions: [Int], insertions: [Int], modifications: [Int], count: Int)? {
        // Each current position: the old position its element came from (nil when inserted),
        // and whether it was replaced since.
        var slots: [(old: Int?, replaced: Bool)] = (0..<oldCount).map { ($0, false) }
        var deletions: [Int] = []
        for edit in edits {
            switch edit {
            case .listInsert(_, _, _, let i, _):
                guard i >= 0 && i <= slots.count else { return nil }
                slots.insert((nil, false), at: i)
            case .listSet(_, _, _, let i, _):
                guard slots.indices.contains(i) else { return nil }
                slots[i].replaced = true
            case .listErase(_, _, _, let i):
                guard slots.indices.contains(i) else { return nil }
                if let old = slots.remove(at: i).old { deletions.append(old) }
            case .listMove(_, _, _, let from, let to):
                guard slots.indices.contains(from), to >= 0 && to < slots.count else { return nil }
                if let old = slots.remove(at: from).old { deletions.append(old) }
                slots.insert((nil, false), at: to)
            case .listClear:
                deletions += slots.compactMap(\.old)
                slots = []
            default:
                return nil
            }
        }
        let insertions = slots.indices.filter { slots[$0].old == nil }
        let modifications = slots.indices.filter { slots[$0].old != nil && slots[$0].replaced }
        return (deletions.sorted(), insertions, modifications, slots.count)
    }
}
