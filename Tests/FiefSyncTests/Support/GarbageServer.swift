import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP server on 127.0.0.1 that reads each request and answers it with fixed bytes (or
/// closes the connection without a word): a server gone wrong, for the client's error paths.
final class GarbageServer: @unchecked Sendable {
    /// The port it listens on.
    let port: Int
    private let socketFD: Int32
    private let answer: Data

    /// A server answering every request with `answer`; empty closes the connection at once.
    init(answer: Data) throws {
        self.answer = answer
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw GarbageServerError.socket(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw GarbageServerError.socket(errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        socketFD = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// An HTTP answer with `status`, `contentType` and `body`.
    static func http(status: Int, contentType: String, body: String) -> Data {
        Data("HTTP/1.1 \(status) Whatever\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8)
    }

    /// The server's base URL.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops accepting connections.
    func stop() {
        shutdown(socketFD, Int32(SHUT_RDWR))
        close(socketFD)
    }

    private func acceptLoop() {
        while true {
            let client = accept(socketFD, nil, nil)
            guard client >= 0 else { return }
            readRequest(client)
            answer.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(client, bytes.baseAddress! + offset, bytes.count - offset)
                    guard written > 0 else { break }
                    offset += written
                }
            }
            shutdown(client, Int32(SHUT_RDWR))
            close(client)
        }
    }

    /// Reads the request head and a body of its Content-Length (best effort, 5 s at most).
    private func readRequest(_ client: Int32) {
        var received = Data()
        let deadline = Date().addingTimeInterval(5)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var pfd = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 100) > 0 else { continue }
            let n = read(client, &buffer, buffer.count)
            guard n > 0 else { return }
            received.append(contentsOf: buffer[0..<n])
            guard let headEnd = received.range(of: Data("\r\n\r\n".utf8)) else { continue }
            let head = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self).lowercased()
            let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if received.count - headEnd.upperBound >= length { return }
        }
    }
}

enum GarbageServerError: Error {
    case socket(Int32)
}
