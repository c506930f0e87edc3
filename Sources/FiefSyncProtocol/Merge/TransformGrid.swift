/// Transforms two sequences of operations against each other, given the rule for one pair.
///
/// `left` and `right` start from the same state. Each element of `right` is transformed past
/// every element of `left` in turn, and the elements of `left` past it, so that applying
/// `left` then `right'` gives the same state as `right` then `left'`, whenever the pair rule has
/// that property. A pair may turn into several operations or none.
enum TransformGrid {
    static func run<Op>(_ left: [Op], _ right: [Op], _ rule: (Op, Op) -> ([Op], [Op])) -> ([Op], [Op]) {
        if left.isEmpty || right.isEmpty { return (left, right) }
        if left.count == 1 && right.count == 1 { return rule(left[0], right[0]) }
        if left.count > 1 {
            let (first, right1) = run([left[0]], right, rule)
            let (rest, right2) = run(Array(left.dropFirst()), right1, rule)
            return (first + rest, right2)
        }
        let (left1, first) = run(left, [right[0]], rule)
        let (left2, rest) = run(left1, Array(right.dropFirst()), rule)
        return (left2, first + rest)
    }
}
