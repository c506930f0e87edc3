/// An order-independent summary of objects read: how many, the sums of their ids, ages and
/// scores, and the wrapping sum of a hash of all four fields of each.
///
/// Scores are multiples of 1/4 below 2^17, so every sum of them is exact in a `Double` whatever
/// the order of addition: engines that add in different orders still agree bit for bit.
struct ObjectDigest: Equatable, Codable, Sendable, CustomStringConvertible {
    var count = 0
    var idSum = 0
    var ageSum = 0
    var scoreSum = 0.0
    var hash: UInt64 = 0

    /// Adds one object `times` times (the harness's expectations use multiplicities).
    @inline(__always)
    mutating func add(id: Int, name: UnsafeRawBufferPointer, score: Double, age: Int, times: Int = 1) {
        count += times
        idSum &+= id &* times
        ageSum &+= age &* times
        scoreSum += score * Double(times)
        hash &+= UInt64(bitPattern: Int64(times)) &* Self.hash(id: id, name: name, score: score, age: age)
    }

    /// Adds one object whose name is a Swift string.
    @inline(__always)
    mutating func add(id: Int, name: String, score: Double, age: Int, times: Int = 1) {
        var name = name
        name.withUTF8 { add(id: id, name: UnsafeRawBufferPointer($0), score: score, age: age, times: times) }
    }

    /// The hash of one object's four fields.
    @inline(__always)
    static func hash(id: Int, name: UnsafeRawBufferPointer, score: Double, age: Int) -> UInt64 {
        var h = SplitMix64.mix(UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15 ^ Digest.hash(name))
        h = SplitMix64.mix(h ^ score.bitPattern)
        return SplitMix64.mix(h ^ UInt64(bitPattern: Int64(age)))
    }

    var description: String {
        "\(count) objects, id sum \(idSum), age sum \(ageSum), score sum \(scoreSum), hash \(String(hash, radix: 16))"
    }
}
