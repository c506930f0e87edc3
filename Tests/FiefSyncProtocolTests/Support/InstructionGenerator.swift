@_spi(Sync) import Fief
import Foundation

/// Random instructions of every kind, valid on a given ``ModelRealm`` state, aimed at a few
/// objects so that concurrent ones collide often.
enum InstructionGenerator {
    enum Kind: CaseIterable {
        case set, addInteger, listInsert, listSet, listMove, listErase, listClear
        case linkInsert, linkSet, setInsert, setErase, setClear, dictionaryInsert, dictionaryErase, dictionaryClear
        case embeddedSet, embeddedPropertySet, embeddedListInsert, embeddedListPropertySet, embeddedListErase, embeddedListMove
        case create, eraseTarget, eraseLinked
    }

    static let a = SyncObjectID.primaryKey(.int(1))
    static let b = SyncObjectID.primaryKey(.int(2))
    static let x = SyncObjectID.global(GlobalKey(fileIdent: 7, sequence: 1))
    static let y = SyncObjectID.primaryKey(.string("y"))

    /// The state both sides start from: A, B and X with a little of everything. Lists of links
    /// hold links to B only (see the note in TransformPropertyTests).
    static func base() -> ModelRealm {
        var m = ModelRealm()
        m.shape = ["s": .scalar(.int(0)), "l": .list([]), "ll": .list([]), "st": .set([]), "d": .dictionary([:]),
                   "e": .scalar(.null), "el": .list([])]
        for o in [a, b, x] { m.apply(.createObject(className: "C", object: o)) }
        func t(_ p: String) -> SyncTarget { SyncTarget(className: "C", object: a, property: p) }
        m.apply([.set(t("s"), .int(5), isDefault: false),
                 .listInsert(t("l"), index: 0, .int(10)), .listInsert(t("l"), index: 1, .int(11)), .listInsert(t("l"), index: 2, .int(12)),
                 .listInsert(t("ll"), index: 0, .link(className: "C", object: b)),
                 .setInsert(t("st"), .int(1)), .setInsert(t("st"), .int(2)),
                 .dictionaryInsert(t("d"), key: "k1", .int(1)),
                 .set(t("e"), .embeddedObject, isDefault: false),
                 .listInsert(t("el"), index: 0, .embeddedObject), .listInsert(t("el"), index: 1, .embeddedObject)])
        return m
    }

    private static func target(_ path: SyncPathElement...) -> SyncTarget { SyncTarget(className: "C", object: a, path: path) }

    private static func count(_ m: ModelRealm, _ p: String) -> Int {
        if case .list(let l)? = m.objects[ModelRealm.Key(className: "C", object: a)]?.properties[p] { return l.count }
        return 0
    }

    /// An instruction of `kind` valid on `m`, or nil when `kind` has nothing to act on there.
    static func make(_ kind: Kind, on m: ModelRealm, _ rng: inout SeededRandom) -> SyncInstruction? {
        let value = SyncValue.int(Int64.random(in: 0..<100, using: &rng))
        let n = count(m, "l"), nl = count(m, "ll"), ne = count(m, "el")
        func idx(_ c: Int) -> Int? { c == 0 ? nil : Int.random(in: 0..<c, using: &rng) }
        let link = SyncValue.link(className: "C", object: Bool.random(using: &rng) ? b : x)
        let setValue = SyncValue.int(Int64.random(in: 0..<4, using: &rng))
        let key = ["k1", "k2"].randomElement(using: &rng)!
        switch kind {
        case .set: return .set(target(.property("s")), value, isDefault: false)
        case .addInteger: return .addInteger(target(.property("s")), Int64.random(in: 1..<10, using: &rng))
        case .listInsert: return .listInsert(target(.property("l")), index: Int.random(in: 0...n, using: &rng), value)
        case .listSet: return idx(n).map { .listSet(target(.property("l")), index: $0, value) }
        case .listMove: return idx(n).flatMap { f in idx(n).map { .listMove(target(.property("l")), from: f, to: $0) } }
        case .listErase: return idx(n).map { .listErase(target(.property("l")), index: $0) }
        case .listClear: return .clear(target(.property("l")))
        case .linkInsert: return .listInsert(target(.property("ll")), index: Int.random(in: 0...nl, using: &rng), link)
        case .linkSet: return idx(nl).map { .listSet(target(.property("ll")), index: $0, link) }
        case .setInsert: return .setInsert(target(.property("st")), Bool.random(using: &rng) ? setValue : link)
        case .setErase: return .setErase(target(.property("st")), setValue)
        case .setClear: return .clear(target(.property("st")))
        case .dictionaryInsert: return .dictionaryInsert(target(.property("d")), key: key, Bool.random(using: &rng) ? value : link)
        case .dictionaryErase: return .dictionaryErase(target(.property("d")), key: key)
        case .dictionaryClear: return .clear(target(.property("d")))
        case .embeddedSet: return .set(target(.property("e")), .embeddedObject, isDefault: false)
        case .embeddedPropertySet: return .set(target(.property("e"), .property("n")), value, isDefault: false)
        case .embeddedListInsert: return .listInsert(target(.property("el")), index: Int.random(in: 0...ne, using: &rng), .embeddedObject)
        case .embeddedListPropertySet: return idx(ne).map { .set(target(.property("el"), .index($0), .property("n")), value, isDefault: false) }
        case .embeddedListErase: return idx(ne).map { .listErase(target(.property("el")), index: $0) }
        case .embeddedListMove: return idx(ne).flatMap { f in idx(ne).map { .listMove(target(.property("el")), from: f, to: $0) } }
        case .create: return .createObject(className: "C", object: Bool.random(using: &rng) ? y : a)
        case .eraseTarget: return .eraseObject(className: "C", object: a)
        case .eraseLinked: return .eraseObject(className: "C", object: x)
        }
    }

    /// A changeset of up to `maximum` random instructions, each valid after the ones before.
    static func sequence(on m: ModelRealm, maximum: Int, _ rng: inout SeededRandom) -> [SyncInstruction] {
        var state = m
        var out: [SyncInstruction] = []
        for _ in 0..<Int.random(in: 1...maximum, using: &rng) {
            guard let i = make(Kind.allCases.randomElement(using: &rng)!, on: state, &rng) else { continue }
            state.apply(i)
            out.append(i)
        }
        return out
    }
}
