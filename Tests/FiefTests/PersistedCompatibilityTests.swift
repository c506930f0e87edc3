import Fief
import Foundation
import XCTest

/// RealmSwift's `PersistableEnum.init()` and `LinkingObjectsProtocol` requirements.
final class PersistedCompatibilityTests: XCTestCase {
    func testAPersistableEnumsInitIsItsFirstCase() {
        XCTAssertEqual(CodableColor(), .red)
        XCTAssertEqual(CodableAllTypes().color, .red, "and the default of a property declared without one")
    }

    func testLinkingObjectsProtocolMakesUnmanagedBacklinks() throws {
        func make<L: LinkingObjectsProtocol>(_ type: L.Type, _ element: L.Element.Type) -> L {
            L(fromType: element, property: "pets")
        }
        let owners = make(LinkingObjects<CodableOwner>.self, CodableOwner.self)
        XCTAssertEqual(owners.count, 0)
        XCTAssertNil(owners.realm)

        let realm = try Realm(configuration: memoryConfiguration(codableTypes))
        let pet = CodablePet(value: ["id": 1, "name": "Rex"])
        let owner = CodableOwner(value: ["name": "Ann"])
        owner.pets.append(pet)
        try realm.write { realm.add(owner) }
        XCTAssertEqual(pet.owners.map(\.name), ["Ann"], "@Persisted(originProperty:) builds its value with the protocol's init")
    }
}
