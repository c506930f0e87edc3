@testable import FiefSync
import Foundation
import XCTest

/// `SyncError.compensatingWriteInfo` reads every form of key the server's `compensatingWrite`
/// message names (FORMAT.md, error 209).
final class CompensatingWriteInfoTests: XCTestCase {
    func testEveryKeyFormIsRead() throws {
        let oid = ObjectId.generate()
        let uuid = UUID()
        let message = "the server said compensatingWrite: the realm's rules refused writes of user 42, which were reverted: "
            + "Task[pk(7)]: role member may not write this object (write filter: owner == $user.id); "
            + "Note[pk(\"a]: b\")]: role member may not create Note objects; "
            + "Tag[pk(oid(\(oid.stringValue)))]: x; Pin[pk(uuid(\(uuid.uuidString)))]: y; Log[3:17]: z; Secret: role member has no access to Secret; and 4 more"
        let error = SyncError(.writeRejected, message)
        let infos = try XCTUnwrap(error.compensatingWriteInfo)
        XCTAssertEqual(infos.map(\.objectType), ["Task", "Note", "Tag", "Pin", "Log", "Secret"])
        XCTAssertEqual(infos.map(\.primaryKey), [.int(7), .string("a]: b"), .objectId(oid), .uuid(uuid), .none, .none])
        XCTAssertEqual(infos[0].reason, "role member may not write this object (write filter: owner == $user.id)")
        XCTAssertEqual(infos[1].reason, "role member may not create Note objects")
        XCTAssertEqual(infos[5].reason, "role member has no access to Secret")
        XCTAssertNil(SyncError(.permissionDenied, message).compensatingWriteInfo)
        XCTAssertEqual(SyncError(.writeRejected, "garbage").compensatingWriteInfo, [])
    }
}
