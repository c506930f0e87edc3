#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzSupport

// Writes the seed corpora into Fuzz/corpus/file, Fuzz/corpus/storage-ops, Fuzz/corpus/sync-wire
// and Fuzz/corpus/sync-changeset (or into the directory given as the only argument), replacing
// what is there.
let corpus = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : defaultCorpusDirectory()
let fileDirectory = "\(corpus)/file"
let opsDirectory = "\(corpus)/storage-ops"
let wireDirectory = "\(corpus)/sync-wire"
let changesetDirectory = "\(corpus)/sync-changeset"
for directory in [corpus, fileDirectory, opsDirectory, wireDirectory, changesetDirectory] { mkdir(directory, 0o755) }
removeFiles(in: fileDirectory)
removeFiles(in: opsDirectory)
removeFiles(in: wireDirectory)
removeFiles(in: changesetDirectory)

var total = 0
for seed in fileSeeds() {
    let bytes = makeStoreFile(seed)
    bytes.withUnsafeBytes { Scratch.write($0, to: "\(fileDirectory)/\(seed.name).bin") }
    print("file/\(seed.name).bin  \(bytes.count) bytes")
    total += bytes.count
}
for (name, bytes) in opsSeeds() {
    bytes.withUnsafeBytes { Scratch.write($0, to: "\(opsDirectory)/\(name).bin") }
    print("storage-ops/\(name).bin  \(bytes.count) bytes")
    total += bytes.count
}
for (name, bytes) in wireSeeds() {
    bytes.withUnsafeBytes { Scratch.write($0, to: "\(wireDirectory)/\(name).bin") }
    print("sync-wire/\(name).bin  \(bytes.count) bytes")
    total += bytes.count
}
for (name, bytes) in changesetSeeds() {
    bytes.withUnsafeBytes { Scratch.write($0, to: "\(changesetDirectory)/\(name).bin") }
    print("sync-changeset/\(name).bin  \(bytes.count) bytes")
    total += bytes.count
}
print("\(total) bytes in all")

/// Fuzz/corpus, found from this source file's location.
func defaultCorpusDirectory() -> String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3) // Sources/make-seeds/main.swift
    return parts.joined(separator: "/") + "/corpus"
}

func removeFiles(in directory: String) {
    guard let dir = opendir(directory) else { return }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name.hasSuffix(".bin") { unlink("\(directory)/\(name)") }
    }
}
