#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FiefStorage

/// The `fuzz-file` logic: the input is a store file.
///
/// Pass 1 opens it read-only with checksums on; pass 2 opens it writable with checksums off
/// (so mutations reach the structure checks behind them), reads, writes and commits; pass 3
/// reopens the result read-only. The three passes then run again on a copy whose checksums
/// were recomputed (``Reseal``), so that mutated meta fields get past the meta checksum. Every step must succeed or throw a ``StorageError``. When
/// ``Store/verify()`` calls a store valid, every read must succeed and agree with the others,
/// and the write must commit and leave a valid store.
public enum FileHarness {
    /// Larger inputs are ignored.
    public static let maximumInputSize = 1 << 20

    /// The name of the tree the writable pass writes to.
    static let writeTree = "fuzz-write"

    /// The key of the encrypted seeds: inputs are also opened with it, so mutated encrypted
    /// files reach the decryption and authentication paths.
    public static let fuzzKey: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }

    /// Whether every input must be a valid store (FUZZ_EXPECT_VALID=1, for checking seeds).
    static let expectsValidInput = getenv("FUZZ_EXPECT_VALID") != nil

    /// Runs one input: the passes over the file as it is, then over a copy with every checksum
    /// recomputed (when that changes anything).
    public static func run(_ data: UnsafeRawBufferPointer) {
        guard data.count <= maximumInputSize else { return }
        let path = Scratch.path("input.fief")
        Scratch.write(data, to: path)
        if isEncrypted(path) {
            // An encrypted file: the passes with the key (checksums cannot be recomputed
            // without it, so no resealed passes).
            runPasses(path, resealed: false, key: fuzzKey)
            return
        }
        runPasses(path, resealed: false)
        var image = Array(data)
        let resealChanged = Reseal.reseal(&image)
        check(!resealChanged || !expectsValidInput, "FUZZ_EXPECT_VALID: resealing changed a valid store")
        if resealChanged {
            image.withUnsafeBytes { Scratch.write($0, to: path) }
            runPasses(path, resealed: true)
        }
    }

    /// Read-only with checksums, then writable (checksums off unless `resealed`) with a write,
    /// then read-only again.
    static func runPasses(_ path: String, resealed: Bool, key: [UInt8]? = nil) {
        let label = (resealed ? "resealed " : "") + (key != nil ? "encrypted " : "")
        var options = StorageOptions()
        options.encryptionKey = key
        options.readOnly = true
        attempt("\(label)read-only pass") {
            do {
                let store = try Store(path: path, options: options)
                let valid = try inspect(store, "\(label)read-only pass")
                check(valid || !expectsValidInput, "FUZZ_EXPECT_VALID: the input is not a valid store")
            } catch let error as StorageError where expectsValidInput && !resealed {
                fail("FUZZ_EXPECT_VALID: the input does not open: \(error)")
            }
        }
        options.readOnly = false
        options.verifyChecksums = resealed
        options.durability = .relaxed(interval: 3600)
        var wroteValidStore = false
        attempt("\(label)writable pass") {
            let store = try Store(path: path, options: options)
            let valid = try inspect(store, "\(label)writable pass")
            let expected = write(store, mustSucceed: valid)
            let stillValid = try inspect(store, "\(label)writable pass after the write")
            if valid {
                check(stillValid, "\(label)writable pass: a valid store is no longer valid after a write")
                if let expected { try checkWritten(store, expected) }
                wroteValidStore = true
            }
        }
        attempt("\(label)reopen pass") {
            var options = StorageOptions()
            options.encryptionKey = key
            options.readOnly = true
            let store = try Store(path: path, options: options)
            let valid = try inspect(store, "\(label)reopen pass")
            if wroteValidStore { check(valid, "\(label)reopen pass: a valid store written by this harness is invalid after reopening") }
        }
    }

    /// Whether opening without a key says the file is encrypted.
    static func isEncrypted(_ path: String) -> Bool {
        var options = StorageOptions()
        options.readOnly = true
        do {
            _ = try Store(path: path, options: options)
            return false
        } catch StorageError.encryptionKeyRequired {
            return true
        } catch {
            return false
        }
    }

    /// Reads everything, verifies, and checks that a valid store reads consistently. Returns
    /// whether the store is valid.
    static func inspect(_ store: Store, _ pass: String) throws -> Bool {
        var dump: StoreDump?
        var readError: StorageError?
        do { dump = try StoreReader.readAll(store) } catch let error as StorageError { readError = error }
        let report: VerificationReport
        do { report = try store.verify() } catch { fail("\(pass): verify() threw \(error) instead of reporting") }
        let info: StoreInfo?
        do { info = try store.info() } catch let error as StorageError {
            info = nil
            if report.isValid { fail("\(pass): info() threw \(error) on a valid store") }
        }
        if verbose {
            FuzzSupport.report("\(pass): read \(readError.map { "threw \($0)" } ?? "ok"); verify: \(report)")
        }
        guard report.isValid else { return false }
        if let readError { fail("\(pass): verify() says valid but reading threw \(readError)") }
        guard let dump, !dump.truncated else { fail("\(pass): verify() says valid but reading ran out of steps") }
        if let problem = dump.inconsistency { fail("\(pass): valid store reads inconsistently: \(problem)") }
        let read = dump.trees.map { "\($0.name)=\($0.keys.count)" }.sorted(by: byteOrder)
        // verify() lists trees in the order it walks them; compare in name order.
        let verified = report.trees.map { "\($0.name)=\($0.entries)" }.sorted(by: byteOrder)
        check(read == verified, "\(pass): trees read \(read) but verify() reports \(verified)")
        if let info {
            let listed = info.trees.map { "\($0.name)=\($0.entries)" }.sorted(by: byteOrder)
            check(listed == verified, "\(pass): info() lists \(listed) but verify() reports \(verified)")
            check(info.version == report.version, "\(pass): info() version \(info.version), verify() \(report.version)")
        }
        return true
    }
}

/// Whether to print what each pass saw (FUZZ_VERBOSE=1, for triage).
let verbose = getenv("FUZZ_VERBOSE") != nil

/// Prints a line to standard error (unbuffered, so it survives a crash).
func report(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
}

/// Runs `body`; a thrown ``StorageError`` is an acceptable outcome, anything else is a bug.
func attempt(_ what: String, _ body: () throws -> Void) {
    do { try body() } catch let error as StorageError {
        if verbose { report("\(what): \(error)") }
    } catch {
        fail("\(what) threw an error that is not a StorageError: \(type(of: error)) \(error)")
    }
}

/// Stops the process so libFuzzer records the input.
func fail(_ message: String) -> Never {
    fatalError("FUZZ FAILURE: \(message)")
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

/// Bytewise order of UTF-8 strings (the store's key order).
func byteOrder(_ a: String, _ b: String) -> Bool { Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) }
