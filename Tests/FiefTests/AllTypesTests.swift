import Fief
import Foundation
import XCTest

final class AllTypesTests: XCTestCase {
    var directory: URL!
    override func setUp() { directory = temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    let id = UUID()
    let oid = ObjectId.generate()
    let date = Date(timeIntervalSince1970: 1_700_000_000.123456)

    func filled() -> AllTypes {
        let o = AllTypes()
        o.id = id
        o.bool = true
        o.int = -42
        o.int8 = -8
        o.int16 = 1600
        o.int32 = -320_000
        o.int64 = Int64.min + 1
        o.float = 1.5
        o.double = 3.25
        o.string = "héllo \u{0}world"
        o.data = Data([0, 1, 2, 255])
        o.date = date
        o.decimal = Decimal128(string: "19.99")!
        o.objectId = oid
        o.optionalInt = 7
        o.optionalString = nil
        o.optionalDate = date
        o.mood = .excited
        o.any = .string("anything")
        o.ints.append(objectsIn: [3, 1, 2])
        o.tags.insert("t")
        o.counts["k"] = 9
        return o
    }

    func check(_ o: AllTypes, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(o.id, id, file: file, line: line)
        XCTAssertEqual(o.bool, true, file: file, line: line)
        XCTAssertEqual(o.int, -42, file: file, line: line)
        XCTAssertEqual(o.int8, -8, file: file, line: line)
        XCTAssertEqual(o.int16, 1600, file: file, line: line)
        XCTAssertEqual(o.int32, -320_000, file: file, line: line)
        XCTAssertEqual(o.int64, Int64.min + 1, file: file, line: line)
        XCTAssertEqual(o.float, 1.5, file: file, line: line)
        XCTAssertEqual(o.double, 3.25, file: file, line: line)
        XCTAssertEqual(o.string, "héllo \u{0}world", file: file, line: line)
        XCTAssertEqual(o.data, Data([0, 1, 2, 255]), file: file, line: line)
        XCTAssertEqual(o.date, date, file: file, line: line)
        XCTAssertEqual(o.decimal, Decimal128(string: "19.99")!, file: file, line: line)
        XCTAssertEqual(o.objectId, oid, file: file, line: line)
        XCTAssertEqual(o.optionalInt, 7, file: file, line: line)
        XCTAssertNil(o.optionalString, file: file, line: line)
        XCTAssertEqual(o.optionalDate, date, file: file, line: line)
        XCTAssertEqual(o.mood, .excited, file: file, line: line)
        XCTAssertEqual(o.any, .string("anything"), file: file, line: line)
        XCTAssertEqual(Array(o.ints), [3, 1, 2], file: file, line: line)
        XCTAssertEqual(Array(o.tags), ["t"], file: file, line: line)
        XCTAssertEqual(o.counts["k"], 9, file: file, line: line)
    }

    func testEveryTypeRoundTripsThroughTheFile() throws {
        let c = Realm.Configuration(fileURL: directory.appendingPathComponent("t.realm"), objectTypes: [AllTypes.self])
        let unmanaged = filled()
        check(unmanaged)
        do {
            let realm = try Realm(configuration: c)
            try realm.write { realm.add(unmanaged) }
            check(unmanaged)
            check(realm.objects(AllTypes.self).first!)
        }
        let realm = try Realm(configuration: c)
        check(try XCTUnwrap(realm.object(ofType: AllTypes.self, forPrimaryKey: id)))
    }

    func testDefaults() throws {
        let realm = try Realm(configuration: memoryConfiguration([AllTypes.self]))
        let o = try realm.write { realm.create(AllTypes.self) }
        XCTAssertEqual(o.int, 0)
        XCTAssertEqual(o.string, "")
        XCTAssertEqual(o.data, Data())
        XCTAssertEqual(o.date, Date(timeIntervalSince1970: 0))
        XCTAssertEqual(o.decimal, 0)
        XCTAssertNil(o.optionalInt)
        XCTAssertEqual(o.mood, .calm)
        XCTAssertEqual(o.any, .none)
        XCTAssertEqual(o.ints.count, 0)
    }

    func testQueriesOnEveryType() throws {
        let realm = try Realm(configuration: memoryConfiguration([AllTypes.self]))
        try realm.write {
            realm.add(filled())
            realm.add(AllTypes())
        }
        let r = realm.objects(AllTypes.self)
        XCTAssertEqual(r.filter("bool == true").count, 1)
        XCTAssertEqual(r.filter("int8 == $0", Int8(-8)).count, 1)
        XCTAssertEqual(r.filter("int16 > 1000").count, 1)
        XCTAssertEqual(r.filter("int32 < 0").count, 1)
        XCTAssertEqual(r.filter("int64 == $0", Int64.min + 1).count, 1)
        XCTAssertEqual(r.filter("float == 1.5").count, 1)
        XCTAssertEqual(r.filter("float == $0", Float(1.5)).count, 1)
        XCTAssertEqual(r.filter("double > 3.0").count, 1)
        XCTAssertEqual(r.filter("string BEGINSWITH 'hé'").count, 1)
        XCTAssertEqual(r.filter("data == $0", Data([0, 1, 2, 255])).count, 1)
        XCTAssertEqual(r.filter("date == $0", date).count, 1)
        XCTAssertEqual(r.filter("date > $0", Date(timeIntervalSince1970: 1)).count, 1)
        XCTAssertEqual(r.filter("decimal == $0", Decimal128(string: "19.99")!).count, 1)
        XCTAssertEqual(r.filter("decimal > 19").count, 1)
        XCTAssertEqual(r.filter("objectId == $0", oid).count, 1)
        XCTAssertEqual(r.filter("objectId == oid(\(oid.stringValue))").count, 1)
        XCTAssertEqual(r.filter("id == $0", id).count, 1)
        XCTAssertEqual(r.filter("id == uuid(\(id.uuidString))").count, 1)
        XCTAssertEqual(r.filter("optionalInt == nil").count, 1)
        XCTAssertEqual(r.filter("optionalInt == 7").count, 1)
        XCTAssertEqual(r.filter("mood == 'excited'").count, 1)
        XCTAssertEqual(r.filter("mood == $0", Mood.excited).count, 1)
        XCTAssertEqual(r.where { $0.any == .string("anything") }.count, 1)
        XCTAssertEqual(r.where { $0.any == .none }.count, 1)
        XCTAssertEqual(r.filter("ANY ints == 2").count, 1)
        XCTAssertEqual(r.filter("ints.@sum == 6").count, 1)
        XCTAssertEqual(r.filter("ints.@max == 3").count, 1)
        XCTAssertEqual(r.filter("'t' IN tags").count, 1)
        XCTAssertEqual(r.filter("ANY counts.@values == 9").count, 1)
        XCTAssertEqual(r.sum(ofProperty: "double") as Double, 3.25)
        XCTAssertEqual(r.max(ofProperty: "decimal") as Decimal128?, Decimal128(string: "19.99"))
        XCTAssertEqual(r.sum(ofProperty: "int8") as Int8, -8)
        XCTAssertEqual(r.sum(ofProperty: "float") as Float, 1.5)
    }

    func testAnyRealmValueStringAndDataRoundTrip() throws {
        let realm = try Realm(configuration: memoryConfiguration([AllTypes.self]))
        let a = AllTypes(); a.any = .string("s")
        let b = AllTypes(); b.any = .data(Data([1, 2]))
        let c = AllTypes(); c.any = .int(3)
        try realm.write { realm.add([a, b, c]) }
        XCTAssertEqual(a.any, .string("s"))
        XCTAssertEqual(b.any, .data(Data([1, 2])))
        XCTAssertEqual(c.any, .int(3))
    }

    func testAnyRealmValueStringAlone() throws {
        let realm = try Realm(configuration: memoryConfiguration([AllTypes.self]))
        let a = AllTypes(); a.any = .string("s")
        try realm.write { realm.add(a) }
        XCTAssertEqual(a.any, .string("s"))
    }

    func testAnyRealmValueKinds() throws {
        let realm = try Realm(configuration: memoryConfiguration([AllTypes.self]))
        let values: [AnyRealmValue] = [.none, .int(5), .bool(true), .float(1.25), .double(2.5), .string("s"),
                                       .data(Data([1])), .date(date), .objectId(oid), .decimal128(Decimal128(string: "1.1")!), .uuid(id)]
        try realm.write {
            for v in values {
                let o = AllTypes()
                o.any = v
                realm.add(o)
            }
        }
        XCTAssertEqual(Set(realm.objects(AllTypes.self).map(\.any)), Set(values))
        XCTAssertEqual(realm.objects(AllTypes.self).where { $0.any == .int(5) }.count, 1)
        XCTAssertEqual(realm.objects(AllTypes.self).where { $0.any == .string("s") }.count, 1)
        XCTAssertEqual(realm.objects(AllTypes.self).where { $0.any == .uuid(self.id) }.count, 1)
        XCTAssertEqual(realm.objects(AllTypes.self).where { $0.any == .objectId(self.oid) }.count, 1)
    }

    func testDecimalAggregatesAreExact() throws {
        let realm = try Realm(configuration: memoryConfiguration([AllTypes.self]))
        try realm.write {
            for d in ["0.1", "0.2", "1.2"] {
                let o = AllTypes()
                o.decimal = Decimal128(string: d)!
                realm.add(o)
            }
        }
        let r = realm.objects(AllTypes.self)
        XCTAssertEqual(r.sum(ofProperty: "decimal") as Decimal128, Decimal128(string: "1.5")!)
        XCTAssertEqual(r.filter("decimal < 1").sum(ofProperty: "decimal") as Decimal128, Decimal128(string: "0.3")!)
        XCTAssertEqual(r.average(ofProperty: "decimal") as Decimal128?, Decimal128(string: "0.5")!)
        XCTAssertEqual(r.min(ofProperty: "decimal") as Decimal128?, Decimal128(string: "0.1")!)
        XCTAssertEqual(r.filter("decimal == 0.3").count, 0)
        XCTAssertEqual(r.filter("decimal == $0", Decimal128(string: "0.2")!).count, 1)
    }

    func testUnsetObjectIdAndUUIDDefaultsAreUnique() {
        XCTAssertNotEqual(AllTypes().objectId, AllTypes().objectId)
        XCTAssertNotEqual(AllTypes().id, AllTypes().id)
    }
}
