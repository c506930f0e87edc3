#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzSupport
import QueryEvalHarness
import SyncChangesetHarness
import SyncWireHarness

// Replays inputs through a harness without libFuzzer:
//   fuzz-replay file|storage-ops|query-eval|sync-wire|sync-changeset FILE...
// For query-eval it prints each input's outcome and exits 1 when a check fails; for sync-wire it
// prints whether each frame decoded, for sync-changeset whether each changeset decoded and
// applied or was refused (for both, a failed check traps, as under libFuzzer).
let arguments = CommandLine.arguments.dropFirst()
guard let target = arguments.first, ["file", "storage-ops", "query-eval", "sync-wire", "sync-changeset"].contains(target), arguments.count >= 2 else {
    print("usage: fuzz-replay file|storage-ops|query-eval|sync-wire|sync-changeset FILE...")
    exit(2)
}
var failed = false
for path in arguments.dropFirst() {
    guard let bytes = Scratch.read(path) else {
        print("cannot read \(path)")
        exit(1)
    }
    if target == "file" {
        bytes.withUnsafeBytes { FileHarness.run($0) }
    } else if target == "query-eval" {
        let outcome = QueryEvalHarness.run(bytes)
        print(outcome)
        failed = failed || !outcome.failures.isEmpty
    } else if target == "sync-wire" {
        print(bytes.withUnsafeBytes { SyncWireHarness.run($0) })
    } else if target == "sync-changeset" {
        print(SyncChangesetHarness.run(bytes))
    } else {
        StorageOpsRunner.run(bytes)
    }
    print("ok \(path)")
}

/// Open file descriptors now, to spot leaks across many replays.
func openDescriptors() -> Int {
    guard let dir = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(dir) }
    var count = 0
    while readdir(dir) != nil { count += 1 }
    return count - 3 // ".", ".." and the directory itself
}
print("\(arguments.count - 1) input(s) replayed; \(openDescriptors()) file descriptors open")
if failed { exit(1) }
