import SyncChangesetHarness

// Only the libFuzzer entry point lives here; the oracle is SyncChangesetHarness.
@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    SyncChangesetHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
