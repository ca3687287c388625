import Testing
@testable import Platform

@Suite struct ProcessHeapTests {
    @Test func glibcTakesTheFixedTrimThreshold() {
        #expect(ProcessHeap.giveBackFreedTopPromptly())
    }

    /// The figure follows what the program holds. 32 MB in blocks of 16 kB (below the mmap threshold, so in
    /// the arenas), so the other tests' allocations meanwhile (a 1080p picture is 8 MB) cannot hide it.
    @Test func bytesInUseFollowWhatIsHeld() {
        let block = 16 << 10, count = 2048
        let before = ProcessHeap.bytesInUse()
        let blocks = (0..<count).map { _ in UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 16) }
        let held = ProcessHeap.bytesInUse()
        for b in blocks { b.deallocate() }
        let after = ProcessHeap.bytesInUse()
        #expect(held - before >= 24 << 20, "\(before) → \(held)")
        #expect(held - after >= 24 << 20, "\(held) → \(after)")
    }
}
