import ArgumentParser
import Foundation

/// Writing to the terminal: results on standard output, errors on standard error.
enum Console {
    /// Writes `message` to standard error as `Error: <message>`, as ArgumentParser does for usage errors.
    static func error(_ message: String) {
        write("Error: \(message)\n", to: .standardError)
    }

    /// Writes `text` to `handle`, after flushing what `print` buffered so the two stay in order.
    static func write(_ text: String, to handle: FileHandle) {
        fflush(nil)
        handle.write(Data(text.utf8))
    }
}

/// A failure the tool explains in one sentence and ends with exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong, for a person: no type names, no stack.
    var description: String

    /// A failure described by `description`.
    init(_ description: String) { self.description = description }
}

extension ParsableCommand {
    /// Runs `body`, turning a ``CommandFailure`` or any other error into a message on standard
    /// error and exit status 1. `ExitCode`s pass through untouched.
    func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Console.error("\(error)")
            throw ExitCode.failure
        }
    }
}
