extension Realm {
    /// The top-level object and path that instructions on object `key` of `binding` start
    /// from: the object itself when it is top-level; for an embedded object, the chain of its
    /// owners. nil for an embedded object that no object holds (one being created, which is
    /// recorded whole when it is attached).
    ///
    /// Owners are cached per write session (an object attached in the session is cached when
    /// it is recorded). An embedded object first touched in a session costs one scan of the
    /// link columns of the classes that can own it (every row of those classes), then the
    /// owner's own lookup, up the chain. The chain is walked in a loop, and a path longer than
    /// a sync path may be is an error (``SyncBase/maximumDepth``).
    func syncBase(_ binding: TableBinding, _ key: UInt64, _ recorder: SyncRecorder) throws -> SyncBase? {
        var (current, currentKey) = (binding, key)
        var steps: [[SyncPathElement]] = [] // innermost first
        var depth = 0
        while current.isEmbedded {
            let ref = ObjectRef(className: current.className, key: currentKey)
            var owner = recorder.owners[ref]
            var step = try owner.flatMap { try position(of: currentKey, in: $0) }
            if step == nil {
                owner = try findOwner(current, currentKey)
                step = try owner.flatMap { try position(of: currentKey, in: $0) }
                recorder.owners[ref] = owner
            }
            guard let owner, let step else { return nil }
            depth += step.count
            try SyncBase.checkDepth(depth, of: binding.className)
            steps.append(step)
            (current, currentKey) = (owner.binding, owner.key)
        }
        return SyncBase(className: current.className, object: try syncObjectID(current, currentKey), path: steps.reversed().flatMap { $0 })
    }

    /// The path from `owner` to the embedded object `key`: the owner's property, then the
    /// object's index in a list or its key in a map. nil when the owner no longer holds it.
    func position(of key: UInt64, in owner: EmbeddedOwner) throws -> [SyncPathElement]? {
        guard let value = try table(owner.binding).read(owner.key, owner.column) else { return nil }
        let name = owner.column.property.columnName
        switch (owner.column.collection, value) {
        case (.none, .link(let k)) where k == key:
            return [.property(name)]
        case (.list, .collection(let items)), (.set, .collection(let items)):
            return items.firstIndex(of: .link(key)).map { [.property(name), .index($0)] }
        case (.map, .collection(let items)):
            for i in stride(from: 1, to: items.count, by: 2) where items[i] == .link(key) {
                if case .string(let k) = items[i - 1] { return [.property(name), .key(k)] }
            }
            return nil
        default:
            return nil
        }
    }

    /// Scans the link columns of every class that can hold an object of `binding` for the
    /// one that holds `key`.
    private func findOwner(_ binding: TableBinding, _ key: UInt64) throws -> EmbeddedOwner? {
        let wanted = StoredValue.link(key)
        for owner in allBindings.sorted(by: { $0.className < $1.className }) {
            let columns = owner.columns.filter {
                $0.type == .object && $0.property.isStored && $0.property.objectClassName == binding.className
            }
            guard !columns.isEmpty else { continue }
            let deleted = session?.deleted[owner.className] ?? []
            var found: EmbeddedOwner?
            try table(owner).forEachCluster(columns) { rows in
                for r in 0..<rows.count where !deleted.contains(rows.key(r)) {
                    for (i, column) in columns.enumerated() {
                        let holds: Bool
                        switch rows.value(i, r) {
                        case .link(let k): holds = k == key
                        case .collection(let items): holds = items.contains(wanted)
                        default: holds = false
                        }
                        if holds {
                            found = EmbeddedOwner(binding: owner, key: rows.key(r), column: column)
                            return false
                        }
                    }
                }
                return true
            }
            if let found { return found }
        }
        return nil
    }
}
