import QueryEvalHarness

// Only the libFuzzer entry point lives here; the logic is QueryEvalHarness (shared with
// Tests/FiefTests/QueryFuzzRegressionTests.swift through a symlink).
@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let outcome = QueryEvalHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
    // The first failure leads, so that Fuzz/triage.sh groups findings by it.
    if let first = outcome.failures.first { fatalError("FUZZ FAILURE: \(first)\n\(outcome)") }
    return 0
}
