// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for FiefStorage, the query parser, query evaluation in Fief and the sync wire
// protocol (see README.md and run.sh).
//
//   fuzz-file          the input is a store file: open, read everything, verify, write
//   fuzz-storage-ops   the input is a sequence of operations, checked against a model
//   fuzz-query         the input is a query string: parse, print, parse again, compare
//   fuzz-query-eval    the input is a query (and its arguments): filter a small realm with it
//                      through the Fief object store and check the answers agree
//   fuzz-sync-wire     the input is a sync protocol frame: decode, encode, decode again, compare
//   fuzz-sync-changeset the input is an encoded sync changeset: decode, round-trip, apply it to a
//                      small in-memory realm (applies or throws invalidSyncChangeset, never traps)
//   fuzz-replay        runs either harness over files without libFuzzer
//   make-seeds         writes the seed corpora (built normally, without fuzzer flags)
//
// Build the fuzz targets with:
//   swift build --package-path Fuzz --scratch-path Fuzz/.build-fuzz -c release \
//     --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --product fuzz-file
// A path dependency's identity is its directory's name; derive it so any checkout name works.
let rootIdentity: String = {
    let components = "\(#filePath)".split(separator: "/")
    return components.count >= 3 ? String(components[components.count - 3]).lowercased() : "main"
}()

let package = Package(
    name: "FiefFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
    ],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "FiefStorage", package: rootIdentity),
                "FuzzQueryLanguage",
            ]
        ),
        // The query parser's API is `package` (invisible to other packages), so the fuzz package
        // compiles its own copy: Sources/FuzzQueryLanguage is a symlink to
        // ../../Sources/FiefQueryLanguage.
        .target(name: "FuzzQueryLanguage"),
        .executableTarget(name: "fuzz-query", dependencies: ["FuzzSupport"]),
        // The query-evaluation harness uses only Fief's public API; the root package's tests
        // compile the same files (Tests/FiefTests/QueryEvalHarness is a symlink to
        // Sources/QueryEvalHarness) to replay regressions/fuzz-query-eval.
        .target(
            name: "QueryEvalHarness",
            dependencies: [.product(name: "Fief", package: rootIdentity)]
        ),
        .executableTarget(name: "fuzz-query-eval", dependencies: ["QueryEvalHarness"]),
        // The sync wire oracle (FiefSyncProtocol's public API), shared by fuzz-sync-wire and
        // fuzz-replay.
        .target(
            name: "SyncWireHarness",
            dependencies: [.product(name: "FiefSyncProtocol", package: rootIdentity)]
        ),
        .executableTarget(name: "fuzz-sync-wire", dependencies: ["SyncWireHarness"]),
        // The sync changeset oracle (Fief's `@_spi(Sync)` changeset codec and apply, with its own
        // models), shared by fuzz-sync-changeset, fuzz-replay and make-seeds.
        .target(
            name: "SyncChangesetHarness",
            dependencies: [.product(name: "Fief", package: rootIdentity)]
        ),
        .executableTarget(name: "fuzz-sync-changeset", dependencies: ["SyncChangesetHarness"]),
        .executableTarget(name: "fuzz-file", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-storage-ops", dependencies: ["FuzzSupport"]),
        .executableTarget(
            name: "fuzz-replay",
            dependencies: ["FuzzSupport", "QueryEvalHarness", "SyncWireHarness", "SyncChangesetHarness"]
        ),
        .executableTarget(
            name: "make-seeds",
            dependencies: [
                "FuzzSupport",
                "SyncChangesetHarness",
                .product(name: "FiefStorage", package: rootIdentity),
                .product(name: "Fief", package: rootIdentity),
                .product(name: "FiefSyncProtocol", package: rootIdentity),
            ]
        ),
    ]
)
