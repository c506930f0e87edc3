import FuzzSupport

// Only the libFuzzer entry point lives here; the logic is FuzzSupport.QueryHarness.
@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    QueryHarness.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
