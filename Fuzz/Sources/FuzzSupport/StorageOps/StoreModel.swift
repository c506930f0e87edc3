/// The expected content of one tree: a dictionary plus its keys in byte order.
public struct TreeModel: Equatable, Sendable {
    public private(set) var entries: [[UInt8]: [UInt8]] = [:]
    public private(set) var keys: [[UInt8]] = []

    public init() {}

    public var count: Int { keys.count }

    /// Index of the first key >= `key`.
    public func lowerBound(_ key: [UInt8]) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid].lexicographicallyPrecedes(key) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Index of the first key > `key`.
    public func upperBound(_ key: [UInt8]) -> Int {
        let index = lowerBound(key)
        return index < keys.count && keys[index] == key ? index + 1 : index
    }

    public mutating func put(_ key: [UInt8], _ value: [UInt8]) {
        if entries.updateValue(value, forKey: key) == nil { keys.insert(key, at: lowerBound(key)) }
    }

    /// Removes `key`; returns whether it was there.
    @discardableResult
    public mutating func delete(_ key: [UInt8]) -> Bool {
        guard entries.removeValue(forKey: key) != nil else { return false }
        keys.remove(at: lowerBound(key))
        return true
    }
}

/// The expected content of a whole store at one version.
public struct StoreModel: Equatable, Sendable {
    public var trees: [String: TreeModel] = [:]

    public init() {}

    /// Tree names in the store's order (bytewise over UTF-8).
    public var sortedNames: [String] {
        trees.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
