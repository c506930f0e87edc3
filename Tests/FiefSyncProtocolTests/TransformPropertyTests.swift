@_spi(Sync) import Fief
@_spi(Sync) @testable import FiefSyncProtocol
import XCTest

/// The transform's defining property (TP1): for concurrent changesets A (first in the server's
/// order) and B, applying A then B' gives the same realm as applying B then A'.
///
/// Lists of links in the base state hold no link to an object the other side erases: the
/// implicit removal of such a link by the erase is not an instruction, so no transform can
/// follow it. Sync does not depend on TP1 for convergence (every copy applies the server's
/// order; see FORMAT.md part II, "Sync history"), only for keeping intent.
final class TransformPropertyTests: XCTestCase {
    private func check(_ left: [SyncInstruction], _ right: [SyncInstruction], leftWins: Bool, base: ModelRealm,
                       file: StaticString = #filePath, line: UInt = #line) {
        var l = MergeChangeset(SyncChangeset(left), timestamp: leftWins ? 20 : 10, originFileIdent: 1)
        var r = MergeChangeset(SyncChangeset(right), timestamp: leftWins ? 10 : 20, originFileIdent: 2)
        ChangesetTransform.transform(left: &l, right: &r)
        var leftFirst = base, rightFirst = base
        leftFirst.apply(left)
        leftFirst.apply(r.instructions)
        rightFirst.apply(right)
        rightFirst.apply(l.instructions)
        if leftFirst != rightFirst {
            XCTFail("""
                TP1 fails
                left:  \(left)
                right: \(right)
                left': \(l.instructions)
                right': \(r.instructions)
                left then right':
                \(leftFirst)
                right then left':
                \(rightFirst)
                """, file: file, line: line)
        }
    }

    /// Every ordered pair of instruction kinds, each in many random instances and both
    /// outcomes of the timestamp comparison.
    func testEveryPairOfInstructionKinds() {
        let base = InstructionGenerator.base()
        var rng = SeededRandom(seed: 42)
        var checked = 0
        for lk in InstructionGenerator.Kind.allCases {
            for rk in InstructionGenerator.Kind.allCases {
                for round in 0..<40 {
                    guard let l = InstructionGenerator.make(lk, on: base, &rng),
                          let r = InstructionGenerator.make(rk, on: base, &rng) else { continue }
                    check([l], [r], leftWins: round % 2 == 0, base: base)
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 20_000)
    }

    /// Changesets of several instructions each, so that the grid's bookkeeping is exercised.
    func testRandomChangesetsOfSeveralInstructions() {
        let base = InstructionGenerator.base()
        for seed in 0..<3000 as Range<UInt64> {
            var rng = SeededRandom(seed: seed)
            let l = InstructionGenerator.sequence(on: base, maximum: 4, &rng)
            let r = InstructionGenerator.sequence(on: base, maximum: 4, &rng)
            check(l, r, leftWins: seed % 2 == 0, base: base)
        }
    }

    /// Unrelated changesets pass through unchanged.
    func testChangesetsOnDifferentObjectsAreUnchanged() {
        let ta = SyncTarget(className: "C", object: InstructionGenerator.a, property: "s")
        let tb = SyncTarget(className: "C", object: InstructionGenerator.b, property: "s")
        var l = MergeChangeset(SyncChangeset([.set(ta, .int(1), isDefault: false)]), timestamp: 1, originFileIdent: 1)
        var r = MergeChangeset(SyncChangeset([.set(tb, .int(2), isDefault: false), .listInsert(tb, index: 0, .int(3))]), timestamp: 2, originFileIdent: 2)
        let (l0, r0) = (l, r)
        ChangesetTransform.transform(left: &l, right: &r)
        XCTAssertEqual(l, l0)
        XCTAssertEqual(r, r0)
    }

    // MARK: The rules, one by one

    private let t = SyncTarget(className: "C", object: InstructionGenerator.a, property: "s")

    private func transformed(_ left: [SyncInstruction], _ right: [SyncInstruction], leftTime: UInt64, rightTime: UInt64,
                             leftOrigin: UInt64 = 1, rightOrigin: UInt64 = 2) -> ([SyncInstruction], [SyncInstruction]) {
        var l = MergeChangeset(SyncChangeset(left), timestamp: leftTime, originFileIdent: leftOrigin)
        var r = MergeChangeset(SyncChangeset(right), timestamp: rightTime, originFileIdent: rightOrigin)
        ChangesetTransform.transform(left: &l, right: &r)
        return (l.instructions, r.instructions)
    }

    func testLaterSetWinsWhateverTheServerOrder() {
        let older = SyncInstruction.set(t, .int(1), isDefault: false), newer = SyncInstruction.set(t, .int(2), isDefault: false)
        XCTAssertEqual(transformed([newer], [older], leftTime: 9, rightTime: 3).1, [])
        XCTAssertEqual(transformed([older], [newer], leftTime: 3, rightTime: 9).1, [newer])
    }

    func testEqualTimestampsGoToTheHigherFileIdentity() {
        let s1 = SyncInstruction.set(t, .int(1), isDefault: false), s2 = SyncInstruction.set(t, .int(2), isDefault: false)
        XCTAssertEqual(transformed([s1], [s2], leftTime: 5, rightTime: 5, leftOrigin: 9, rightOrigin: 4).1, [])
        XCTAssertEqual(transformed([s1], [s2], leftTime: 5, rightTime: 5, leftOrigin: 4, rightOrigin: 9).1, [s2])
    }

    func testDefaultValuesLoseToExplicitSets() {
        let d = SyncInstruction.set(t, .int(0), isDefault: true), s = SyncInstruction.set(t, .int(2), isDefault: false)
        XCTAssertEqual(transformed([s], [d], leftTime: 1, rightTime: 9).1, [])
        XCTAssertEqual(transformed([d], [s], leftTime: 9, rightTime: 1).1, [s])
    }

    func testEraseWinsOverConcurrentSetsAndCreates() {
        let erase = SyncInstruction.eraseObject(className: "C", object: InstructionGenerator.a)
        let set = SyncInstruction.set(t, .int(1), isDefault: false)
        let create = SyncInstruction.createObject(className: "C", object: InstructionGenerator.a)
        XCTAssertEqual(transformed([erase], [create, set], leftTime: 1, rightTime: 9).1, [])
        XCTAssertEqual(transformed([create, set], [erase], leftTime: 9, rightTime: 1).0, [])
    }

    func testConcurrentAddsAllCount() {
        var m = InstructionGenerator.base()
        let (l, r) = transformed([.addInteger(t, 3)], [.addInteger(t, 4)], leftTime: 1, rightTime: 2)
        m.apply(l)
        m.apply(r)
        XCTAssertEqual(m.objects[ModelRealm.Key(className: "C", object: InstructionGenerator.a)]?.properties["s"], .scalar(.int(12)))
    }

    func testConcurrentListInsertsAllSurviveEarlierFirst() {
        let list = SyncTarget(className: "C", object: InstructionGenerator.a, property: "l")
        let (_, r) = transformed([.listInsert(list, index: 1, .int(7))], [.listInsert(list, index: 1, .int(8))], leftTime: 9, rightTime: 1)
        XCTAssertEqual(r, [.listInsert(list, index: 2, .int(8))])
    }

    func testRebaseOverSeveralChangesetsTransformsInOrder() {
        let list = SyncTarget(className: "C", object: InstructionGenerator.a, property: "l")
        let mine = MergeChangeset(SyncChangeset([.listErase(list, index: 2)]), timestamp: 5, originFileIdent: 3)
        let earlier = [MergeChangeset(SyncChangeset([.listInsert(list, index: 0, .int(1))]), timestamp: 4, originFileIdent: 1),
                       MergeChangeset(SyncChangeset([.listErase(list, index: 0)]), timestamp: 6, originFileIdent: 2)]
        var rebased = mine
        for var e in earlier { ChangesetTransform.transform(left: &e, right: &rebased) }
        XCTAssertEqual(rebased.instructions, [.listErase(list, index: 2)])
    }
}
