/// A change to a live collection, as `observe` delivers it.
///
/// ```swift
/// let token = realm.objects(Dog.self).observe { change in
///     switch change {
///     case .initial(let dogs): print("\(dogs.count) dogs")
///     case .update(let dogs, let deletions, let insertions, let modifications):
///         print(deletions, insertions, modifications, dogs.count)
///     case .error(let error): print(error)
///     }
/// }
/// ```
///
/// `deletions` are indexes in the previous contents; `insertions` and `modifications` are
/// indexes in the new contents. Removing the deleted indexes from the previous contents, then
/// inserting at the inserted indexes, gives the new contents; the modified objects are at the
/// modification indexes.
public enum RealmCollectionChange<CollectionType> {
    /// The first delivery: the collection as it is now.
    case initial(CollectionType)
    /// A later delivery: what changed since the previous one.
    case update(CollectionType, deletions: [Int], insertions: [Int], modifications: [Int])
    /// The collection can no longer be observed.
    case error(Error)
}

extension RealmCollectionChange: @unchecked Sendable where CollectionType: Sendable {}

extension RealmCollectionChange {
    /// The same change, reported for `collection` (a list observed through results over it).
    func reported<C>(for collection: C) -> RealmCollectionChange<C> {
        switch self {
        case .initial: .initial(collection)
        case .update(_, let deletions, let insertions, let modifications):
            .update(collection, deletions: deletions, insertions: insertions, modifications: modifications)
        case .error(let error): .error(error)
        }
    }
}

/// The index changes between two lists of object keys.
enum CollectionDiff {
    /// Objects in both lists keep their place when they form the longest run in the same
    /// relative order; every other object counts as deleted and inserted (a move). An object
    /// listed more than once (a list may hold one object twice) matches occurrence by occurrence.
    static func diff(old: [UInt64], new: [UInt64], modified: (UInt64) -> Bool)
        -> (deletions: [Int], insertions: [Int], modifications: [Int]) {
        var newIndex: [UInt64: Int] = [:]
        newIndex.reserveCapacity(new.count)
        var repeated = false
        for (i, k) in new.enumerated() where newIndex.updateValue(i, forKey: k) != nil { repeated = true }
        // Positions in `new` of the old objects still present, in old order.
        var common: [(old: Int, new: Int)] = []
        if repeated {
            var positions: [UInt64: ArraySlice<Int>] = [:]
            for (i, k) in new.enumerated() { positions[k, default: []].append(i) }
            for (i, k) in old.enumerated() { if let j = positions[k]?.popFirst() { common.append((i, j)) } }
        } else {
            for (i, k) in old.enumerated() { if let j = newIndex[k] { common.append((i, j)) } }
        }
        let stable = longestIncreasing(common.map(\.new))
        var keptOld = Set<Int>(), keptNew = Set<Int>()
        for c in stable.map({ common[$0] }) { keptOld.insert(c.old); keptNew.insert(c.new) }
        let deletions = old.indices.filter { !keptOld.contains($0) }
        let insertions = new.indices.filter { !keptNew.contains($0) }
        let modifications = new.indices.filter { keptNew.contains($0) && modified(new[$0]) }
        return (deletions, insertions, modifications)
    }

    /// Indexes (into `values`) of one longest strictly increasing subsequence.
    static func longestIncreasing(_ values: [Int]) -> [Int] {
        var tails: [Int] = []          // index into values of the smallest tail per length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < v { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var result: [Int] = []
        var i = tails.last ?? -1
        while i >= 0 { result.append(i); i = previous[i] }
        return result.reversed()
    }
}
