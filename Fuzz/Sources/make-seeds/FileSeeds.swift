import FiefStorage
import FuzzSupport

/// A store file to make for the `fuzz-file` corpus.
struct FileSeed {
    var name: String
    var pageSize: Int
    var durability: Durability = .full
    /// Encrypts the store with ``FileHarness/fuzzKey``.
    var encrypted = false
    /// Fills the store (each call to `store.write` is one commit).
    var build: (Store) throws -> Void
}

/// Creates the store in the scratch directory, closes it and returns its bytes.
func makeStoreFile(_ seed: FileSeed) -> [UInt8] {
    let path = Scratch.path("seed-\(seed.name).fief")
    Scratch.remove(path)
    defer { Scratch.remove(path) }
    do {
        var options = StorageOptions()
        options.pageSize = seed.pageSize
        options.durability = seed.durability
        if seed.encrypted { options.encryptionKey = FileHarness.fuzzKey }
        let store = try Store(path: path, options: options)
        try seed.build(store)
        let report = try store.verify()
        precondition(report.isValid, "seed \(seed.name) is not valid: \(report)")
    } catch {
        fatalError("seed \(seed.name): \(error)")
    }
    return Scratch.read(path)!
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A four-byte big-endian key.
func numberKey(_ n: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: n >> (8 * (3 - $0))) } }

func compressible(_ count: Int, _ salt: Int = 0) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: salt &+ $0 / 50) }
}

func random(_ count: Int, seed: UInt64) -> [UInt8] {
    var generator = SplitMix(seed: seed)
    return generator.bytes(count)
}

/// Every file seed: several shapes and page sizes, each file small.
func fileSeeds() -> [FileSeed] {
    [
        FileSeed(name: "empty-512", pageSize: 512) { _ in },
        FileSeed(name: "empty-4096", pageSize: 4096) { _ in },
        FileSeed(name: "empty-commit-1024", pageSize: 1024) { store in try store.write { _ in } },
        FileSeed(name: "small-512", pageSize: 512) { store in
            try store.write { txn in
                let tree = try txn.createTree("t")
                for i in 0..<12 { try tree.put(bytes("key-\(i)"), bytes("value-\(i)")) }
            }
        },
        FileSeed(name: "two-trees-1024", pageSize: 1024) { store in
            try store.write { txn in
                let alpha = try txn.createTree("alpha")
                for i in 0..<30 { try alpha.put(numberKey(i * 7), bytes("a\(i)")) }
                let beta = try txn.createTree("beta")
                try beta.put([], [])
                try beta.put([0xFF, 0xFF], [0])
                try beta.put([0], bytes("zero"))
            }
        },
        FileSeed(name: "overflow-512", pageSize: 512) { store in
            try store.write { txn in
                let blobs = try txn.createTree("blobs")
                try blobs.put(bytes("compressible"), compressible(3000))
                try blobs.put(bytes("random"), random(1500, seed: 1))
                try blobs.put(bytes("random-small"), random(300, seed: 2))
                try blobs.put(bytes("inline"), random(50, seed: 3))
            }
        },
        FileSeed(name: "encrypted-1024", pageSize: 1024, encrypted: true) { store in
            try store.write { txn in
                let alpha = try txn.createTree("alpha")
                for i in 0..<60 { try alpha.put(numberKey(i * 3), bytes("secret \(i)")) }
                let blobs = try txn.createTree("blobs")
                try blobs.put(bytes("compressible"), compressible(4000))
                try blobs.put(bytes("random"), random(2500, seed: 9))
            }
            try store.write { txn in
                guard let alpha = try txn.tree("alpha") else { return }
                for i in 0..<20 { try alpha.delete(numberKey(i * 3)) }
            }
        },
        FileSeed(name: "encrypted-4096-relaxed", pageSize: 4096, durability: .relaxed(interval: 3600), encrypted: true) { store in
            for round in 0..<3 {
                try store.write { txn in
                    let tree = try txn.tree("t") ?? txn.createTree("t")
                    for i in 0..<40 { try tree.put(numberKey(round * 100 + i), random(90, seed: UInt64(round * 100 + i))) }
                }
            }
        },
        FileSeed(name: "overflow-4096", pageSize: 4096) { store in
            try store.write { txn in
                let blobs = try txn.createTree("blobs")
                try blobs.put(bytes("compressible"), compressible(30_000))
                try blobs.put(bytes("random"), random(9000, seed: 4))
                try blobs.put(bytes("edge"), random(1000, seed: 5))
            }
        },
        FileSeed(name: "many-trees-512", pageSize: 512) { store in
            try store.write { txn in
                for t in 0..<40 {
                    let tree = try txn.createTree("tree-\(t)")
                    for i in 0...(t % 3) { try tree.put(bytes("k\(i)"), bytes("v\(t)-\(i)")) }
                }
            }
        },
        FileSeed(name: "deep-512", pageSize: 512) { store in
            var order = Array(0..<700)
            var generator = SplitMix(seed: 7)
            order.shuffle(using: &generator)
            try store.write { txn in
                let tree = try txn.createTree("deep")
                for i in order { try tree.put(numberKey(i), numberKey(i * 3)) }
            }
        },
    ] + churnSeeds()
}
