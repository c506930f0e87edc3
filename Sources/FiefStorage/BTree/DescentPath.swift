/// The branch steps of the current descent in a write transaction: a fixed-capacity stack
/// (trees are at most `Layout.maximumTreeHeight` deep), reused for every operation.
final class DescentPath {
    private let steps = UnsafeMutablePointer<PathStep>.allocate(capacity: Layout.maximumTreeHeight)
    /// Number of steps recorded.
    @exclusivity(unchecked) private(set) var count = 0

    deinit { steps.deallocate() }

    @inline(__always) func reset() { count = 0 }

    @inline(__always) func append(_ step: PathStep) {
        precondition(count < Layout.maximumTreeHeight, "descent deeper than the maximum tree height")
        steps[count] = step
        count += 1
    }

    @inline(__always) subscript(depth: Int) -> PathStep {
        get {
            assert(depth >= 0 && depth < count)
            return steps[depth]
        }
        set {
            assert(depth >= 0 && depth < count)
            steps[depth] = newValue
        }
    }
}
