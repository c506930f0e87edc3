/// One step from a collection down to one of its elements: a list position or a dictionary
/// key. A path of steps leads from a property's value to a collection nested in a mixed value.
enum NestedStep: Hashable, Sendable {
    case index(Int)
    case key(String)
}

extension StoredValue {
    /// Whether the value is a list or dictionary held by a mixed value.
    @inline(__always)
    var isNestedCollection: Bool {
        switch self {
        case .nestedList, .nestedMap: true
        default: false
        }
    }

    /// The element `step` leads to: a position of a list (of a list property or nested), or
    /// the value of a key of a map (of a map property or nested); nil when there is none.
    func element(at step: NestedStep) -> StoredValue? {
        switch (step, self) {
        case let (.index(i), .collection(items)), let (.index(i), .nestedList(items)):
            return items.indices.contains(i) ? items[i] : nil
        case let (.key(k), .collection(items)), let (.key(k), .nestedMap(items)):
            return Realm.mapEntries(items).first { $0.0 == k }?.1
        default:
            return nil
        }
    }

    /// The value at the end of `path`, or nil when the path leads nowhere.
    func descending(_ path: some Collection<NestedStep>) -> StoredValue? {
        var value = self
        for step in path {
            guard let next = value.element(at: step) else { return nil }
            value = next
        }
        return value
    }

    /// The value with the element at the end of `path` replaced by `new`, or nil when the
    /// path leads nowhere.
    func replacing(at path: ArraySlice<NestedStep>, with new: StoredValue) -> StoredValue? {
        guard let step = path.first else { return new }
        guard let child = element(at: step), let replaced = child.replacing(at: path.dropFirst(), with: new) else { return nil }
        switch (step, self) {
        case let (.index(i), .collection(items)):
            return .collection(Self.replacing(items, at: i, with: replaced))
        case let (.index(i), .nestedList(items)):
            return .nestedList(Self.replacing(items, at: i, with: replaced))
        case let (.key(k), .collection(items)):
            return .collection(Self.replacing(items, key: k, with: replaced))
        case let (.key(k), .nestedMap(items)):
            return .nestedMap(Self.replacing(items, key: k, with: replaced))
        default:
            return nil
        }
    }

    private static func replacing(_ items: [StoredValue], at i: Int, with new: StoredValue) -> [StoredValue] {
        var items = items
        items[i] = new
        return items
    }

    private static func replacing(_ items: [StoredValue], key: String, with new: StoredValue) -> [StoredValue] {
        var items = items
        if let i = stride(from: 0, to: items.count - 1, by: 2).first(where: { items[$0] == .string(key) }) { items[i + 1] = new }
        return items
    }
}
