import Fief
import Foundation
import XCTest

/// `ThreadConfined`'s requirements used generically, `ThreadSafeReference.isInvalidated`, and
/// the `@ThreadSafe` property wrapper across threads.
final class ThreadConfinedTests: XCTestCase {
    /// What generic code over `ThreadConfined` can do with any confined value.
    func describe<T: ThreadConfined>(_ value: T) -> (managed: Bool, frozen: Bool, frozenCopyIsFrozen: Bool, thawed: Bool) {
        let frozen = value.realm == nil ? value : value.freeze()
        return (value.realm != nil, value.isFrozen, frozen.isFrozen, frozen.thaw() != nil)
    }

    func testRequirementsAreUsableGenerically() throws {
        let realm = try makePetRealm()
        let rex = try XCTUnwrap(realm.objects(QPet.self).where { $0.name == "Rex" }.first)
        let ann = try XCTUnwrap(realm.objects(QOwner.self).where { $0.name == "Ann" }.first)
        let object = describe(rex)
        XCTAssertEqual([object.managed, object.frozen, object.frozenCopyIsFrozen, object.thawed], [true, false, true, true])
        let results = describe(realm.objects(QPet.self))
        XCTAssertEqual([results.managed, results.frozen, results.frozenCopyIsFrozen, results.thawed], [true, false, true, true])
        let list = describe(ann.pets)
        XCTAssertEqual([list.managed, list.frozen, list.frozenCopyIsFrozen, list.thawed], [true, false, true, true])
        let unmanaged = describe(QPet())
        XCTAssertEqual([unmanaged.managed, unmanaged.frozen], [false, false])
        XCTAssertFalse(Self.invalidated(rex))
        let frozenRex = rex.freeze()
        try realm.write { realm.delete(rex) }
        XCTAssertTrue(Self.invalidated(rex))
        XCTAssertNil(Self.thawed(frozenRex), "the live object is gone")
    }

    static func invalidated<T: ThreadConfined>(_ value: T) -> Bool { value.isInvalidated }
    static func thawed<T: ThreadConfined>(_ value: T) -> T? { value.thaw() }

    func testReferencesStayResolvable() throws {
        let realm = try makePetRealm()
        let rex = try XCTUnwrap(realm.objects(QPet.self).where { $0.name == "Rex" }.first)
        let reference = ThreadSafeReference(to: rex)
        XCTAssertFalse(reference.isInvalidated)
        XCTAssertEqual(realm.resolve(reference)?.name, "Rex")
        XCTAssertFalse(reference.isInvalidated)
        XCTAssertEqual(realm.resolve(reference)?.name, "Rex", "a Fief reference resolves again")
    }

    func testThreadSafePropertyResolvesOnTheReadingThread() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = Realm.Configuration(fileURL: directory.appendingPathComponent("safe.realm"), objectTypes: [Dog.self, Person.self])
        let realm = try Realm(configuration: config)
        try realm.write {
            realm.create(Dog.self, value: ["name": "Rex", "age": 3])
            realm.create(Dog.self, value: ["name": "Fido", "age": 5])
        }
        let holder = SafeHolder()
        XCTAssertNil(holder.dog)
        holder.dog = realm.objects(Dog.self).where { $0.name == "Rex" }.first
        holder.oldDogs = realm.objects(Dog.self).where { $0.age > 4 }
        XCTAssertEqual(holder.dog?.name, "Rex")
        XCTAssertTrue(holder.dog?.realm == realm)
        try onAnotherThread {
            let dog = try XCTUnwrap(holder.dog)
            XCTAssertEqual(dog.name, "Rex")
            let here = try Realm(configuration: config)
            XCTAssertTrue(dog.realm == here, "read through the reading thread's realm")
            XCTAssertEqual(holder.oldDogs?.map(\.name), ["Fido"])
            // Written here, read on the first thread below.
            try here.write { dog.age = 4 }
            holder.dog = here.objects(Dog.self).where { $0.name == "Fido" }.first
        }
        realm.refresh()
        XCTAssertEqual(holder.dog?.name, "Fido")
        XCTAssertEqual(realm.objects(Dog.self).where { $0.name == "Rex" }.first?.age, 4)
        XCTAssertEqual(holder.oldDogs?.count, 1, "the results are evaluated again, here")

        try realm.write { realm.delete(realm.objects(Dog.self).where { $0.name == "Fido" }) }
        XCTAssertNil(holder.dog, "a deleted object reads as nil")
        holder.dog = nil
        XCTAssertNil(holder.dog)
        holder.dog = Dog()
        XCTAssertNil(holder.dog, "an unmanaged object cannot be passed, and reads as nil")
    }

    func testInitialValue() throws {
        let realm = try makePetRealm()
        let max = realm.objects(QPet.self).where { $0.name == "Max" }.first
        let wrapper = ThreadSafe(wrappedValue: max)
        XCTAssertEqual(wrapper.wrappedValue?.name, "Max")
        XCTAssertNil(ThreadSafe<QPet>(wrappedValue: nil).wrappedValue)
    }
}

/// Its only state is in `@ThreadSafe` wrappers, which lock.
final class SafeHolder: @unchecked Sendable {
    @ThreadSafe var dog: Dog?
    @ThreadSafe var oldDogs: Results<Dog>?
}
