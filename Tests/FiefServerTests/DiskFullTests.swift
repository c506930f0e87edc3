@_spi(Sync) import FiefSyncProtocol
import Foundation
import ServerProcessSupport
import XCTest

/// A full disk, made real without root: the server runs with a file-size limit
/// (`FIEF_SERVER_TEST_FILE_SIZE_LIMIT`, `RLIMIT_FSIZE`), so its realm files cannot grow past it and
/// writes fail with `EFBIG`. Uploads are then refused with `diskFull` (try again), the server goes
/// on serving, and everything acknowledged before is there after a restart without the limit.
final class DiskFullTests: XCTestCase {
    func testFullDiskRefusesUploadsAndLosesNothingAcknowledged() async throws {
        try XCTSkipIf(TestPostgres.isServerBackend,
                      "the file-size limit fills the embedded store's files; on PostgreSQL the disk is the database's (its disk_full, SQLSTATE 53100, is not mapped to diskFull yet)")
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        var server = try ServerProcess(dataDirectory: data)
        var http = HTTPClient(baseURL: server.baseURL)
        let frank = try await http.register("frank")
        let grace = try await http.register("grace")
        let notes = "/\(frank.userId)/notes"
        let value1 = try await http.setLevel(frank, path: notes, userId: grace.userId, level: "read").status
        XCTAssertEqual(value1, 200)
        let writer = try await TestSyncClient(directory: directory, name: "frank")
        try await writer.connect(port: server.port, token: frank.accessToken, path: notes)
        try await writer.writeBatch(1)
        try await writer.syncUntilCaughtUp()
        await writer.disconnect()
        XCTAssertEqual(try server.terminate(), 0, server.log)

        // Restarted with room for about 1 MiB more in its largest file.
        let limit = try Self.largestFileSize(in: data) + (1 << 20)
        server = try ServerProcess(dataDirectory: data, environment: ["FIEF_SERVER_TEST_FILE_SIZE_LIMIT": "\(limit)"])
        http = HTTPClient(baseURL: server.baseURL)
        try await writer.connect(port: server.port, token: frank.accessToken, path: notes)
        var acknowledged: Set<String> = ["frank-1"]
        var refused: ErrorMessage?
        for index in 0..<100 {
            let id = "large-\(index)"
            try await writer.writeLarge(id, size: 100_000)
            do {
                try await writer.syncUntilCaughtUp()
                acknowledged.insert(id)
            } catch let failure as SyncTestFailure {
                refused = failure.error
                break
            }
        }
        let error = try XCTUnwrap(refused, "no upload was refused below \(limit) bytes\n\(server.log)")
        XCTAssertEqual(error.code, .diskFull, error.message)
        XCTAssertTrue(error.tryAgain)
        XCTAssertEqual(error.session, 1)
        XCTAssertTrue(error.message.contains("disk is full"), error.message)
        XCTAssertGreaterThan(acknowledged.count, 1, "the limit left no room for any upload")

        // The server goes on serving: health, metrics and a reader's download of what was acknowledged.
        let value2 = try await http.get("/health").status
        XCTAssertEqual(value2, 200)
        let metrics = PrometheusText(String(decoding: try await http.get("/metrics").body, as: UTF8.self))
        XCTAssertEqual(metrics[#"fief_sync_errors_total{code="diskFull"}"#], 1, metrics.text)
        let reader = try await TestSyncClient(directory: directory, name: "grace")
        try await reader.connect(port: server.port, token: grace.accessToken, path: notes)
        try await reader.waitForItems(acknowledged)
        await reader.disconnect()
        await writer.disconnect()
        XCTAssertEqual(try server.terminate(), 0, server.log)

        // Without the limit, everything acknowledged is there, and the refused upload, sent again, is stored.
        server = try ServerProcess(dataDirectory: data)
        let checker = try await TestSyncClient(directory: directory, name: "checker")
        try await checker.connect(port: server.port, token: frank.accessToken, path: notes)
        try await checker.waitForItems(acknowledged)
        try await writer.connect(port: server.port, token: frank.accessToken, path: notes)
        try await writer.syncUntilCaughtUp()
        let everything = await writer.itemIds()
        try await checker.waitForItems(everything)
        await checker.disconnect()
        await writer.disconnect()
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }

    /// The size of the largest file under `directory`.
    static func largestFileSize(in directory: URL) throws -> Int {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.fileSizeKey])
        var largest = 0
        while let url = files?.nextObject() as? URL {
            largest = max(largest, try url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0)
        }
        return largest
    }
}
