import Foundation

/// The key the server signs access tokens with: 32 random bytes in `<data directory>/jwt.key`,
/// made on first start with permissions 0600 (readable by the server's user only).
public enum SigningKeyFile {
    /// The key file's name in the data directory.
    public static let fileName = "jwt.key"

    /// Reads the key, making it first when the file does not exist.
    public static func loadOrCreate(in directory: URL) throws -> [UInt8] {
        let url = directory.appendingPathComponent(fileName)
        if let data = FileManager.default.contents(atPath: url.path) {
            guard data.count == 32 else { throw ServerStoreError.corrupt("\(url.path) holds \(data.count) bytes, not a 32-byte key") }
            return Array(data)
        }
        let key = try Crypto.randomBytes(32)
        let temporary = directory.appendingPathComponent("\(fileName).new")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(key), attributes: [.posixPermissions: 0o600]) else {
            throw ServerStoreError.storage("cannot write \(temporary.path)")
        }
        do {
            try FileManager.default.moveItem(at: temporary, to: url)
        } catch {
            throw ServerStoreError.storage("cannot create \(url.path): \(error.localizedDescription)")
        }
        return key
    }
}
