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

    /// One class of a realm and its number of objects.
    struct ClassEntry: Codable, Equatable {
        /// The class name.
        var name: String
        /// How many objects it has.
        var objects: Int
        /// Whether its objects are embedded in others.
        var embedded: Bool
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
    /// Versions pinned by readers in this process (fief's own read included); other processes
    /// cannot write while fief has the file open.
    var liveVersions: Int
    /// The realm's schema version; nil for a plain store with no object schema.
    var schemaVersion: UInt64?
    /// The realm's classes in name order, with their object counts (empty for a plain store).
    var classes: [ClassEntry]
    /// Every tree in name order.
    var trees: [TreeEntry]

    /// The report for `info`, describing the file at `path`; `realm` gives the classes.
    init(path: String, info: StoreInfo, realm: (schemaVersion: UInt64, classes: [ClassEntry])? = nil) {
        self.path = path
        formatVersion = info.formatVersion
        pageSize = info.pageSize
        fileSize = info.fileSize
        fileSizeHuman = Formatting.bytes(info.fileSize)
        pageCount = info.pageCount
        freePages = info.freePages
        usedPages = info.pageCount >= info.freePages ? info.pageCount - info.freePages : 0
        version = info.version
        liveVersions = info.pinnedVersions
        schemaVersion = realm?.schemaVersion
        classes = realm?.classes ?? []
        trees = info.trees.map { TreeEntry(name: $0.name, entries: $0.entries) }
    }

    /// The report as aligned `label  value` lines; the classes (for a realm) and the trees
    /// follow their summary line, one per line.
    var text: String {
        let totalEntries = trees.reduce(0) { $0 + $1.entries }
        var lines = [
            ("file", path),
            ("format version", "\(formatVersion)"),
            ("page size", "\(Formatting.count(pageSize)) bytes"),
            ("file size", "\(Formatting.count(fileSize)) bytes (\(fileSizeHuman))"),
            ("pages", "\(Formatting.count(pageCount)) (\(Formatting.count(usedPages)) used, \(Formatting.count(freePages)) free)"),
            ("version", "\(version)"),
            ("live versions", "\(liveVersions)"),
        ].map(Self.row)
        if let schemaVersion {
            let objects = classes.reduce(0) { $0 + $1.objects }
            lines.append(Self.row("schema version", "\(schemaVersion)"))
            lines.append(Self.row("classes", "\(Formatting.count(classes.count)) holding \(Formatting.count(objects)) objects"))
            lines += Self.indented(classes.map {
                ($0.name, "\(Formatting.count($0.objects)) object\($0.objects == 1 ? "" : "s")\($0.embedded ? " (embedded)" : "")")
            })
        }
        lines.append(Self.row("trees", "\(Formatting.count(trees.count)) holding \(Formatting.count(totalEntries)) entries"))
        lines += Self.indented(trees.map { ($0.name, "\(Formatting.count($0.entries)) entries") })
        return lines.joined(separator: "\n")
    }

    /// `label` padded to the value column, then `value`.
    private static func row(_ label: String, _ value: String) -> String {
        "\(label.padding(toLength: 16, withPad: " ", startingAt: 0))\(value)"
    }

    /// `name  value` lines indented by two, the names padded to one width.
    private static func indented(_ items: [(String, String)]) -> [String] {
        let width = max(items.map(\.0.count).max() ?? 0, 1)
        return items.map { "  \($0.0.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.1)" }
    }

    /// The report as pretty-printed JSON with sorted keys.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
