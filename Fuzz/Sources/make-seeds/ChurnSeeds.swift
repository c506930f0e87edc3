import FiefStorage

/// File seeds whose free lists and unsynced ranges are busy: several commits of deletes,
/// updates and drops, some behind a reader, some with relaxed durability.
func churnSeeds() -> [FileSeed] {
    [
        FileSeed(name: "churn-512-relaxed", pageSize: 512, durability: .relaxed(interval: 3600)) { store in
            try store.write { txn in
                let tree = try txn.createTree("churn")
                for i in 0..<300 { try tree.put(numberKey(i), bytes("value-\(i)")) }
            }
            let reader = try store.beginRead()
            try store.write { txn in
                let tree = try txn.tree("churn")!
                for i in stride(from: 0, to: 300, by: 3) { try tree.delete(numberKey(i)) }
            }
            try store.write { txn in
                let tree = try txn.tree("churn")!
                for i in stride(from: 1, to: 300, by: 10) { try tree.put(numberKey(i), compressible(600, i)) }
                try tree.put(bytes("blob"), random(900, seed: 9))
            }
            reader.abort()
            try store.write { txn in
                let tree = try txn.tree("churn")!
                for i in stride(from: 2, to: 150, by: 3) { try tree.delete(numberKey(i)) }
            }
        },
        FileSeed(name: "churn-1024-full", pageSize: 1024) { store in
            for round in 0..<5 {
                try store.write { txn in
                    let tree = try txn.createTree("r")
                    for i in 0..<80 { try tree.put(numberKey(i * 5 + round), random(20 + i % 40, seed: UInt64(i))) }
                    for i in stride(from: round, to: 80, by: 4) { try tree.delete(numberKey(i * 5 + round)) }
                }
            }
        },
        FileSeed(name: "dropped-tree-512", pageSize: 512, durability: .relaxed(interval: 3600)) { store in
            try store.write { txn in
                for name in ["keep", "drop"] {
                    let tree = try txn.createTree(name)
                    for i in 0..<60 { try tree.put(numberKey(i), bytes("\(name)-\(i)")) }
                }
                try txn.tree("drop")!.put(bytes("big"), random(800, seed: 11))
            }
            try store.write { txn in try txn.dropTree("drop") }
        },
        FileSeed(name: "emptied-512", pageSize: 512) { store in
            try store.write { txn in
                let tree = try txn.createTree("gone")
                for i in 0..<100 { try tree.put(numberKey(i), bytes("x\(i)")) }
            }
            try store.write { txn in
                let tree = try txn.tree("gone")!
                for i in 0..<100 { try tree.delete(numberKey(i)) }
            }
        },
        FileSeed(name: "value-sizes-1024", pageSize: 1024, durability: .relaxed(interval: 3600)) { store in
            try store.write { txn in
                let tree = try txn.createTree("sizes")
                for length in stride(from: 0, through: 2400, by: 120) {
                    try tree.put(numberKey(length), length % 240 == 0 ? compressible(length, length) : random(length, seed: UInt64(length)))
                }
            }
        },
    ]
}
