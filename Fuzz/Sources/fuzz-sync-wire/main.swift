import SyncWireHarness

// Only the libFuzzer entry point lives here; the oracle is SyncWireHarness.
@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    SyncWireHarness.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
