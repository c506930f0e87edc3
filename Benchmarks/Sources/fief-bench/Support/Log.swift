import Foundation

/// Messages on standard error, so that standard output carries only the report.
enum Log {
    /// A progress line.
    static func progress(_ message: String) {
        write("fief-bench: \(message)\n")
    }

    /// An error line (the caller decides the exit status).
    static func error(_ message: String) {
        write("fief-bench: error: \(message)\n")
    }

    /// Text exactly as given.
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
