@_spi(Sync) @testable import Fief
import Foundation
import XCTest

/// `Realm.onlyRepeatsSchema`: a server lets a reader's new file send the schema the realm has.
final class RepeatedSchemaTests: XCTestCase {
    func testANewFilesSchemaEntryRepeatsTheSchemaOfARealmThatHasIt() throws {
        let server = try syncRealm()
        let newFile = try syncRealm()
        let schemaEntry = try XCTUnwrap(newFile.syncHistoryEntries(after: 0).first).changeset
        XCTAssertTrue(schemaEntry.instructions.contains { if case .addClass = $0 { true } else { false } })
        XCTAssertTrue(server.onlyRepeatsSchema([schemaEntry]))

        // Nothing to repeat; data; a class or property the realm lacks or has otherwise.
        XCTAssertFalse(server.onlyRepeatsSchema([]))
        XCTAssertFalse(server.onlyRepeatsSchema([schemaEntry, SyncChangeset([.createObject(className: "SyPerson", object: pk(1))])]))
        XCTAssertFalse(server.onlyRepeatsSchema([SyncChangeset([.addClass(name: "Unknown", primaryKey: nil, isEmbedded: false)])]))
        let name = SyncPropertySchema(property: try XCTUnwrap(server.schema["SyPerson"]?["name"]))
        XCTAssertTrue(server.onlyRepeatsSchema([SyncChangeset([.addProperty(className: "SyPerson", property: name)])]))
        var otherType = name
        otherType.type = .int
        XCTAssertFalse(server.onlyRepeatsSchema([SyncChangeset([.addProperty(className: "SyPerson", property: otherType)])]))
        var indexed = name
        indexed.isIndexed = true
        XCTAssertFalse(server.onlyRepeatsSchema([SyncChangeset([.addProperty(className: "SyPerson", property: indexed)])]))
        let local = try syncRealm(recording: false, types: [SyTag.self])
        XCTAssertFalse(local.onlyRepeatsSchema([schemaEntry]), "a realm without the classes does not have them")
    }
}
