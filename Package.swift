// swift-tools-version: 6.1
import PackageDescription

// Fief's layers, bottom up (see ../shared/DESIGN.md and FORMAT.md):
//   CFiefShims, CLZ4, COpenSSL  small C shims and system libraries
//   FiefStorage                 pages, mmap, copy-on-write B+tree, MVCC, checksums, encryption
//   FiefQueryLanguage           the Realm Query Language parser (pure)
//   Fief                        the object store and public API: Realm, Object, Results...,
//                               changesets with global object identity and the sync history
//   FiefSyncProtocol            pure sync: wire messages, merge (transform) rules, server and
//                               client history logic; no I/O, no clocks
//   fief                        the command-line tool
let package = Package(
    name: "Fief",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "Fief", targets: ["Fief"]),
        .library(name: "FiefStorage", targets: ["FiefStorage"]),
        .library(name: "FiefSyncProtocol", targets: ["FiefSyncProtocol"]),
        .executable(name: "fief", targets: ["FiefCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLZ4",
            pkgConfig: "liblz4",
            providers: [.apt(["liblz4-dev"]), .brew(["lz4"])]
        ),
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        .target(name: "CFiefShims"),
        .target(name: "FiefQueryLanguage"),
        .target(
            name: "FiefStorage",
            dependencies: ["CFiefShims", "CLZ4", "COpenSSL"]
        ),
        .target(
            name: "Fief",
            dependencies: ["FiefStorage", "FiefQueryLanguage"]
        ),
        // Pure sync logic: no I/O, no clocks, deterministic (see ../shared/DESIGN.md, "Sync").
        .target(
            name: "FiefSyncProtocol",
            dependencies: ["Fief", "CLZ4"]
        ),
        // The `fief` tool. The target has its own name so that its module does not clash with
        // `Fief` on case-insensitive file systems; the product (and binary) is `fief`.
        .executableTarget(
            name: "FiefCLI",
            dependencies: [
                "Fief",
                "FiefStorage",
                "FiefQueryLanguage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/fief"
        ),
        // The crash tests' deterministic workload, shared by the writer they kill and the tests.
        .target(
            name: "CrashWorkload",
            dependencies: ["FiefStorage"],
            path: "Tests/CrashWorkload"
        ),
        // A tiny program the crash tests start and kill with SIGKILL mid-commit.
        .executableTarget(
            name: "fief-crash-writer",
            dependencies: ["FiefStorage", "CrashWorkload"],
            path: "Tests/CrashWriter"
        ),
        // A child process that uses a realm from the wrong thread, for the isolation tests.
        .executableTarget(
            name: "fief-isolation-probe",
            dependencies: ["Fief"],
            path: "Tests/IsolationProbe"
        ),
        // A child process that commits to a synced realm until the history crash tests kill it.
        .executableTarget(
            name: "fief-sync-writer",
            dependencies: ["Fief"],
            path: "Tests/SyncWriter"
        ),
        .testTarget(
            name: "FiefStorageTests",
            dependencies: ["FiefStorage", "CrashWorkload"]
        ),
        .testTarget(name: "FiefCLITests", dependencies: ["Fief", "FiefStorage"]),
        .testTarget(name: "FiefQueryLanguageTests", dependencies: ["FiefQueryLanguage"]),
        .testTarget(name: "FiefTests", dependencies: ["Fief", "FiefStorage"]),
        .testTarget(name: "FiefSyncProtocolTests", dependencies: ["FiefSyncProtocol", "Fief"]),
    ]
)
