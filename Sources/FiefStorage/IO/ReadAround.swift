/// Whether a store's memory maps let the kernel read around a faulting page.
///
/// A store's maps start with read-around off (`MADV_RANDOM`): opening a large file whose pages
/// are not in the page cache and reading a few objects then reads those pages and little more,
/// instead of up to the device's read-ahead size (8 MiB on some virtual disks) per fault. The
/// first scan turns it on for the store's current and later maps, since a scan reads most of
/// what read-around would fetch and gains from reading it in large requests. Runs spanning
/// several pages are read in one request either way (``PageMap/startReading(_:pages:)``).
final class ReadAround: @unchecked Sendable {
    private let lock = Lock()
    // Guarded by `lock`.
    private var on = false

    /// Whether new maps should read around.
    var isOn: Bool { lock.withLock { on } }

    /// New maps read around from now on.
    func turnOn() { lock.withLock { on = true } }
}
