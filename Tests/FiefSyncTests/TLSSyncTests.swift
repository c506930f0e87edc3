@_spi(Sync) import FiefSync
import Foundation
import ServerProcessSupport
import XCTest

/// An app of a `fief-server` serving TLS with a self-signed certificate for 127.0.0.1, which
/// the app trusts through `AppConfiguration.trustedRootCertificates`: HTTPS logins and
/// `realms://` sync.
final class TLSSyncTests: XCTestCase {
    func testHTTPSLoginAndTwoDevicesConvergeOverRealms() async throws {
        let root = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let certificate = root.appendingPathComponent("c.pem"), key = root.appendingPathComponent("k.pem")
        try runOpenSSL(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                        "-days", "1", "-keyout", key.path, "-out", certificate.path])
        let server = try ServerProcess(dataDirectory: root.appendingPathComponent("server-data"),
                                       arguments: ["--tls-certificate", certificate.path, "--tls-key", key.path])
        defer { _ = try? server.terminate() }
        let pem = try String(contentsOf: certificate, encoding: .utf8)
        func makeApp(_ device: String, trusting roots: [String]) -> App {
            App(id: "tls-tests", configuration: AppConfiguration(baseURL: "https://127.0.0.1:\(server.port)",
                                                                 rootDirectory: root.appendingPathComponent(device),
                                                                 trustedRootCertificates: roots))
        }

        // Without the certificate the login fails: the system's roots do not know it.
        do {
            _ = try await makeApp("stranger", trusting: []).login(credentials: .anonymous)
            XCTFail("a login trusted a self-signed certificate")
        } catch {}

        let phone = makeApp("phone", trusting: [pem])
        try await phone.emailPasswordAuth.registerUser(email: "tls-ann", password: "correct horse battery")
        let ann = try await phone.login(credentials: .emailPassword(email: "tls-ann", password: "correct horse battery"))
        let laptop = makeApp("laptop", trusting: [pem])
        let same = try await laptop.login(credentials: .emailPassword(email: "tls-ann", password: "correct horse battery"))
        XCTAssertEqual(same.id, ann.id)

        func notes(_ user: User) -> Realm.Configuration {
            var config = user.configuration(realmURL: URL(string: "realms://127.0.0.1:\(server.port)/~/notes")!)
            config.objectTypes = [Note.self]
            return config
        }
        let holders = [try await RealmHolder(notes(ann)), try await RealmHolder(notes(same))]
        for (i, holder) in holders.enumerated() {
            try await holder.write("d\(i)", text: "device \(i)")
            try await holder.write("shared", text: "device \(i)", tag: "d\(i)")
        }
        for _ in 0..<2 {
            for holder in holders { try await holder.session()!.wait(for: .upload, timeout: .seconds(60)) }
            for holder in holders { try await holder.session()!.wait(for: .download, timeout: .seconds(60)) }
        }
        let exports = await [holders[0].export(), holders[1].export()]
        XCTAssertEqual(exports[0], exports[1])
        let ids = await holders[0].ids()
        XCTAssertEqual(ids, ["d0", "d1", "shared"], exports[0])
        for holder in holders { await holder.close() }

        // enableSSLValidation false: any certificate will do (development servers).
        var unchecked = ann.configuration(realmURL: URL(string: "realms://127.0.0.1:\(server.port)/~/unchecked")!, enableSSLValidation: false)
        unchecked.objectTypes = [Note.self]
        let holder = try await RealmHolder(unchecked)
        try await holder.write("u", text: "unchecked")
        try await holder.session()!.wait(for: .upload, timeout: .seconds(60))
        await holder.close()
    }

    private func runOpenSSL(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    }
}
