import FiefSyncProtocol

/// The `writeNotAllowed` answer to an upload of a user who may only read the realm. Its message
/// names the refused client versions, as ranges: `client versions 4-6, 9`.
struct WriteRefusal {
    var userId: String
    var path: RealmPath
    /// The refused client versions, increasing.
    var clientVersions: [UInt64]

    /// The session error (the session stays bound).
    var failure: SessionFailure {
        let noun = clientVersions.count == 1 ? "client version" : "client versions"
        return SessionFailure(.writeNotAllowed,
                              "user \(userId) may read \(path) but not write it: nothing of the upload was integrated; revert \(noun) \(Self.ranges(clientVersions))")
    }

    /// `versions` (increasing) as comma-separated numbers and `first-last` runs.
    static func ranges(_ versions: [UInt64]) -> String {
        var parts: [String] = []
        var index = versions.startIndex
        while index < versions.endIndex {
            var end = index
            while end + 1 < versions.endIndex && versions[end + 1] == versions[end] + 1 { end += 1 }
            parts.append(end == index ? "\(versions[index])" : "\(versions[index])-\(versions[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
