@_spi(Sync) import Fief
@_spi(Sync) import FiefSync
import Foundation
import XCTest

/// A subscription set a server with the default wire limits would refuse whole (more than
/// 10,000 subscriptions, or queries adding up to more than a message takes) fails on the device
/// with a `SyncError` that says which limit, instead of having every `query` message refused
/// with the session; sync goes on and a good set replaces it.
final class SubscriptionLimitsTests: SyncTestCase {
    func testASetOverTheWireLimitsFailsOnTheDeviceAndSyncGoesOn() async throws {
        let writer = try await FlexDevice(try await register("olga", on: makeApp(device: "writer")), subscriptions: [QuerySubscription<FlexItem>(name: "all")])
        try await writer.put("a", owner: "o", status: "open", score: 1)
        try await writer.settle()
        let device = try await FlexDevice(try await register("otto", on: makeApp(device: "device")), subscriptions: [])

        // 20 queries of 900 KiB each (one query may have up to 1 MiB): 18 MiB together.
        let longStatus = String(repeating: "x", count: 900 << 10)
        do {
            try await within(60) { try await device.update { subs in
                for i in 0..<20 { subs.append(QuerySubscription<FlexItem>(name: "long\(i)", where: "status == '\(longStatus)\(i)'")) }
            } }
            XCTFail("18 MiB of queries were accepted")
        } catch let error as SyncError {
            XCTAssertEqual(error.code, .invalidSubscriptionQuery)
            XCTAssertTrue(error.message.contains("add up to") && error.message.contains("at most \(SyncChangesetCoding.maximumEncodedSize)"), error.message)
        }
        let state = await device.subscriptionState()
        guard case .error = state else { return XCTFail("state \(state)") }

        do {
            try await within(60) { try await device.update { subs in
                subs.removeAll()
                for i in 0...10_000 { subs.append(QuerySubscription<FlexItem>(name: "s\(i)") { $0.score == i }) }
            } }
            XCTFail("10,001 subscriptions were accepted")
        } catch let error as SyncError {
            XCTAssertEqual(error.code, .invalidSubscriptionQuery)
            XCTAssertTrue(error.message.contains("10001 subscriptions"), error.message)
        }

        // The session goes on: a good set replaces the refused ones and brings its data.
        try await within(60) { try await device.update { subs in
            subs.removeAll()
            subs.append(QuerySubscription<FlexItem>(name: "open") { $0.status == "open" })
        } }
        let ids = await device.ids()
        XCTAssertEqual(ids, ["a"])
        XCTAssertEqual(device.errors.all.map(\.code), [.invalidSubscriptionQuery, .invalidSubscriptionQuery])
    }
}
