import ArgumentParser
import Foundation
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Process settings for the server's own tests, read from the environment; none is for
/// production use.
///
/// - `FIEF_SERVER_TEST_FILE_SIZE_LIMIT=BYTES` sets `RLIMIT_FSIZE`: no file of the server may grow
///   past that many bytes. Writes beyond it fail with `EFBIG`, which the storage reports as a full
///   disk; the tests use it to fill the "disk" without root or a small file system.
///
/// Whatever the environment, `SIGXFSZ` is ignored: a write past a file-size limit then fails
/// with `EFBIG` instead of killing the server.
enum TestHooks {
    static let fileSizeLimitVariable = "FIEF_SERVER_TEST_FILE_SIZE_LIMIT"

    static func apply(environment: [String: String], logger: Logging.Logger) throws {
        signal(SIGXFSZ, SIG_IGN)
        guard let text = environment[fileSizeLimitVariable] else { return }
        guard let bytes = UInt64(text), bytes > 0 else {
            throw ValidationError("\(fileSizeLimitVariable)=\(text) is not a positive number of bytes")
        }
        var limit = rlimit()
        getrlimit(resourceFileSize, &limit)
        limit.rlim_cur = rlim_t(bytes)
        guard setrlimit(resourceFileSize, &limit) == 0 else {
            throw ValidationError("\(fileSizeLimitVariable)=\(text): setrlimit failed with errno \(errno)")
        }
        logger.warning("test hook: files may not grow past \(bytes) bytes (\(fileSizeLimitVariable))")
    }

    #if canImport(Glibc)
    private static let resourceFileSize = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
    private static let resourceFileSize = RLIMIT_FSIZE
    #endif
}
