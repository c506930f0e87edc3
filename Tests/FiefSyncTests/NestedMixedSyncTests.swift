@_spi(Sync) import FiefSync
import Foundation
import ServerProcessSupport
import XCTest

/// A note whose value may hold lists and dictionaries.
final class MixedNote: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var value: AnyRealmValue
}

/// An actor holding a realm of mixed notes.
private actor MixedNoteHolder {
    var realm: Realm!

    init(_ configuration: Realm.Configuration, behavior: Realm.OpenBehavior = .never) async throws {
        realm = try await Realm(configuration: configuration, actor: self, downloadBeforeOpen: behavior)
    }

    func create(_ id: String) throws {
        try realm.write {
            realm.create(MixedNote.self, value: ["id": id, "value": AnyRealmValue.fromArray([.int(1), .fromDictionary(["k": .fromArray([.string("x")])])])])
        }
    }

    /// Appends `text` to the list under "k" of the dictionary at position 1.
    func appendInside(_ id: String, _ text: String) throws {
        let note = try XCTUnwrap(realm.object(ofType: MixedNote.self, forPrimaryKey: id))
        try realm.write { note.value.listValue![1].dictionaryValue!["k"]!.listValue!.append(.string(text)) }
    }

    /// The note's value as text, or nil without the note.
    func value(_ id: String) -> String? {
        realm.refresh()
        return realm.object(ofType: MixedNote.self, forPrimaryKey: id).map { "\($0.value)" }
    }

    func session() -> SyncSession? { realm.syncSession }
}

/// Nested collections in mixed values travel through a real `fief-server`.
final class NestedMixedSyncTests: SyncTestCase {
    func testAChangeInsideANestedCollectionReachesTheOtherDevice() async throws {
        let phoneApp = makeApp(device: "phone")
        let user = try await register("nia", on: phoneApp)
        var configuration = user.configuration(realmURL: URL(string: "realm://127.0.0.1:\(serverPort)/~/mixed")!)
        configuration.objectTypes = [MixedNote.self]
        let phone = try await MixedNoteHolder(configuration)
        try await phone.create("n")
        try await phone.session()!.wait(for: .upload, timeout: .seconds(60))

        let laptopApp = makeApp(device: "laptop")
        let same = try await laptopApp.login(credentials: .emailPassword(email: "nia", password: "correct horse battery"))
        var laptopConfiguration = same.configuration(realmURL: URL(string: "realm://127.0.0.1:\(serverPort)/~/mixed")!)
        laptopConfiguration.objectTypes = [MixedNote.self]
        let laptop = try await MixedNoteHolder(laptopConfiguration, behavior: .always)
        let received = await laptop.value("n")
        let sent = await phone.value("n")
        XCTAssertNotNil(received)
        XCTAssertEqual(received, sent)

        try await laptop.appendInside("n", "from laptop")
        try await laptop.session()!.wait(for: .upload, timeout: .seconds(60))
        try await phone.session()!.wait(for: .download, timeout: .seconds(60))
        let updated = await phone.value("n")
        XCTAssertTrue(updated?.contains("from laptop") == true, updated ?? "no note")
        let laptopValue = await laptop.value("n")
        XCTAssertEqual(updated, laptopValue)
    }
}
