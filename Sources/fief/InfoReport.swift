import FiefStorage
import Foundation

/// What `fief info` shows about a store, as text for people or JSON for scripts.
struct InfoReport: Codable, Equatable {
    /// One tree and its number of entries.
    struct TreeEntry: Codable, Equatable {
        /// The tree's name.
        var name: String
        /// How many keys it holds.
        var entries: Int
    }

    /// The file as given on the command line.
    var path: String
    /// The file-format version.
    var formatVersion: UInt32
    /// Bytes per page.
    var pageSize: Int
    /// The file's length in bytes.
    var fileSize: UInt64
    /// ``fileSize`` in binary units, such as `"12.3 MiB"`.
    var fileSizeHuman: String
    /// Pages of the newest version, meta pages and free pages included.
    var pageCount: UInt64
    /// Pages that hold meta data, trees and values.
    var usedPages: UInt64
    /// Pages on the free list, to be reused by later writes.
    var freePages: UInt64
    /// The newest committed version.
    var version: UInt64
    /// Every tree in name order.
    var trees: [TreeEntry]

    /// The report for `info`, describing the file at `path`.
    init(path: String, info: StoreInfo) {
        self.path = path
        formatVersion = info.formatVersion
        pageSize = info.pageSize
        fileSize = info.fileSize
        fileSizeHuman = Formatting.bytes(info.fileSize)
        pageCount = info.pageCount
        freePages = info.freePages
        usedPages = info.pageCount >= info.freePages ? info.pageCount - info.freePages : 0
        version = info.version
        trees = info.trees.map { TreeEntry(name: $0.name, entries: $0.entries) }
    }

    /// The report as aligned `label  value` lines, trees last, one per line.
    var text: String {
        let totalEntries = trees.reduce(0) { $0 + $1.entries }
        var lines = [
            ("file", path),
            ("format version", "\(formatVersion)"),
            ("page size", "\(Formatting.count(pageSize)) bytes"),
            ("file size", "\(Formatting.count(fileSize)) bytes (\(fileSizeHuman))"),
            ("pages", "\(Formatting.count(pageCount)) (\(Formatting.count(usedPages)) used, \(Formatting.count(freePages)) free)"),
            ("version", "\(version)"),
            ("trees", "\(Formatting.count(trees.count)) holding \(Formatting.count(totalEntries)) entries"),
        ].map { "\($0.0.padding(toLength: 16, withPad: " ", startingAt: 0))\($0.1)" }
        let width = trees.map(\.name.count).max() ?? 0
        for tree in trees {
            let name = tree.name.padding(toLength: max(width, 1), withPad: " ", startingAt: 0)
            lines.append("  \(name)  \(Formatting.count(tree.entries)) entries")
        }
        return lines.joined(separator: "\n")
    }

    /// The report as pretty-printed JSON with sorted keys.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
