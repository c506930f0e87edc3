@_spi(Sync) import Fief

/// The index algebra of concurrent list operations on one list.
///
/// `left` happened first in the server's order; both are defined on the same list. Each rule
/// returns the operations to apply after the other one, so that `left` then `right'` and
/// `right` then `left'` give the same list. A move is an erase followed by an insert of the same
/// element, and is transformed as such.
enum ListOperation: Equatable {
    case insert(Int, SyncValue)
    case erase(Int)
    case set(Int, SyncValue)
    case move(from: Int, to: Int)

    /// Where the element at `index` is after this operation; nil if the operation erased or
    /// replaced it.
    func position(of index: Int) -> Int? {
        switch self {
        case .insert(let j, _): return index >= j ? index + 1 : index
        case .erase(let j): return index == j ? nil : (index > j ? index - 1 : index)
        case .set(let j, _): return index == j ? nil : index
        case .move(let f, let t):
            if index == f { return t }
            let removed = index > f ? index - 1 : index
            return removed >= t ? removed + 1 : removed
        }
    }

    /// Transforms `left` and `right`; `leftWins` decides conflicting writes of one element.
    static func transform(_ left: ListOperation, _ right: ListOperation, leftWins: Bool) -> ([ListOperation], [ListOperation]) {
        switch (left, right) {
        case let (.insert(i, a), .insert(j, b)):
            // Equal positions: the left (earlier) element goes first.
            return i <= j ? ([.insert(i, a)], [.insert(j + 1, b)]) : ([.insert(i + 1, a)], [.insert(j, b)])
        case let (.insert(i, a), .erase(j)):
            return ([.insert(i > j ? i - 1 : i, a)], [.erase(j >= i ? j + 1 : j)])
        case let (.erase(i), .insert(j, b)):
            return ([.erase(i >= j ? i + 1 : i)], [.insert(j > i ? j - 1 : j, b)])
        case let (.erase(i), .erase(j)):
            if i == j { return ([], []) }
            return i < j ? ([.erase(i)], [.erase(j - 1)]) : ([.erase(i - 1)], [.erase(j)])
        case let (.set(i, a), .set(j, b)):
            if i != j { return ([left], [right]) }
            return leftWins ? ([.set(i, a)], []) : ([], [.set(j, b)])
        case let (.set(i, a), .insert(j, _)):
            return ([.set(i >= j ? i + 1 : i, a)], [right])
        case let (.insert(i, _), .set(j, b)):
            return ([left], [.set(j >= i ? j + 1 : j, b)])
        case let (.set(i, a), .erase(j)):
            if i == j { return ([], [right]) }
            return ([.set(i > j ? i - 1 : i, a)], [right])
        case let (.erase(i), .set(j, b)):
            if i == j { return ([left], []) }
            return ([left], [.set(j > i ? j - 1 : j, b)])
        case let (.set(i, a), .move):
            return ([.set(right.position(of: i)!, a)], [right])
        case let (.move, .set(j, b)):
            return ([left], [.set(left.position(of: j)!, b)])
        case let (.move(f1, t1), .move(f2, t2)) where f1 == f2:
            // Both moved the same element: the winner's destination stands.
            return leftWins ? ([.move(from: t2, to: t1)], []) : ([], [.move(from: t1, to: t2)])
        case let (.erase(j), .move(f, t)) where j == f:
            return ([.erase(t)], [])
        case let (.move(f, t), .erase(j)) where j == f:
            return ([], [.erase(t)])
        case (.move, _), (_, .move):
            return transformDecomposed(left, right, leftWins: leftWins)
        }
    }

    /// A move as the erase and the insert it is made of; the insert's value is a placeholder
    /// (the element moves, its value is not carried).
    private var parts: [ListOperation] {
        if case let .move(f, t) = self { return [.erase(f), .insert(t, .null)] }
        return [self]
    }

    /// Transforms through the parts of the moves, then puts each move back together.
    private static func transformDecomposed(_ left: ListOperation, _ right: ListOperation, leftWins: Bool) -> ([ListOperation], [ListOperation]) {
        let (l, r) = TransformGrid.run(left.parts, right.parts) { transform($0, $1, leftWins: leftWins) }
        return (reassemble(l, original: left), reassemble(r, original: right))
    }

    private static func reassemble(_ ops: [ListOperation], original: ListOperation) -> [ListOperation] {
        guard case .move = original else { return ops }
        if ops.count == 2, case let .erase(f) = ops[0], case let .insert(t, _) = ops[1] { return [.move(from: f, to: t)] }
        return ops
    }
}
