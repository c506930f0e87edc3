import Foundation

/// A token bucket: `capacity` attempts at once, refilled at `refillPerSecond`.
struct TokenBucket: Sendable {
    var tokens: Double
    var updated: Double

    /// Takes one token at time `now` (seconds); false when the bucket is empty.
    mutating func take(now: Double, capacity: Double, refillPerSecond: Double) -> Bool {
        tokens = min(capacity, tokens + max(0, now - updated) * refillPerSecond)
        updated = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}

/// How many login attempts a user name and a remote address may make.
public struct LoginRateLimits: Sendable {
    /// Attempts one user name may make at once; refilled at the same number per minute.
    public var perUser: Int
    /// Attempts one remote address may make at once; refilled at the same number per minute.
    public var perAddress: Int

    /// Limits of `perUser` attempts per user name and `perAddress` per address, per minute.
    public init(perUser: Int = 10, perAddress: Int = 50) {
        self.perUser = max(1, perUser)
        self.perAddress = max(1, perAddress)
    }
}

/// Limits login attempts per user name and per remote address with token buckets kept in
/// memory (a restart forgets them). Idle buckets are dropped once full again.
public actor LoginRateLimiter {
    /// Which limit an attempt ran into.
    public enum Limit: Sendable, Equatable {
        case user
        case address
    }

    private let limits: LoginRateLimits
    private var users: [String: TokenBucket] = [:]
    private var addresses: [String: TokenBucket] = [:]
    private var attemptsSincePrune = 0

    /// A limiter with `limits`.
    public init(limits: LoginRateLimits) {
        self.limits = limits
    }

    /// Records an attempt for `username` (when the provider has one) from `address`; returns the
    /// limit it exceeded, or nil when it may proceed. A refused attempt consumes nothing.
    public func attempt(username: String?, address: String, now: Double = Date().timeIntervalSince1970) -> Limit? {
        prune(now: now)
        let addressCapacity = Double(limits.perAddress)
        var addressBucket = addresses[address] ?? TokenBucket(tokens: addressCapacity, updated: now)
        let addressProbe = addressBucket
        guard addressBucket.take(now: now, capacity: addressCapacity, refillPerSecond: addressCapacity / 60) else {
            addresses[address] = addressBucket
            return .address
        }
        if let username {
            let userCapacity = Double(limits.perUser)
            var userBucket = users[username.lowercased()] ?? TokenBucket(tokens: userCapacity, updated: now)
            guard userBucket.take(now: now, capacity: userCapacity, refillPerSecond: userCapacity / 60) else {
                users[username.lowercased()] = userBucket
                addresses[address] = addressProbe
                return .user
            }
            users[username.lowercased()] = userBucket
        }
        addresses[address] = addressBucket
        return nil
    }

    private func prune(now: Double) {
        attemptsSincePrune += 1
        guard attemptsSincePrune >= 1000 else { return }
        attemptsSincePrune = 0
        users = users.filter { now - $0.value.updated < 60 }
        addresses = addresses.filter { now - $0.value.updated < 60 }
    }
}
