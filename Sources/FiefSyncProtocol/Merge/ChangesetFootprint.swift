@_spi(Sync) import Fief

/// The objects a changeset touches, erases and links to: two changesets whose footprints do
/// not meet pass each other unchanged, which is the common case of concurrent changesets (they
/// touch different objects) and skips the pairwise rules.
struct ChangesetFootprint: Sendable {
    struct ObjectRef: Hashable, Sendable {
        let className: String
        let object: SyncObjectID
    }

    private var touched = Set<ObjectRef>()
    private var erased = Set<ObjectRef>()
    private var linked = Set<ObjectRef>()

    init(_ instructions: [SyncInstruction]) {
        for i in instructions {
            switch i {
            case .addClass, .addProperty: break
            case let .createObject(c, o): touched.insert(ObjectRef(className: c, object: o))
            case let .eraseObject(c, o):
                touched.insert(ObjectRef(className: c, object: o))
                erased.insert(ObjectRef(className: c, object: o))
            case let .listInsert(t, _, v), let .listSet(t, _, v):
                touched.insert(ObjectRef(className: t.className, object: t.object))
                if case let .link(c, o) = v { linked.insert(ObjectRef(className: c, object: o)) }
            default:
                if let t = i.target { touched.insert(ObjectRef(className: t.className, object: t.object)) }
            }
        }
    }

    /// Whether an instruction of one side can interact with one of the other: they touch a
    /// common object, or one erases an object the other links to in a list.
    func mayInteract(with other: ChangesetFootprint) -> Bool {
        !touched.isDisjoint(with: other.touched) || !erased.isDisjoint(with: other.linked) || !other.erased.isDisjoint(with: linked)
    }
}
