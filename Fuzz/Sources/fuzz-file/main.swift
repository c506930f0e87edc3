import FuzzSupport

// Only the libFuzzer entry point lives here; the logic is FuzzSupport.FileHarness.
@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FileHarness.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
