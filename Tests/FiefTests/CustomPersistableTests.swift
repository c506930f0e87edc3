import Fief
import Foundation
import XCTest

/// A temperature stored as a Double.
struct Celsius: CustomPersistable, Hashable {
    typealias PersistedType = Double
    var degrees: Double
    init(_ degrees: Double) { self.degrees = degrees }
    init(persistedValue: Double) { degrees = persistedValue }
    var persistableValue: Double { degrees }
}

/// A number stored as hexadecimal text; text that is not hexadecimal does not convert.
struct HexNumber: FailableCustomPersistable, Hashable {
    typealias PersistedType = String
    var value: Int
    init(_ value: Int) { self.value = value }
    init?(persistedValue: String) {
        guard let value = Int(persistedValue, radix: 16) else { return nil }
        self.value = value
    }
    var persistableValue: String { String(value, radix: 16) }
}

final class CPReading: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var temperature: Celsius
    @Persisted var peak: Celsius?
    @Persisted var history: List<Celsius>
    @Persisted var code: HexNumber?
}

final class CustomPersistableTests: XCTestCase {
    func testTheSchemaRecordsThePersistedType() throws {
        let realm = try Realm(configuration: memoryConfiguration([CPReading.self]))
        let schema = try XCTUnwrap(realm.schema["CPReading"])
        XCTAssertEqual(schema["temperature"]?.type, .double)
        XCTAssertEqual(schema["temperature"]?.isOptional, false)
        XCTAssertEqual(schema["peak"]?.isOptional, true)
        XCTAssertEqual(schema["history"]?.type, .double)
        XCTAssertEqual(schema["code"]?.type, .string)
    }

    func testValuesRoundTripUnmanagedAndManaged() throws {
        let realm = try Realm(configuration: memoryConfiguration([CPReading.self]))
        let reading = CPReading()
        XCTAssertEqual(reading.temperature, Celsius(0), "the default converts the persisted type's default")
        reading.temperature = Celsius(21.5)
        reading.history.append(objectsIn: [Celsius(18), Celsius(19)])
        reading.code = HexNumber(255)
        try realm.write { realm.add(reading) }
        let stored = try XCTUnwrap(realm.object(ofType: CPReading.self, forPrimaryKey: 0))
        XCTAssertEqual(stored.temperature, Celsius(21.5))
        XCTAssertNil(stored.peak)
        XCTAssertEqual(Array(stored.history), [Celsius(18), Celsius(19)])
        XCTAssertEqual(stored.code, HexNumber(255))
        try realm.write {
            stored.peak = Celsius(30)
            stored.history.append(Celsius(20))
        }
        XCTAssertEqual(stored.peak, Celsius(30))
        XCTAssertEqual(stored.history.last, Celsius(20))
    }

    func testQueriesComparePersistedValues() throws {
        let realm = try Realm(configuration: memoryConfiguration([CPReading.self]))
        try realm.write {
            for (id, degrees) in [(1, 10.0), (2, 20.0), (3, 30.0)] {
                realm.add(CPReading(value: ["id": id, "temperature": Celsius(degrees)]))
            }
        }
        let readings = realm.objects(CPReading.self)
        XCTAssertEqual(readings.where { $0.temperature == Celsius(20) }.map(\.id), [2])
        XCTAssertEqual(readings.where { $0.temperature > Celsius(15) }.count, 2)
        XCTAssertEqual(readings.filter("temperature < %@", Celsius(25)).count, 2)
    }

    func testAFailedConversionReadsNilInAnOptionalProperty() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("hex.realm")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [CPReading.self]))
            try realm.write { realm.add(CPReading(value: ["id": 7, "code": HexNumber(16)])) }
            XCTAssertEqual(realm.object(ofType: CPReading.self, forPrimaryKey: 7)?.code, HexNumber(16))
        }
        do {
            let dynamic = try Realm(dynamicConfiguration: Realm.Configuration(fileURL: url))
            try dynamic.write {
                try XCTUnwrap(dynamic.dynamicObjects("CPReading").first).setValue("not hex", forProperty: "code")
            }
        }
        let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [CPReading.self]))
        let reading = try XCTUnwrap(realm.object(ofType: CPReading.self, forPrimaryKey: 7))
        XCTAssertNil(reading.code)
    }

    func testHashingFollowsThePersistedValue() {
        XCTAssertEqual(Set([Celsius(1), Celsius(1), Celsius(2)]).count, 2)
        var a = Hasher(), b = Hasher()
        Celsius(3).hash(into: &a)
        3.0.hash(into: &b)
        XCTAssertEqual(a.finalize(), b.finalize())
    }

    func testCollectionValueProtocolsCoverCustomAndBuiltInTypes() {
        func elements<T: RealmCollectionValue>(_ list: List<T>) -> [T] { Array(list) }
        let list = List<Celsius>()
        list.append(Celsius(4))
        XCTAssertEqual(elements(list), [Celsius(4)])
        func isMinMax<T: MinMaxType>(_: T.Type) -> Bool { true }
        func isAddable<T: AddableType>(_: T.Type) -> Bool { true }
        func isSortable<T: SortableType>(_: T.Type) -> Bool { true }
        XCTAssertTrue(isMinMax(Date?.self) && isMinMax(Decimal128.self))
        XCTAssertTrue(isAddable(Int?.self) && isAddable(Double.self))
        XCTAssertTrue(isSortable(String.self) && isSortable(Data?.self))
    }
}
