// swift-tools-version: 6.1
import PackageDescription

// The benchmark harness lives in its own package so that users of Fief never resolve (or build)
// it: it compares FiefStorage with LMDB and SQLite, both used through their C APIs from the
// system libraries (liblmdb-dev, libsqlite3-dev), and, at the object level, Fief with raw SQLite
// and GRDB. See README.md.
let package = Package(
    name: "FiefBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Fief", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // The floor of the end-to-end sync latency (S1): a WebSocket echo over the stack the
        // sync client and fief-server use.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    ],
    targets: [
        // LMDB ships no pkg-config file, so the module map names the library itself.
        .systemLibrary(
            name: "CLMDB",
            providers: [.apt(["liblmdb-dev"]), .brew(["lmdb"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .executableTarget(
            name: "fief-bench",
            dependencies: [
                .product(name: "FiefStorage", package: "Fief"),
                .product(name: "Fief", package: "Fief"),
                .product(name: "FiefSyncProtocol", package: "Fief"),
                .product(name: "FiefSync", package: "Fief"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                "CLMDB",
                "CSQLite",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
