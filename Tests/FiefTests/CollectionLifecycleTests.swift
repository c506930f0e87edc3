import Fief
import Foundation
import XCTest

/// `isInvalidated`, `isFrozen` and `realm` on lists, sets and maps.
final class LifecycleBag: Object {
    @Persisted var items: List<String>
    @Persisted var tags: MutableSet<String>
    @Persisted var counts: Map<String, Int>
}

final class CollectionLifecycleTests: XCTestCase {
    func testUnmanagedCollectionsAreNeverInvalidated() {
        let bag = LifecycleBag()
        XCTAssertFalse(bag.items.isInvalidated)
        XCTAssertFalse(bag.tags.isInvalidated)
        XCTAssertFalse(bag.counts.isInvalidated)
        XCTAssertNil(bag.tags.realm)
        XCTAssertNil(bag.counts.realm)
    }

    func testDeletingTheOwnerInvalidatesItsCollections() throws {
        let realm = try Realm(configuration: memoryConfiguration([LifecycleBag.self]))
        let bag = try realm.write { realm.create(LifecycleBag.self, value: ["items": ["a"], "tags": ["t"], "counts": ["x": 1]]) }
        let items = bag.items, tags = bag.tags, counts = bag.counts
        XCTAssertFalse(items.isInvalidated || tags.isInvalidated || counts.isInvalidated)
        XCTAssertTrue(tags.realm === realm)
        XCTAssertTrue(counts.realm === realm)
        try realm.write { realm.delete(bag) }
        XCTAssertTrue(items.isInvalidated)
        XCTAssertTrue(tags.isInvalidated)
        XCTAssertTrue(counts.isInvalidated)
    }

    func testFrozenCollections() throws {
        let realm = try Realm(configuration: memoryConfiguration([LifecycleBag.self]))
        let bag = try realm.write { realm.create(LifecycleBag.self, value: ["items": ["a"]]) }
        XCTAssertFalse(bag.items.isFrozen)
        let frozen = bag.freeze()
        XCTAssertTrue(frozen.items.isFrozen)
        XCTAssertTrue(frozen.tags.isFrozen)
        XCTAssertTrue(frozen.counts.isFrozen)
    }
}
