// THROWAWAY: computes FORMAT.md's worked example. Deleted after use.
import Fief
import FiefStorage
import Foundation

final class XDog: Object {
    override class func className() -> String { "Dog" }
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var breed: String?
    @Persisted var owner: XPerson?
}

final class XPerson: Object {
    override class func className() -> String { "Person" }
    @Persisted var name = ""
    @Persisted var dogs: List<XDog>
}

final class XSettings: Object {
    override class func className() -> String { "Settings" }
    @Persisted(primaryKey: true) var id = 0
    @Persisted var showToolbar = true
    @Persisted var linesShown = 5
}

final class XContact: Object {
    override class func className() -> String { "Contact" }
    @Persisted(primaryKey: true) var email = ""
    @Persisted var tags: List<String>
    @Persisted var scores: Map<String, Int>
    @Persisted var any: AnyRealmValue
}

func hex(_ b: some Sequence<UInt8>) -> String { b.map { String(format: "%02x", $0) }.joined(separator: " ") }

func exampleBytes() throws {
    let dir = "/tmp/fiefex"
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    do {
        let config = Realm.Configuration(fileURL: URL(fileURLWithPath: dir + "/ex.realm"), objectTypes: [XDog.self, XPerson.self])
        let realm = try Realm(configuration: config)
        try realm.write {
            let bob = XPerson()
            bob.name = "Bob"
            let rex = XDog()
            rex.name = "Rex"; rex.age = 3; rex.breed = "Labrador"; rex.owner = bob
            let fido = XDog()
            fido.name = "Fido"; fido.age = 1
            realm.add(rex)
            realm.add(fido)
            bob.dogs.append(rex)
            bob.dogs.append(fido)
        }
    }
    do {
        let config = Realm.Configuration(fileURL: URL(fileURLWithPath: dir + "/ex2.realm"), objectTypes: [XSettings.self, XContact.self])
        let realm = try Realm(configuration: config)
        try realm.write {
            realm.create(XSettings.self, value: ["id": 1, "showToolbar": false])
            realm.create(XSettings.self, value: ["id": -2])
            let c = XContact()
            c.email = "a\u{0}b@x"
            c.tags.append("x"); c.tags.append("yz")
            c.scores["b"] = 2; c.scores["a"] = -1
            c.any = .double(1.5)
            realm.add(c)
        }
    }
    for file in ["ex.realm", "ex2.realm"] {
        var options = StorageOptions()
        options.readOnly = true
        let store = try Store(path: dir + "/" + file, options: options)
        print("== \(file) page size \(store.pageSize)")
        try store.read { txn in
            for name in try txn.treeNames() {
                print("-- tree \(name)")
                try txn.tree(name)!.forEach { k, v in
                    print("key  [\(k.count)] \(hex(k))  \(String(decoding: k, as: UTF8.self).filter { $0.isASCII && !$0.isWhitespace && $0.asciiValue! >= 32 })")
                    print("val  [\(v.count)] \(hex(v))")
                    return true
                }
            }
        }
    }
}
