import Foundation
import HummingbirdTLS

/// Why the TLS files cannot be used; the description names the file.
public struct ServerTLSError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, with the file's path.
    public let description: String
}

extension ServerTLSFiles {
    /// Reads both files into a server TLS configuration.
    func makeTLSConfiguration() throws -> TLSConfiguration {
        let certificateBytes = try Self.read(certificateFile, what: "TLS certificate")
        let keyBytes = try Self.read(keyFile, what: "TLS key")
        let chain: [NIOSSLCertificate]
        do { chain = try NIOSSLCertificate.fromPEMBytes(certificateBytes) } catch {
            throw ServerTLSError(description: "the TLS certificate \(certificateFile.path) is not a PEM certificate (\(error))")
        }
        guard !chain.isEmpty else {
            throw ServerTLSError(description: "the TLS certificate \(certificateFile.path) holds no PEM certificate")
        }
        let key: NIOSSLPrivateKey
        do { key = try NIOSSLPrivateKey(bytes: keyBytes, format: .pem) } catch {
            throw ServerTLSError(description: "the TLS key \(keyFile.path) is not a PEM private key (\(error))")
        }
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    }

    private static func read(_ file: URL, what: String) throws -> [UInt8] {
        do { return Array(try Data(contentsOf: file)) } catch {
            throw ServerTLSError(description: "cannot read the \(what) \(file.path): \((error as NSError).localizedDescription)")
        }
    }
}
