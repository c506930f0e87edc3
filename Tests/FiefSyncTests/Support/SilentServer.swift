import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP server on 127.0.0.1 that accepts connections and never answers: a server that hangs.
final class SilentServer: @unchecked Sendable {
    let port: Int
    private let socketFD: Int32
    private let lock = NSLock()
    private var accepted: [Int32] = []
    private var stopped = false

    init() throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        port = Int(UInt16(bigEndian: address.sin_port))
        socketFD = fd
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                lock.lock()
                if stopped || client < 0 { lock.unlock(); if client >= 0 { close(client) }; return }
                accepted.append(client)
                lock.unlock()
            }
        }
    }

    func stop() {
        lock.lock()
        stopped = true
        for client in accepted { close(client) }
        accepted = []
        lock.unlock()
        shutdown(socketFD, Int32(SHUT_RDWR))
        close(socketFD)
    }
}
