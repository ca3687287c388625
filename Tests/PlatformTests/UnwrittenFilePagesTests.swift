import Testing
@testable import Platform

@Suite struct UnwrittenFilePagesTests {
    /// Two mappings of a binary (code, and relocated RELRO data), its writable data, a library's read-only
    /// data, the heap and an anonymous mapping: only the private, file-backed, unwritten ones are dropped.
    @Test func onlyPrivateFileMappingsWithoutCopiesAreUnwritten() {
        let smaps = """
        555555554000-5555557d5000 r-xp 00000000 fe:00 123 /opt/calx/bin/calx
        Size:               2564 kB
        Rss:                 560 kB
        Anonymous:             0 kB
        VmFlags: rd ex mr mw me
        555556224000-55555627d000 r--p 00cce000 fe:00 123 /opt/calx/bin/calx
        Rss:                 356 kB
        Anonymous:           356 kB
        55555627d000-55555647f000 rw-p 00d26000 fe:00 123 /opt/calx/bin/calx
        Anonymous:           164 kB
        55555650d000-5555565ca000 rw-p 00000000 00:00 0                          [heap]
        Anonymous:           624 kB
        7ffff7126000-7ffff7b41000 rw-p 00000000 00:00 0
        Anonymous:          8264 kB
        7ffff7d00000-7ffff7d10000 r--p 00000000 fe:00 77 /usr/lib/x86_64-linux-gnu/libm.so.6
        Anonymous:             0 kB
        7ffff7e00000-7ffff7e10000 r--s 00000000 fe:00 78 /dev/shm/shared
        Anonymous:             0 kB
        7ffff7fc8000-7ffff7fca000 r-xp 00000000 00:00 0                          [vdso]
        Anonymous:             0 kB
        """
        let mappings = UnwrittenFilePages.mappings(inSmaps: smaps)
        #expect(mappings.count == 4)
        #expect(mappings.filter(\.unwritten).map(\.range) == [
            .init(start: 0x5555_5555_4000, end: 0x5555_557d_5000),
            .init(start: 0x7fff_f7d0_0000, end: 0x7fff_f7d1_0000),
        ])
    }

    /// In this process: the test binary's code is dropped and read again, and the program goes on.
    @Test func releasingKeepsTheProcessRunning() throws {
        let dropped = try #require(UnwrittenFilePages.release())
        #expect(dropped > 0)
        let smaps = try #require(UnwrittenFilePages.readProcFile("/proc/self/smaps"))
        #expect(!UnwrittenFilePages.mappings(inSmaps: smaps).isEmpty)
        #expect([3, 1, 2].sorted() == [1, 2, 3])
    }
}
