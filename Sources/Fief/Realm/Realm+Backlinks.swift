extension Realm {
    /// The keys of the objects of `origin` whose link column `column` (a to-one link, a list
    /// or a set) names object `key`, in key order.
    func keysLinking(to key: UInt64, from origin: TableBinding, through column: ColumnBinding) throws -> [UInt64] {
        try frozenReading { try keysLinkingNow(to: key, from: origin, through: column) }
    }

    private func keysLinkingNow(to key: UInt64, from origin: TableBinding, through column: ColumnBinding) throws -> [UInt64] {
        var keys: [UInt64] = []
        try table(origin).forEachCluster([column]) { rows in
            for r in 0..<rows.count {
                switch rows.value(0, r) {
                case .link(let k) where k == key: keys.append(rows.key(r))
                case .collection(let items) where items.contains(.link(key)): keys.append(rows.key(r))
                default: break
                }
            }
            return true
        }
        return keys
    }
}
