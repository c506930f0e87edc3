import FuzzSupport

// Only the libFuzzer entry point lives here; the logic is FuzzSupport.StorageOpsRunner.
@_cdecl("LLVMFuzzerTestOneInput") public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    StorageOpsRunner.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
