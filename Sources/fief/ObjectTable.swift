import Foundation
import Fief

/// Objects as an aligned text table: one column per stored property, one row per object.
struct ObjectTable {
    let objectSchema: ObjectSchema
    /// Cells other than text and to-one links: JSON, links in collections as `"Class#key"`.
    private let encoding = ValueEncoding { .string(try ObjectTable.describe($0)) }
    /// Cells longer than this are cut short with "…".
    static let maximumCellWidth = 40

    /// The header, a rule, and one line per object.
    func render<S: Sequence>(_ objects: S) throws -> String where S.Element == DynamicObject {
        let properties = objectSchema.properties.filter { $0.type != .linkingObjects }
        var rows: [[String]] = [properties.map(\.name)]
        for object in objects {
            rows.append(try properties.map { try cell(object, $0) })
        }
        var widths = Array(repeating: 0, count: properties.count)
        for row in rows {
            for (i, text) in row.enumerated() { widths[i] = max(widths[i], text.count) }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (i, cell) in cells.enumerated() {
                text += i == cells.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0) + "  "
            }
            return text
        }
        var lines = [line(rows[0]), line(widths.map { String(repeating: "-", count: $0) })]
        lines += rows.dropFirst().map(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One value: text as it is, links as `Class(primary key)` or `Class#key`, everything
    /// else as its JSON.
    private func cell(_ object: DynamicObject, _ property: Property) throws -> String {
        let value = try object.value(forProperty: property.name)
        let text: String
        switch value {
        case nil: text = "null"
        case let s as String: text = s
        case let link as DynamicObject where !link.objectSchema.isEmbedded: text = try Self.describe(link)
        case let items as [Any?] where property.type == .object:
            text = "[" + (try items.map { item in
                guard let link = item as? DynamicObject else { return "null" }
                return link.objectSchema.isEmbedded ? try encoding.encode(object: link).text : try Self.describe(link)
            }).joined(separator: ", ") + "]"
        default: text = try encoding.encode(value, property).text
        }
        return Self.shortened(text)
    }

    /// `Person(1)` for an object with a primary key, `Person#12` for one without.
    static func describe(_ object: DynamicObject) throws -> String {
        guard let pk = object.objectSchema.primaryKeyProperty else { return "\(object.className)#\(object.objectKey)" }
        return "\(object.className)(\(try object.value(forProperty: pk.name).map(ValueEncoding.scalar)?.text ?? "null"))"
    }

    /// `text` on one line and at most ``maximumCellWidth`` characters.
    static func shortened(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
        guard flat.count > maximumCellWidth else { return flat }
        return String(flat.prefix(maximumCellWidth - 1)) + "…"
    }
}
