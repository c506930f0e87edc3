import FiefSync
import XCTest

final class ModuleTests: XCTestCase {
    func testReexportsFief() throws {
        let configuration = Realm.Configuration(inMemoryIdentifier: "reexport")
        XCTAssertNoThrow(try Realm(configuration: configuration))
    }
}
