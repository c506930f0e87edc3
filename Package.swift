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
//   FiefServer                  the sync server's library: auth (users, tokens, rate limits),
//                               storage (ServerStore; embedded in Fief realms by default), per-realm
//                               sync (server history, integration, fan-out) and HTTP + WebSocket
//                               (Hummingbird 2, hummingbird-websocket; TLS with HummingbirdTLS); external JWT logins (verified with libcrypto)
//   FiefSync                    the sync client: App, User and SyncUser, credentials, synced
//                               configurations, open behaviours and the SyncSession transport
//                               (swift-websocket's WSClient, AsyncHTTPClient); re-exports Fief
//   fief                        the command-line tool
//   fief-server                 the sync server's executable (target FiefServerCLI)
let package = Package(
    name: "Fief",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "Fief", targets: ["Fief"]),
        .library(name: "FiefStorage", targets: ["FiefStorage"]),
        .library(name: "FiefSyncProtocol", targets: ["FiefSyncProtocol"]),
        .library(name: "FiefSync", targets: ["FiefSync"]),
        .executable(name: "fief", targets: ["FiefCLI"]),
        .executable(name: "fief-server", targets: ["FiefServerCLI"]),
        .executable(name: "fief-sync-demo", targets: ["FiefSyncDemo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
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
        // The sync client. `import FiefSync` replaces `import RealmSwift`: it re-exports Fief.
        .target(
            name: "FiefSync",
            dependencies: [
                "Fief",
                "FiefSyncProtocol",
                // SHA-256, for the id of an offer given by its token.
                "COpenSSL",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ]
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
        // The sync server: everything but the command line, so that tests can use its pieces
        // (token signing, the wire) directly.
        .target(
            name: "FiefServer",
            dependencies: [
                "Fief",
                "FiefStorage",
                "FiefSyncProtocol",
                "COpenSSL",
                // The account webhook (AccountFlowConfiguration).
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // `fief-server`. Like `fief`, the target has its own name (no clash with `FiefServer` on
        // case-insensitive file systems); the product and binary are `fief-server`.
        .executableTarget(
            name: "FiefServerCLI",
            dependencies: [
                "FiefServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            path: "Sources/fief-server"
        ),
        // The sync half of the README's demo: fief-server on loopback, users, devices, an offer.
        .executableTarget(
            name: "FiefSyncDemo",
            dependencies: ["FiefSync"],
            path: "Sources/fief-sync-demo"
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
        // A FiefSync client the chaos tests SIGKILL in the middle of a download.
        .executableTarget(
            name: "fief-sync-downloader",
            dependencies: ["FiefSync"],
            path: "Tests/SyncDownloader"
        ),
        .testTarget(
            name: "FiefStorageTests",
            dependencies: ["FiefStorage", "CrashWorkload"]
        ),
        .testTarget(name: "FiefCLITests", dependencies: ["Fief", "FiefStorage"]),
        .testTarget(name: "FiefQueryLanguageTests", dependencies: ["FiefQueryLanguage"]),
        .testTarget(name: "FiefTests", dependencies: ["Fief", "FiefStorage", "ServerProcessSupport"]),
        .testTarget(name: "FiefSyncProtocolTests", dependencies: ["FiefSyncProtocol", "Fief"]),
        // The client API against the real `fief-server` binary (started on loopback).
        // Starts and stops the real `fief-server` for the server's and the client's tests.
        .target(
            name: "ServerProcessSupport",
            dependencies: [
                // The loopback account webhook of the account-flow tests.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ServerProcessSupport"
        ),
        .testTarget(
            name: "FiefSyncTests",
            dependencies: [
                "FiefSync",
                "ServerProcessSupport",
                "FiefSyncProtocol",
                // To read what a stopped server stored (its history of a realm).
                "FiefServer",
                // For a misbehaving sync server the tests start in-process.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ]
        ),
        // Starts the real `fief-server` binary and drives it over HTTP and WebSocket.
        .testTarget(
            name: "FiefServerTests",
            dependencies: [
                "ServerProcessSupport",
                "FiefServer",
                "FiefSyncProtocol",
                "Fief",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                // A registry of their own, to read the server's metrics in-process.
                .product(name: "Prometheus", package: "swift-prometheus"),
                // An HTTPS client that trusts the TLS tests' self-signed certificate.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ]
)
