import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback TCP proxy under a test's control, between sync clients and the real
/// `fief-server`: clients connect to ``port`` and the proxy relays to `targetPort`.
///
/// While ``isChaotic`` it misbehaves the way networks do: each connection gets a random byte
/// budget (in each direction) after which it forwards only part of the chunk at hand and cuts
/// both sides, so cuts fall at random points of handshakes, uploads and downloads; chunks are
/// delayed a few milliseconds at random; and ``cutAll()`` cuts every open connection at once.
/// Each relayed connection runs on its own thread; the proxy counts what it did.
final class ChaosProxy: @unchecked Sendable {
    /// What the proxy did so far.
    struct Counts: Sendable, CustomStringConvertible {
        var connections = 0
        var cuts = 0
        var bytes = 0
        var description: String { "\(connections) connections, \(cuts) cuts, \(bytes) bytes relayed" }
    }

    /// The port clients connect to.
    let port: Int
    private let targetPort: Int
    private let listener: Int32
    private let lock = NSLock()
    private var open: [Int32: Int32] = [:]
    private var counts = Counts()
    private var chaotic = true
    private var budgets: ClosedRange<Int>?
    private var stopped = false
    private var generator: SplitMix

    /// Listens on 127.0.0.1 and an ephemeral port, relaying to `targetPort`; `seed` fixes the
    /// proxy's random choices (thread timing still varies).
    init(targetPort: Int, seed: UInt64) throws {
        self.targetPort = targetPort
        generator = SplitMix(seed: seed)
        let fd = try Self.makeSocket()
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Whether connections are cut and delayed (false: a faithful relay, to let clients settle).
    var isChaotic: Bool {
        get { lock.lock(); defer { lock.unlock() }; return chaotic }
        set { lock.lock(); chaotic = newValue; lock.unlock() }
    }

    /// When set, every new connection's byte budget is drawn from this range (nil: half the
    /// connections unlimited, the others 64–40,000 bytes).
    var budgetRange: ClosedRange<Int>? {
        get { lock.lock(); defer { lock.unlock() }; return budgets }
        set { lock.lock(); budgets = newValue; lock.unlock() }
    }

    /// What the proxy did so far.
    var current: Counts { lock.lock(); defer { lock.unlock() }; return counts }

    /// Cuts every open connection (both sides); returns how many.
    @discardableResult
    func cutAll() -> Int {
        // Under the lock: a relay closes its descriptors only after leaving `open`.
        lock.lock(); defer { lock.unlock() }
        counts.cuts += open.count
        for (client, upstream) in open {
            shutdown(client, Int32(SHUT_RDWR))
            shutdown(upstream, Int32(SHUT_RDWR))
        }
        return open.count
    }

    /// Stops accepting and cuts every open connection.
    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        cutAll()
    }

    /// A random integer in `range`, from the proxy's generator.
    private func roll(_ range: ClosedRange<Int>) -> Int {
        lock.lock(); defer { lock.unlock() }
        return generator.next(in: range)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            lock.lock()
            let isStopped = stopped
            lock.unlock()
            if client < 0 || isStopped {
                if client >= 0 { close(client) }
                return
            }
            guard let upstream = try? connectUpstream() else { close(client); continue }
            lock.lock()
            open[client] = upstream
            counts.connections += 1
            lock.unlock()
            // Half the connections live until cut by `cutAll()`; the others get a budget.
            let budget = budgetRange.map { roll($0) } ?? (roll(0...1) == 0 ? Int.max : roll(64...40_000))
            Thread.detachNewThread { [self] in relay(client, upstream, budget: budget) }
        }
    }

    private func connectUpstream() throws -> Int32 {
        let fd = try Self.makeSocket()
        var address = Self.loopback(port: targetPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
        return fd
    }

    /// Relays both ways until either side closes or the budget of bytes runs out.
    private func relay(_ client: Int32, _ upstream: Int32, budget: Int) {
        var remaining = budget
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: upstream, events: Int16(POLLIN), revents: 0)]
        loop: while true {
            fds[0].revents = 0
            fds[1].revents = 0
            guard poll(&fds, 2, 200) >= 0 else { break }
            for (index, pfd) in fds.enumerated() where pfd.revents != 0 {
                let from = index == 0 ? client : upstream
                let to = index == 0 ? upstream : client
                let n = read(from, &buffer, buffer.count)
                guard n > 0 else { break loop }
                let chaotic = isChaotic
                if chaotic, roll(0...9) == 0 { usleep(UInt32(roll(1...20)) * 1000) }
                if chaotic, n >= remaining {
                    // The budget ends inside this chunk: pass a prefix of it, then cut.
                    _ = writeAll(to, buffer, count: remaining)
                    count(bytes: remaining, cut: true)
                    break loop
                }
                if remaining != Int.max { remaining -= n }
                guard writeAll(to, buffer, count: n) else { break loop }
                count(bytes: n, cut: false)
            }
        }
        lock.lock()
        open[client] = nil
        lock.unlock()
        shutdown(client, Int32(SHUT_RDWR))
        shutdown(upstream, Int32(SHUT_RDWR))
        close(client)
        close(upstream)
    }

    private func count(bytes: Int, cut: Bool) {
        lock.lock()
        counts.bytes += bytes
        if cut { counts.cuts += 1 }
        lock.unlock()
    }

    private func writeAll(_ fd: Int32, _ buffer: [UInt8], count: Int) -> Bool {
        var offset = 0
        while offset < count {
            let written = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + offset, count - offset) }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private static func makeSocket() throws -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var one: Int32 = 1
        let tcpNoDelay: Int32 = 1 // TCP_NODELAY, the same on Linux and Darwin
        setsockopt(fd, Int32(IPPROTO_TCP), tcpNoDelay, &one, socklen_t(MemoryLayout<Int32>.size))
        return fd
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

/// A small seeded pseudo-random generator (SplitMix64), so a chaos run can be repeated.
struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
}
