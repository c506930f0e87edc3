import Foundation

// fief-bench: FiefStorage against LMDB and SQLite on identical key-value workloads.
// See Benchmarks/README.md.
exit(BenchmarkRunner.run(Array(CommandLine.arguments.dropFirst())))
