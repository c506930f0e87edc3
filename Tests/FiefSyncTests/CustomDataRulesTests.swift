@_spi(Sync) import FiefSync
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// Users' custom data on the device (`user.customData`, `refreshCustomData()`, kept across a
/// restart) and in permission rules (`$user.custom_data.team`): a user sees their team's items,
/// and when an administrator moves them to another team their device's view follows at once.
final class CustomDataRulesTests: SyncTestCase {
    /// Everyone reads and writes the items of their own team.
    static let rules = #"{"roles": [{"name": "member", "classes": {"FlexItem": {"read": "status == $user.custom_data.team", "write": "status == $user.custom_data.team"}}}]}"#

    /// `PUT path` with `json` as the holder of `token`; returns the HTTP status.
    func put(_ path: String, _ json: String, token: String) async throws -> Int {
        var request = URLRequest(url: URL(string: server.baseURL + path)!)
        request.httpMethod = "PUT"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(json.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as! HTTPURLResponse).statusCode
    }

    /// Waits up to 30 s for `device` to hold exactly `expected`.
    func waitForItems(_ device: FlexDevice, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) async throws {
        let deadline = Date().addingTimeInterval(30)
        var held: [String] = []
        while Date() < deadline {
            held = await device.items()
            if held == expected { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTFail("the device holds \(held), not \(expected)", file: file, line: line)
    }

    func testCustomDataReachesTheDeviceAndSurvivesARestart() async throws {
        let admin = try await SyncUser.logIn(with: .adminToken("admin-secret"), server: URL(string: server.baseURL)!)
        let app = makeApp(device: "carol")
        let carol = try await register("carol", on: app)
        XCTAssertEqual(carol.customData, [:])

        let status = try await put("/users/\(carol.id)/custom-data", #"{"customData": {"team": "blue", "level": 3, "ratio": 0.25, "address": {"city": "Oslo"}}}"#,
                                   token: admin.accessToken!)
        XCTAssertEqual(status, 200)
        XCTAssertEqual(carol.customData, [:], "custom data arrives with a refresh, not by itself")
        let refreshed = try await carol.refreshCustomData()
        let expected: [String: CustomDataValue] = ["team": "blue", "level": 3, "ratio": 0.25, "address": ["city": "Oslo"]]
        XCTAssertEqual(refreshed, expected)
        XCTAssertEqual(carol.customData, expected)

        // A new App over the same folder (the app restarted) restores it from the user cache.
        let restarted = makeApp(device: "carol")
        let restored = try XCTUnwrap(restarted.currentUser)
        XCTAssertEqual(restored.id, carol.id)
        XCTAssertEqual(restored.customData, expected)

        // A new login brings the current custom data.
        _ = try await put("/users/\(carol.id)/custom-data", #"{"customData": {"team": "red"}}"#, token: admin.accessToken!)
        let again = try await restarted.login(credentials: .emailPassword(email: "carol", password: "correct horse battery"))
        XCTAssertEqual(again.customData, ["team": "red"])

        // The completion form.
        _ = try await put("/users/\(carol.id)/custom-data", #"{"customData": null}"#, token: admin.accessToken!)
        let cleared: [String: CustomDataValue] = try await withCheckedThrowingContinuation { continuation in
            again.refreshCustomData { continuation.resume(with: $0) }
        }
        XCTAssertEqual(cleared, [:])
    }

    func testRulesReadCustomDataAndAChangeMovesTheViewAtOnce() async throws {
        let admin = try await SyncUser.logIn(with: .adminToken("admin-secret"), server: URL(string: server.baseURL)!)
        let rulesSet = try await put("/realms/rules", #"{"path": "/default", "rules": \#(Self.rules)}"#, token: admin.accessToken!)
        XCTAssertEqual(rulesSet, 200)
        let alice = try await register("alice", on: makeApp(device: "alice"))
        let blueSet = try await put("/users/\(alice.id)/custom-data", #"{"customData": {"team": "blue"}}"#, token: admin.accessToken!)
        XCTAssertEqual(blueSet, 200)

        let adminDevice = try await FlexDevice(admin, subscriptions: [QuerySubscription<FlexItem>(name: "all")])
        for (index, team) in ["blue", "red", "blue", "green", "red"].enumerated() {
            try await adminDevice.put("item-\(index)", owner: "nobody", status: team, score: index)
        }
        try await adminDevice.settle()

        let device = try await FlexDevice(alice, subscriptions: [QuerySubscription<FlexItem>(name: "all")])
        try await device.settle()
        let blue = await device.items()
        XCTAssertEqual(blue, ["item-0 nobody blue 0", "item-2 nobody blue 2"])

        // Her team's items she may change; others' she may not (the write is reverted).
        _ = try await device.setStatus("item-0", "blue")
        try await device.put("mine", owner: alice.id, status: "blue", score: 9)
        try await device.settle()
        try await adminDevice.settle()
        let seenByAdmin = await adminDevice.items()
        XCTAssertTrue(seenByAdmin.contains("mine \(alice.id) blue 9"), "\(seenByAdmin)")

        // Moved to the red team: the view follows without a reconnect.
        let redSet = try await put("/users/\(alice.id)/custom-data", #"{"customData": {"team": "red"}}"#, token: admin.accessToken!)
        XCTAssertEqual(redSet, 200)
        try await waitForItems(device, ["item-1 nobody red 1", "item-4 nobody red 4"])

        // Without a team, nothing matches: the field is null in the filter.
        let teamRemoved = try await put("/users/\(alice.id)/custom-data", #"{"customData": null}"#, token: admin.accessToken!)
        XCTAssertEqual(teamRemoved, 200)
        try await waitForItems(device, [])
        // Dropping items from her view deleted nothing on the server.
        try await adminDevice.settle()
        let everything = await adminDevice.items()
        XCTAssertEqual(everything.count, 6)
    }
}
