extension SyncChangeset {
    /// The changeset with every global key of file identity `from` (in targets and in link
    /// values, those inside lists and dictionaries too) renamed to `to`. A file names the
    /// objects it created with identity 0 in its own history; it substitutes the identity the
    /// server assigned when it uploads, and back when it downloads.
    @_spi(Sync) public func replacingFileIdent(_ from: UInt64, with to: UInt64) -> SyncChangeset {
        guard from != to else { return self }
        func object(_ o: SyncObjectID) -> SyncObjectID {
            if case .global(var g) = o, g.fileIdent == from { g.fileIdent = to; return .global(g) }
            return o
        }
        func value(_ v: SyncValue) -> SyncValue {
            switch v {
            case let .link(c, o): .link(className: c, object: object(o))
            case let .list(items): .list(items.map(value))
            case let .dictionary(entries): .dictionary(entries.mapValues(value))
            default: v
            }
        }
        func target(_ t: SyncTarget) -> SyncTarget { SyncTarget(className: t.className, object: object(t.object), path: t.path) }
        return SyncChangeset(instructions.map { i in
            switch i {
            case .addClass, .addProperty: i
            case let .createObject(c, o): .createObject(className: c, object: object(o))
            case let .eraseObject(c, o): .eraseObject(className: c, object: object(o))
            case let .set(t, v, d): .set(target(t), value(v), isDefault: d)
            case let .addInteger(t, d): .addInteger(target(t), d)
            case let .listInsert(t, x, v): .listInsert(target(t), index: x, value(v))
            case let .listSet(t, x, v): .listSet(target(t), index: x, value(v))
            case let .listMove(t, f, to): .listMove(target(t), from: f, to: to)
            case let .listErase(t, x): .listErase(target(t), index: x)
            case let .setInsert(t, v): .setInsert(target(t), value(v))
            case let .setErase(t, v): .setErase(target(t), value(v))
            case let .dictionaryInsert(t, k, v): .dictionaryInsert(target(t), key: k, value(v))
            case let .dictionaryErase(t, k): .dictionaryErase(target(t), key: k)
            case let .clear(t): .clear(target(t))
            }
        })
    }
}
