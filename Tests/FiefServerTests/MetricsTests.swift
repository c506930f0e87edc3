@_spi(Sync) import FiefSyncProtocol
import Foundation
import ServerProcessSupport
import XCTest

/// `GET /metrics` of the real server: what sync, logins and HTTP did shows in the Prometheus
/// text format; with `--metrics-token`, only a scraper with the token reads it.
final class MetricsTests: XCTestCase {
    func testMetricsCountConnectionsSessionsChangesetsBytesErrorsAndLogins() async throws {
        let (directory, server, http, frank, grace) = try await startServerWithFrankAndGrace()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Login(try await http.post("/auth/login", ["provider": "password", "username": "frank", "password": "correct horse"]))
        let wrong = try await http.post("/auth/login", ["provider": "password", "username": "frank", "password": "wrong horse"])
        XCTAssertEqual(wrong.status, 401)
        let notes = "/\(frank.userId)/notes"

        let owner = try await TestSyncClient(directory: directory, name: "frank")
        try await owner.connect(port: server.port, token: frank.accessToken, path: notes)
        try await owner.writeBatch(1)
        try await owner.writeBatch(2)
        try await owner.syncUntilCaughtUp()
        let value1 = try await http.setLevel(frank, path: notes, userId: grace.userId, level: "read").status
        XCTAssertEqual(value1, 200)
        let reader = try await TestSyncClient(directory: directory, name: "grace")
        try await reader.connect(port: server.port, token: grace.accessToken, path: notes)
        try await reader.waitForItems(["frank-1", "frank-2"])
        try await reader.writeBatch(1)
        try await reader.uploadPending()
        let value2 = try await reader.expectError().code
        XCTAssertEqual(value2, .writeNotAllowed)

        let scrape = try await http.get("/metrics")
        XCTAssertEqual(scrape.status, 200)
        let metrics = PrometheusText(String(decoding: scrape.body, as: UTF8.self))
        XCTAssertEqual(metrics["fief_sync_connections"], 2, metrics.text)
        XCTAssertEqual(metrics["fief_sync_sessions"], 2, metrics.text)
        XCTAssertGreaterThanOrEqual(metrics[#"fief_sync_changesets_total{outcome="integrated"}"#] ?? 0, 2, metrics.text)
        XCTAssertGreaterThanOrEqual(metrics[#"fief_sync_changesets_total{outcome="refused"}"#] ?? 0, 1, metrics.text)
        XCTAssertGreaterThan(metrics["fief_sync_upload_bytes_total"] ?? 0, 0, metrics.text)
        XCTAssertGreaterThan(metrics["fief_sync_download_bytes_total"] ?? 0, 0, metrics.text)
        XCTAssertEqual(metrics[#"fief_sync_errors_total{code="writeNotAllowed"}"#], 1, metrics.text)
        XCTAssertEqual(metrics[#"fief_sync_errors_total{code="diskFull"}"#], 0, metrics.text)
        XCTAssertEqual(metrics[#"fief_login_attempts_total{outcome="success"}"#], 1, metrics.text)
        XCTAssertEqual(metrics[#"fief_login_attempts_total{outcome="invalidCredentials"}"#], 1, metrics.text)
        XCTAssertGreaterThanOrEqual(metrics[#"fief_http_requests_total{status="2xx"}"#] ?? 0, 4, metrics.text)
        XCTAssertEqual(metrics[#"fief_http_requests_total{status="4xx"}"#], 1, metrics.text)

        // Closed connections leave the gauges.
        await reader.disconnect()
        await owner.disconnect()
        var after = PrometheusText("")
        for _ in 0..<200 {
            after = PrometheusText(String(decoding: try await http.get("/metrics").body, as: UTF8.self))
            if after["fief_sync_connections"] == 0 && after["fief_sync_sessions"] == 0 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        XCTAssertEqual(after["fief_sync_connections"], 0, after.text)
        XCTAssertEqual(after["fief_sync_sessions"], 0, after.text)
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }

    func testMetricsTokenProtectsTheEndpoint() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"), arguments: ["--metrics-token", "scrape-secret"])
        let http = HTTPClient(baseURL: server.baseURL)
        let without = try await http.get("/metrics")
        XCTAssertEqual(without.status, 401)
        XCTAssertEqual(without.code, "invalidAccessToken")
        let value3 = try await http.get("/metrics", token: "scrape-wrong").status
        XCTAssertEqual(value3, 401)
        let with = try await http.get("/metrics", token: "scrape-secret")
        XCTAssertEqual(with.status, 200)
        XCTAssertTrue(String(decoding: with.body, as: UTF8.self).contains("fief_sync_connections"))
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }
}

/// The samples of a Prometheus text exposition, by series (`name` or `name{label="value"}`).
struct PrometheusText {
    let text: String
    private let samples: [String: Double]

    init(_ text: String) {
        self.text = text
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        self.samples = samples
    }

    subscript(series: String) -> Double? { samples[series] }
}
