/// A shared mapping of a device's memory, unmapped exactly once: by `unmap()` or when the last
/// reference goes.
public final class MemoryMap {
    public let base: UnsafeMutableRawPointer
    public let length: Int
    let calls: SystemCalls
    private var isMapped = true

    package init(base: UnsafeMutableRawPointer, length: Int, calls: SystemCalls) {
        self.base = base; self.length = length; self.calls = calls
    }

    public func unmap() {
        guard isMapped else { return }
        isMapped = false
        _ = calls.munmap(base, length)
    }

    deinit { unmap() }
}
