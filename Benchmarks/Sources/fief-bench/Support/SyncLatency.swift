import Foundation

/// Measures how long the scratch filesystem takes to make a 4 KiB overwrite durable, so the
/// report can show what bounds the durable-commit figures on this machine.
enum SyncLatency {
    /// Median microseconds of `pwrite` + `fdatasync` (`fsync` on Apple platforms) of 4 KiB at
    /// offset 0 of a scratch file, over `samples` rounds; nil if the file cannot be used.
    static func measure(in directory: String, samples: Int = 25) -> Double? {
        let path = "\(directory)/sync-probe"
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return nil }
        defer {
            close(descriptor)
            unlink(path)
        }
        let page = [UInt8](repeating: 0xA5, count: 4096)
        var times: [Double] = []
        for _ in 0..<samples {
            var ok = true
            let seconds = measureSeconds {
                let written = page.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
                ok = written == page.count && sync(descriptor) == 0
            }
            guard ok else { return nil }
            times.append(seconds * 1e6)
        }
        return Stats(samples: times).median
    }

    private static func sync(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        return fsync(descriptor)
        #else
        return fdatasync(descriptor)
        #endif
    }
}
