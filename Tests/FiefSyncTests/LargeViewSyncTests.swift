@_spi(Sync) import Fief
@_spi(Sync) import FiefSync
import FiefSyncProtocol
import Foundation
import XCTest

/// A subscription whose objects add up to more than a download's 16 MiB payload limit arrives:
/// the server sends the view change in parts of at most `DownloadView.maximumPartSize`, and the
/// device applies it whole at the last part. (It used to send one 20 MiB payload the device's
/// decoder refused on every connection, so the subscription never completed.)
final class LargeViewSyncTests: SyncTestCase {
    func testAViewLargerThanADownloadMayCarryArrivesWhole() async throws {
        let writer = try await FlexDevice(try await register("vera", on: makeApp(device: "writer")), subscriptions: [QuerySubscription<FlexItem>(name: "all")])
        let owner = String(repeating: "s", count: 1 << 20)
        for i in 0..<20 { try await writer.put("i\(i)", owner: owner + "\(i)", status: i < 18 ? "open" : "done", score: i) }
        try await writer.settle()

        let device = try await FlexDevice(try await register("vic", on: makeApp(device: "device")), subscriptions: [])
        try await within(120) { try await device.update { $0.append(QuerySubscription<FlexItem>(name: "open") { $0.status == "open" }) } }
        let ids = await device.ids()
        XCTAssertEqual(ids, (0..<18).map { "i\($0)" }.sorted())
        let items = await device.items()
        XCTAssertTrue(items.allSatisfy { $0.split(separator: " ")[1].count > 1 << 20 }, "every owner arrived whole")
        XCTAssertEqual(device.errors.all.map(\.code), [])

        // A later change of the view (two more objects) arrives as well.
        try await within(120) { try await device.update { subs in
            subs.removeAll()
            subs.append(QuerySubscription<FlexItem>(name: "all"))
        } }
        let all = await device.ids()
        XCTAssertEqual(all.count, 20)
    }
}
