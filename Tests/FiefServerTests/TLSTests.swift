import AsyncHTTPClient
import Foundation
import ServerProcessSupport
import NIOCore
import NIOSSL
import XCTest

/// `--tls-certificate` and `--tls-key`: HTTPS with a self-signed certificate for 127.0.0.1, and
/// the flags' errors.
final class TLSTests: XCTestCase {
    func testHealthOverHTTPSAndPlainHTTPToTheTLSPortFails() async throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (certificate, key) = try makeSelfSignedCertificate(in: directory)
        let server = try ServerProcess(dataDirectory: directory.appendingPathComponent("data"),
                                       arguments: ["--tls-certificate", certificate.path, "--tls-key", key.path])
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificate.path))
        let client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton,
                                                configuration: .init(tlsConfiguration: tls, timeout: .init(connect: .seconds(10), read: .seconds(10))))
        do {
            let response = try await client.execute(HTTPClientRequest(url: "https://127.0.0.1:\(server.port)/health"), timeout: .seconds(20))
            XCTAssertEqual(response.status.code, 200)
            let body = try await response.body.collect(upTo: 1 << 16)
            XCTAssertEqual(String(buffer: body).filter { !$0.isWhitespace }, #"{"status":"ok"}"#)
            do {
                _ = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(server.port)/health"), timeout: .seconds(20))
                XCTFail("plain HTTP to the TLS port answered")
            } catch {}
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
        XCTAssertEqual(try server.terminate(), 0, server.log)
    }

    func testTLSFlagsNeedEachOther() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data").path
        let onlyCertificate = try runServerCommand(["serve", "--data-dir", data, "--port", "0", "--tls-certificate", "c.pem"])
        XCTAssertNotEqual(onlyCertificate.status, 0)
        XCTAssertTrue(onlyCertificate.output.contains("--tls-certificate needs --tls-key"), onlyCertificate.output)
        let onlyKey = try runServerCommand(["serve", "--data-dir", data, "--port", "0", "--tls-key", "k.pem"])
        XCTAssertNotEqual(onlyKey.status, 0)
        XCTAssertTrue(onlyKey.output.contains("--tls-key needs --tls-certificate"), onlyKey.output)
    }

    func testUnreadableOrBadTLSFilesStopTheServerNamingTheFile() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (certificate, key) = try makeSelfSignedCertificate(in: directory)
        let data = directory.appendingPathComponent("data").path
        let missing = directory.appendingPathComponent("missing.pem").path
        let noCertificate = try runServerCommand(["serve", "--data-dir", data, "--port", "0", "--tls-certificate", missing, "--tls-key", key.path])
        XCTAssertNotEqual(noCertificate.status, 0)
        XCTAssertTrue(noCertificate.output.contains("cannot read the TLS certificate \(missing)"), noCertificate.output)
        XCTAssertFalse(noCertificate.output.contains("listening on"), noCertificate.output)
        let noKey = try runServerCommand(["serve", "--data-dir", data, "--port", "0", "--tls-certificate", certificate.path, "--tls-key", missing])
        XCTAssertNotEqual(noKey.status, 0)
        XCTAssertTrue(noKey.output.contains("cannot read the TLS key \(missing)"), noKey.output)
        // The certificate given as the key: readable, but not a private key.
        let badKey = try runServerCommand(["serve", "--data-dir", data, "--port", "0", "--tls-certificate", certificate.path, "--tls-key", certificate.path])
        XCTAssertNotEqual(badKey.status, 0)
        XCTAssertTrue(badKey.output.contains("the TLS key \(certificate.path) is not a PEM private key"), badKey.output)
    }
}

/// A self-signed certificate for 127.0.0.1 (one day) and its key, made with the `openssl`
/// command: `(certificate, key)` PEM files in `directory`.
func makeSelfSignedCertificate(in directory: URL) throws -> (certificate: URL, key: URL) {
    let certificate = directory.appendingPathComponent("c.pem"), key = directory.appendingPathComponent("k.pem")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
                         "-addext", "subjectAltName=IP:127.0.0.1", "-days", "1", "-keyout", key.path, "-out", certificate.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    return (certificate, key)
}
