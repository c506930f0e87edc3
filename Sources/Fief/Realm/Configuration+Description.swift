import Foundation

extension Realm.Configuration: Equatable {
    /// Whether two configurations open the same realm the same way: the same file (or
    /// in-memory identifier), encryption key, read-only mode and schema version, both local
    /// or both synced. Blocks (`migrationBlock`, `shouldCompactOnLaunch`) and the model
    /// classes cannot be compared and are not.
    public static func == (lhs: Realm.Configuration, rhs: Realm.Configuration) -> Bool {
        lhs.fileURL == rhs.fileURL && lhs.inMemoryIdentifier == rhs.inMemoryIdentifier
            && lhs.encryptionKey == rhs.encryptionKey && lhs.readOnly == rhs.readOnly
            && lhs.schemaVersion == rhs.schemaVersion && (lhs.syncAgent == nil) == (rhs.syncAgent == nil)
    }
}

extension Realm.Configuration: CustomStringConvertible {
    /// The configuration's settings, one per line. An encryption key is shown only by its
    /// length, never its bytes.
    ///
    /// ```text
    /// Realm.Configuration {
    ///     fileURL = file:///app/default.realm;
    ///     inMemoryIdentifier = (null);
    ///     encryptionKey = (null);
    ///     ...
    /// }
    /// ```
    public var description: String {
        func text(_ value: Any?) -> String { value.map { "\($0)" } ?? "(null)" }
        let settings: [(String, String)] = [
            ("fileURL", text(fileURL?.absoluteString)),
            ("inMemoryIdentifier", text(inMemoryIdentifier)),
            ("encryptionKey", encryptionKey.map { "<\($0.count) bytes>" } ?? "(null)"),
            ("readOnly", "\(readOnly)"),
            ("schemaVersion", "\(schemaVersion)"),
            ("migrationBlock", migrationBlock == nil ? "(null)" : "<block>"),
            ("deleteRealmIfMigrationNeeded", "\(deleteRealmIfMigrationNeeded)"),
            ("shouldCompactOnLaunch", shouldCompactOnLaunch == nil ? "(null)" : "<block>"),
            ("objectTypes", objectTypes.map { "[" + $0.map { $0.className() }.joined(separator: ", ") + "]" } ?? "(null)"),
            ("maximumNumberOfActiveVersions", text(maximumNumberOfActiveVersions)),
            ("seedFilePath", text(seedFilePath?.path)),
            ("durability", "\(durability)"),
            ("synced", "\(syncAgent != nil)"),
        ]
        return "Realm.Configuration {\n" + settings.map { "\t\($0.0) = \($0.1);\n" }.joined() + "}"
    }
}
