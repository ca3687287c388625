import CMalloc

/// The process's C heap (glibc's allocator, which Swift's allocations go through): how soon it gives
/// freed memory back to the kernel, and how much the program holds of it.
public enum ProcessHeap {
    /// A free top of the heap larger than this goes back to the kernel when a free leaves it so
    /// (glibc's default, kept fixed).
    public static let trimThreshold = 128 * 1024

    /// glibc starts with a 128 kB trim threshold but raises it to twice the largest block it has unmapped
    /// (its dynamic threshold), so after one large free at start-up a free heap top of up to that size
    /// stays resident for the rest of the run. In a 40,000-frame soak that was 1 MB of resident memory
    /// gained after warm-up, all of it free top (in use: +120 kB). Setting the threshold fixes it, and the
    /// mmap threshold with it, at their defaults. False if glibc refused.
    @discardableResult
    public static func giveBackFreedTopPromptly() -> Bool {
        mallopt(M_TRIM_THRESHOLD, Int32(trimThreshold)) == 1
    }

    /// Bytes the program holds from the allocator: in use in every arena, and in blocks mapped on their own.
    public static func bytesInUse() -> Int {
        let figures = mallinfo2()
        return Int(figures.uordblks + figures.hblkhd)
    }
}
