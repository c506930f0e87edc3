import Foundation

/// Buffered writing to standard output, for output too large to build as one string.
final class TextOutput {
    private var buffer = ""
    /// Bytes buffered before they are written.
    private static let flushSize = 1 << 16

    /// Appends `text`, writing the buffer out when it is large.
    func write(_ text: String) {
        buffer += text
        if buffer.utf8.count >= Self.flushSize { flush() }
    }

    /// Appends `text` and a newline.
    func line(_ text: String) { write(text + "\n") }

    /// Writes out what is buffered.
    func flush() {
        guard !buffer.isEmpty else { return }
        Console.write(buffer, to: .standardOutput)
        buffer = ""
    }
}
