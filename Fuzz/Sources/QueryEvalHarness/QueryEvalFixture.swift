import Fief
import Foundation

/// The small in-memory realm the queries run against, built once per thread (libFuzzer and
/// XCTest both call from one thread; realms are confined to the thread that opened them).
///
/// Ten items, four owners and three tags: big enough that every operator has objects that
/// match and objects that do not, small enough that `SUBQUERY` and `@links` (quadratic on
/// purpose) stay fast.
public final class QueryEvalFixture {
    /// The realm; in memory, named uniquely per fixture.
    public let realm: Realm
    /// Managed objects the `$n` arguments can refer to.
    public let items: [QEItem]
    public let owners: [QEOwner]

    private static let threadKey = "FiefQueryEvalFixture"

    /// The fixture of the calling thread, built on first use.
    ///
    /// The fixture is let go at exit (libFuzzer exits on the thread that ran the inputs), so
    /// that its realm and the realm's parsed-query cache are freed before LeakSanitizer's exit
    /// check. That check cannot follow the pointers Swift packs into enum payloads, and
    /// suppressing the cache's entries by stack frame fails for queries nested deeper than the
    /// stack it records (`lsan.supp`).
    public static func current() throws -> QueryEvalFixture {
        if let fixture = Thread.current.threadDictionary[threadKey] as? QueryEvalFixture { return fixture }
        let fixture = try QueryEvalFixture()
        Thread.current.threadDictionary[threadKey] = fixture
        atexit { Thread.current.threadDictionary.removeObject(forKey: QueryEvalFixture.threadKey) }
        return fixture
    }

    private init() throws {
        let configuration = Realm.Configuration(
            inMemoryIdentifier: "fief-query-eval-\(UUID().uuidString)",
            objectTypes: [QEItem.self, QEOwner.self, QETag.self, QEAddress.self, QEGeo.self]
        )
        let realm = try Realm(configuration: configuration)
        let items = (0..<10).map(Self.makeItem)
        let owners = (0..<4).map(Self.makeOwner)
        try realm.write {
            // Links are set once the objects are managed: an unmanaged graph with links both
            // ways (parent and children) would keep itself alive after the add.
            realm.add(items)
            for (i, item) in items.enumerated() {
                if i > 0 { item.parent = items[(i - 1) / 2] }
                for c in [2 * i + 1, 2 * i + 2] where c < items.count { item.children.append(items[c]) }
                if i % 3 == 0 { item.friends["best"] = items[(i + 3) % items.count] }
                if i % 4 == 1 { item.friends["none"] = QEItem?.none }
            }
            realm.add(owners)
            for (o, owner) in owners.enumerated() {
                for i in stride(from: o, to: items.count, by: o + 1) { owner.items.append(items[i]) }
                if o < 3 { owner.favorite = items[o * 3] }
            }
            owners[3].items.append(items[0]) // a duplicate entry in a list
            for t in 0..<3 {
                let tag = QETag()
                tag.id = t
                tag.label = ["red", "Green", ""][t]
                tag.weights.append(objectsIn: Array(0..<t))
                realm.add(tag)
            }
        }
        self.realm = realm
        self.items = Array(realm.objects(QEItem.self).sorted(byKeyPath: "id"))
        self.owners = Array(realm.objects(QEOwner.self).sorted(byKeyPath: "id"))
    }

    private static let names = ["alpha", "Beta", "gamma", "DELTA", "épsilon", "zeta*", "", "eta eta", "Θeta", "iota?"]

    /// Item `i`: values spread over each type's interesting range (extremes, zero, negatives,
    /// NaN and infinities, empty strings, non-ASCII text, nil).
    private static func makeItem(_ i: Int) -> QEItem {
        let item = QEItem()
        item.id = i
        item.name = names[i]
        item.bool = i % 2 == 0
        item.int = [0, 1, -1, 42, Int.max, Int.min, 7, 7, 100, -100][i]
        item.int8 = Int8(truncatingIfNeeded: i * 37 - 128)
        item.int16 = Int16(truncatingIfNeeded: i * 9_000 - 30_000)
        item.int32 = Int32(i - 5)
        item.int64 = Int64(i) * 1_000_000_007
        item.float = [0, 1.5, -2.25, .infinity, .nan, 3, 3, -0.0, 1e-30, 1e30][i]
        item.double = [0, 1.5, -2.25, .infinity, -.infinity, .nan, 42, 42.0001, 1e-300, -1e300][i]
        item.data = Data((0..<i).map { UInt8($0 * 31 % 256) })
        item.date = Date(timeIntervalSince1970: Double(i * 86_400 - 3 * 86_400) + 0.25)
        item.decimal = Decimal128(string: ["0", "1.5", "-2.25", "1e30", "0.1", "123456789.123456789", "-0", "7", "7.00", "99"][i])!
        item.objectId = ObjectId(bytes: (0..<12).map { UInt8(($0 + i) % 3) })!
        item.uuid = UUID(uuid: (UInt8(i), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(9 - i)))
        item.group = i % 3 == 2 ? nil : i % 3
        item.optString = i % 2 == 1 ? nil : names[(i + 1) % names.count].uppercased()
        item.optDouble = i % 4 == 3 ? nil : Double(i) / 4
        item.optDate = i % 5 == 4 ? nil : Date(timeIntervalSince1970: Double(i))
        item.optBool = [true, false, nil][i % 3]
        item.kind = [.plain, .fancy, .odd][i % 3]
        // Items 5 and 6 hold a nested list and dictionary, with a date and data inside.
        item.mixed = [.none, .int(i), .string("any\(i)"), .double(1.5), .bool(true),
                    .fromArray([.int(i), .date(Date(timeIntervalSince1970: 0)), .fromDictionary(["k": .int(3)])]),
                    .fromDictionary(["k": .string("any\(i)"), "l": .fromArray([.double(1.5), .data(Data([1, 2]))])]),
                    .objectId(ObjectId()), .decimal128(Decimal128(integerLiteral: 7)), .uuid(item.uuid)][i]
        item.ints.append(objectsIn: (0..<(i % 4)).map { $0 * i - 3 })
        item.strings.append(objectsIn: (0..<(i % 3)).map { names[($0 + i) % names.count] })
        item.optDoubles.append(objectsIn: i % 2 == 0 ? [Double(i), nil] : [])
        for tag in ["a", "B", "c", ""].prefix(i % 5) { item.tags.insert(tag) }
        if i % 2 == 1 { item.counts["x"] = i; item.counts["y.z"] = -i }
        if i % 3 != 2 {
            let address = QEAddress()
            address.street = "\(i) Main St"
            address.city = ["Oslo", "oslo", "Paris"][i % 3]
            address.number = i % 2 == 0 ? i : nil
            if i % 2 == 0 { let geo = QEGeo(); geo.lat = Double(i); geo.lon = -Double(i); address.geo = geo }
            item.address = address
        }
        for n in 0..<(i % 3) {
            let address = QEAddress()
            address.city = n == 0 ? "Rome" : "Lima"
            address.number = n
            item.addresses.append(address)
        }
        return item
    }

    private static func makeOwner(_ o: Int) -> QEOwner {
        let owner = QEOwner()
        owner.id = o
        owner.name = ["Ann", "bob", "Çem", "Dee"][o]
        owner.age = [30, 45, 0, -1][o]
        if o != 2 { owner.scores["math"] = 90 - o * 10; owner.scores["art"] = o }
        for nick in ["x", "Y", "zz"].prefix(o) { owner.nicknames.insert(nick) }
        if o % 2 == 0 {
            let home = QEAddress()
            home.city = "Oslo"
            home.street = "Home \(o)"
            owner.home = home
        }
        owner.dates.append(objectsIn: (0..<o).map { Date(timeIntervalSince1970: Double($0 * 1_000)) })
        return owner
    }
}
