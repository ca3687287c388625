#if canImport(Glibc)
import Glibc
#endif
import Platform

/// What the soak reads about its own process from /proc and the kernel's clocks.
enum ProcessFigures {
    /// Resident memory in bytes: /proc/self/statm's second field (pages).
    static func residentBytes() -> Int? {
        guard let text = try? readTextFile("/proc/self/statm", limit: 4096) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The open file descriptors: the entries of /proc/self/fd, less the one the listing itself holds.
    static func openDescriptors() -> Int? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            if !directoryEntryName(entry).hasPrefix(".") { count += 1 }
        }
        return count - 1
    }

    /// This thread's CPU time in nanoseconds. Unlike the wall clock it stands still while the thread is
    /// descheduled, so the other processes sharing the machine's cores do not count as frame cost.
    static func threadCPUNanoseconds() -> UInt64 { SystemClock.threadCPU.nanoseconds }
}
