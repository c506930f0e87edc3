import Foundation

/// A private directory for the stores the workloads create, removed when the run ends.
///
/// By default it is a fresh `fief-bench-XXXXXX` directory under `/tmp`, so scratch files sit on
/// the filesystem that holds `/tmp`; `--dir PATH` puts that fresh directory under PATH instead.
final class ScratchSpace {
    /// The directory holding every store of this run.
    let root: String
    private var serial = 0

    init(parent: String) throws {
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        var template = Array("\(parent)/fief-bench-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        guard let made else { throw BenchError.harness("cannot create a scratch directory under \(parent): errno \(errno)") }
        root = made
    }

    /// A new empty directory for one store, named after `label`.
    func freshDirectory(_ label: String) throws -> String {
        serial += 1
        let path = "\(root)/\(serial)-\(label)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    /// Deletes one store's directory.
    func remove(_ directory: String) {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Deletes the whole scratch directory.
    func removeAll() {
        try? FileManager.default.removeItem(atPath: root)
    }
}
