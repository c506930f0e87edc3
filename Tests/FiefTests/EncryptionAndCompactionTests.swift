import Fief
import FiefStorage
import Foundation
import XCTest

final class EncryptionAndCompactionTests: XCTestCase {
    var directory: URL!
    let key = Data((0..<64).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })

    override func setUp() { directory = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    func configuration(_ name: String = "secret.realm", key: Data?) -> Realm.Configuration {
        var config = Realm.Configuration(fileURL: directory.appendingPathComponent(name), objectTypes: [Dog.self, Person.self])
        config.encryptionKey = key
        return config
    }

    func testEncryptedRealmRoundTripsAndLeavesNoPlaintext() throws {
        let marker = "MARKER-4f1e-plaintext"
        do {
            let realm = try Realm(configuration: configuration(key: key))
            try realm.write {
                for i in 0..<300 {
                    realm.add(Dog(value: ["name": "\(marker)-\(i)", "age": i, "breed": marker + String(repeating: "x", count: 3000)]))
                }
            }
        }
        let realm = try Realm(configuration: configuration(key: key))
        XCTAssertEqual(realm.objects(Dog.self).count, 300)
        XCTAssertEqual(realm.objects(Dog.self).filter("name == %@", "\(marker)-7").first?.age, 7)
        // No file the realm made holds the marker.
        let needle = Array(marker.utf8)
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
            XCTAssertFalse(bytes.indices.dropLast(needle.count).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) },
                           "\(name) contains plaintext")
        }
    }

    func testWrongMissingAndMalformedKeysAreDistinctErrors() throws {
        _ = try Realm(configuration: configuration(key: key))
        var wrong = key
        wrong[0] ^= 1
        XCTAssertThrowsError(try Realm(configuration: configuration(key: wrong))) { error in
            guard case .storage(.wrongEncryptionKey)? = (error as? Realm.Error)?.reason else { return XCTFail("\(error)") }
            XCTAssertEqual((error as? Realm.Error)?.code, .invalidDatabase)
        }
        XCTAssertThrowsError(try Realm(configuration: configuration(key: nil))) { error in
            guard case .storage(.encryptionKeyRequired)? = (error as? Realm.Error)?.reason else { return XCTFail("\(error)") }
            XCTAssertEqual((error as? Realm.Error)?.code, .invalidDatabase)
        }
        XCTAssertThrowsError(try Realm(configuration: configuration("other.realm", key: Data(count: 32)))) { error in
            guard case .storage(.invalidEncryptionKey)? = (error as? Realm.Error)?.reason else { return XCTFail("\(error)") }
            XCTAssertEqual((error as? Realm.Error)?.code, .invalidInput)
        }
    }

    func testWriteCopyEncryptsDecryptsAndRekeys() throws {
        let plain = try Realm(configuration: configuration("plain.realm", key: nil))
        try plain.write { plain.add(Dog(value: ["name": "copied"])) }
        let encryptedURL = directory.appendingPathComponent("encrypted.realm")
        try plain.writeCopy(toFile: encryptedURL, encryptionKey: key)
        var config = configuration("encrypted.realm", key: key)
        let encrypted = try Realm(configuration: config)
        XCTAssertEqual(encrypted.objects(Dog.self).first?.name, "copied")
        var newKey = key
        newKey[5] ^= 0xFF
        try encrypted.writeCopy(toFile: directory.appendingPathComponent("rekeyed.realm"), encryptionKey: newKey)
        try encrypted.writeCopy(toFile: directory.appendingPathComponent("decrypted.realm"))
        config = configuration("rekeyed.realm", key: newKey)
        XCTAssertEqual(try Realm(configuration: config).objects(Dog.self).count, 1)
        XCTAssertEqual(try Realm(configuration: configuration("decrypted.realm", key: nil)).objects(Dog.self).count, 1)
    }

    func testShouldCompactOnLaunchShrinksTheFile() throws {
        let url = directory.appendingPathComponent("compact.realm")
        var config = Realm.Configuration(fileURL: url, objectTypes: [Dog.self, Person.self])
        do {
            let realm = try Realm(configuration: config)
            try realm.write {
                for i in 0..<20_000 { realm.add(Dog(value: ["name": "dog \(i) " + String(repeating: "z", count: 40), "age": i])) }
            }
            try realm.write { realm.delete(realm.objects(Dog.self).filter("age >= 1000")) }
        }
        let before = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
        let asked = SizesBox()
        config.shouldCompactOnLaunch = { total, used in
            asked.set(total, used)
            return used < total / 2
        }
        let realm = try Realm(configuration: config)
        let after = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
        XCTAssertEqual(asked.get()?.0, before)
        XCTAssertLessThan(asked.get()?.1 ?? .max, before)
        XCTAssertLessThan(after, before / 2, "compacted from \(before) to \(after)")
        XCTAssertEqual(realm.objects(Dog.self).count, 1000)
        XCTAssertEqual(realm.objects(Dog.self).filter("age == 999").first?.name.hasPrefix("dog 999"), true)
    }
}

/// The sizes `shouldCompactOnLaunch` was called with.
final class SizesBox: @unchecked Sendable {
    private let lock = NSLock()
    private var sizes: (Int, Int)?
    func set(_ total: Int, _ used: Int) { lock.lock(); sizes = (total, used); lock.unlock() }
    func get() -> (Int, Int)? { lock.lock(); defer { lock.unlock() }; return sizes }
}
