@_spi(Sync) import Fief

/// A pure, in-memory model of a realm's objects that applies sync instructions with the same
/// total semantics as a real realm (instructions on missing objects are no-ops, links to missing
/// objects are not inserted, erasing an object removes the links to it). The transform's
/// property tests compare two orders of application on it.
struct ModelRealm: Equatable, CustomStringConvertible {
    indirect enum Value: Equatable, CustomStringConvertible {
        case scalar(SyncValue)
        case list([Value])
        case set([SyncValue])  // kept sorted by description, so equal sets compare equal
        case dictionary([String: Value])
        case embedded(Object)

        var description: String {
            switch self {
            case .scalar(let v): "\(v)"
            case .list(let l): "[\(l.map(\.description).joined(separator: ", "))]"
            case .set(let s): "{\(s.map(\.description).joined(separator: ", "))}"
            case .dictionary(let d): "[\(d.keys.sorted().map { "\($0): \(d[$0]!)" }.joined(separator: ", "))]"
            case .embedded(let o): "\(o)"
            }
        }
    }

    struct Object: Equatable, CustomStringConvertible {
        var properties: [String: Value] = [:]
        var description: String { "{" + properties.keys.sorted().map { "\($0)=\(properties[$0]!)" }.joined(separator: " ") + "}" }
    }

    struct Key: Hashable, Comparable {
        let className: String
        let object: SyncObjectID
        static func < (a: Key, b: Key) -> Bool { (a.className, "\(a.object)") < (b.className, "\(b.object)") }
    }

    var objects: [Key: Object] = [:]
    /// The shape new objects get: property name to an empty value of its kind.
    var shape: [String: Value] = [:]

    var description: String { objects.keys.sorted().map { "\($0.className)[\($0.object)] \(objects[$0]!)" }.joined(separator: "\n") }

    mutating func apply(_ instructions: [SyncInstruction]) {
        for i in instructions { apply(i) }
    }

    mutating func apply(_ instruction: SyncInstruction) {
        switch instruction {
        case .addClass, .addProperty: break
        case let .createObject(c, o):
            let key = Key(className: c, object: o)
            if objects[key] == nil { objects[key] = Object(properties: shape) }
        case let .eraseObject(c, o):
            guard objects.removeValue(forKey: Key(className: c, object: o)) != nil else { return }
            for k in objects.keys { objects[k] = Self.unlinking(objects[k]!, c, o) }
        default:
            let t = instruction.target!
            let key = Key(className: t.className, object: t.object)
            guard var object = objects[key] else { return }
            let existing = Set(objects.keys)
            let linkOK: (SyncValue) -> Bool = { v in
                if case let .link(c, o) = v { return existing.contains(Key(className: c, object: o)) }
                return true
            }
            Self.modify(&object, t.path[...]) { value in Self.change(&value, instruction, linkOK) }
            objects[key] = object
        }
    }

    /// Runs `body` on the value at `path` inside `object`, when the path exists.
    private static func modify(_ object: inout Object, _ path: ArraySlice<SyncPathElement>, _ body: (inout Value) -> Void) {
        guard case .property(let p)? = path.first, var value = object.properties[p] else { return }
        let rest = path.dropFirst()
        if rest.isEmpty {
            body(&value)
        } else {
            modify(&value, rest, body)
        }
        object.properties[p] = value
    }

    private static func modify(_ value: inout Value, _ path: ArraySlice<SyncPathElement>, _ body: (inout Value) -> Void) {
        switch (value, path.first) {
        case (.embedded(var o), .property?):
            modify(&o, path, body)
            value = .embedded(o)
        case (.list(var l), .index(let i)?):
            guard i >= 0, i < l.count else { return }
            modify(&l[i], path.dropFirst(), body)
            value = .list(l)
        case (.dictionary(var d), .key(let k)?):
            guard var v = d[k] else { return }
            modify(&v, path.dropFirst(), body)
            d[k] = v
            value = .dictionary(d)
        default:
            return
        }
    }

    private static func newValue(_ v: SyncValue) -> Value {
        v == .embeddedObject ? .embedded(Object(properties: ["n": .scalar(.int(0))])) : .scalar(v)
    }

    private static func change(_ value: inout Value, _ instruction: SyncInstruction, _ linkOK: (SyncValue) -> Bool) {
        switch (instruction, value) {
        case let (.set(_, v, _), _):
            value = linkOK(v) ? newValue(v) : .scalar(.null)
        case let (.addInteger(_, d), .scalar(.int(x))):
            value = .scalar(.int(x &+ d))
        case (.listInsert(_, let i, let v), .list(var l)):
            guard linkOK(v) else { return }
            l.insert(newValue(v), at: min(max(i, 0), l.count))
            value = .list(l)
        case (.listSet(_, let i, let v), .list(var l)):
            guard i >= 0, i < l.count else { return }
            if linkOK(v) { l[i] = newValue(v) } else { l.remove(at: i) }
            value = .list(l)
        case (.listErase(_, let i), .list(var l)):
            guard i >= 0, i < l.count else { return }
            l.remove(at: i)
            value = .list(l)
        case (.listMove(_, let f, let t), .list(var l)):
            guard f >= 0, f < l.count, t >= 0, t < l.count else { return }
            l.insert(l.remove(at: f), at: t)
            value = .list(l)
        case (.setInsert(_, let v), .set(var s)):
            guard linkOK(v), !s.contains(v) else { return }
            s.append(v)
            s.sort { $0.description < $1.description }
            value = .set(s)
        case (.setErase(_, let v), .set(var s)):
            s.removeAll { $0 == v }
            value = .set(s)
        case (.dictionaryInsert(_, let k, let v), .dictionary(var d)):
            d[k] = linkOK(v) ? newValue(v) : .scalar(.null)
            value = .dictionary(d)
        case (.dictionaryErase(_, let k), .dictionary(var d)):
            d[k] = nil
            value = .dictionary(d)
        case (.clear, .list): value = .list([])
        case (.clear, .set): value = .set([])
        case (.clear, .dictionary): value = .dictionary([:])
        default: break
        }
    }

    /// The object without links to `className[object]`: to-one links become null, list and set
    /// elements go, dictionary values become null.
    private static func unlinking(_ o: Object, _ className: String, _ object: SyncObjectID) -> Object {
        func isLink(_ v: SyncValue) -> Bool { v == .link(className: className, object: object) }
        func clean(_ v: Value) -> Value {
            switch v {
            case .scalar(let s): return isLink(s) ? .scalar(.null) : v
            case .list(let l): return .list(l.filter { if case .scalar(let s) = $0 { !isLink(s) } else { true } }.map(clean))
            case .set(let s): return .set(s.filter { !isLink($0) })
            case .dictionary(let d): return .dictionary(d.mapValues(clean))
            case .embedded(let e): return .embedded(unlinking(e, className, object))
            }
        }
        return Object(properties: o.properties.mapValues(clean))
    }
}
