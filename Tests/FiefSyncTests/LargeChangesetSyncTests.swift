@_spi(Sync) import Fief
@_spi(Sync) import FiefSync
import Foundation
import ServerProcessSupport
import XCTest

/// The size limit of one synced write transaction (`SyncChangesetCoding.maximumEncodedSize`)
/// against a real `fief-server` with its default limits: a write just under it reaches another
/// device; a write over it fails on the device and leaves sync working.
final class LargeChangesetSyncTests: SyncTestCase {
    func testTheLargestWriteSyncsAndALargerOneFailsWithoutStoppingSync() async throws {
        let writerApp = makeApp(device: "writer")
        let user = try await register("lena", on: writerApp)
        let writer = try await RealmHolder(notesConfiguration(user))
        // A note whose text fills the changeset to within 4 KiB of the limit.
        let largest = SyncChangesetCoding.maximumEncodedSize - 4096
        try await writer.write("large", text: String(repeating: "a", count: largest))
        // One more byte than the limit allows cannot be recorded: the write fails, nothing is committed.
        do {
            try await writer.write("too-large", text: String(repeating: "b", count: SyncChangesetCoding.maximumEncodedSize))
            XCTFail("a write over the limit was committed")
        } catch RealmError.invalidValue(let message) {
            XCTAssertTrue(message.contains("at most \(SyncChangesetCoding.maximumEncodedSize) bytes"), message)
        }
        try await writer.write("after", text: "small")
        try await writer.session()!.wait(for: .upload, timeout: .seconds(120))

        let readerApp = makeApp(device: "reader")
        let reader = try await readerApp.login(credentials: .emailPassword(email: "lena", password: "correct horse battery"))
        let copy = try await RealmHolder(notesConfiguration(reader), behavior: .always)
        let ids = await copy.ids()
        XCTAssertEqual(ids, ["large", "after"])
        let length = await copy.textLength("large")
        XCTAssertEqual(length, largest)
    }
}

extension RealmHolder {
    /// The UTF-8 length of note `id`'s text, nil when there is no such note.
    func textLength(_ id: String) -> Int? {
        realm.refresh()
        return realm.object(ofType: Note.self, forPrimaryKey: id)?.text.utf8.count
    }
}
