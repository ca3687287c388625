#if canImport(Glibc)
import Glibc
#endif
import CalxApp
import Platform

/// What the soak reads about its own process from /proc and the kernel's clocks.
enum ProcessFigures {
    /// Resident memory in bytes, whole and in its two kinds: /proc/self/statm's second field (resident pages)
    /// and third (resident pages backed by a file: the executable's and libraries' code and read-only data,
    /// and shared memory). The rest is anonymous: the heap, the stacks, the picture.
    struct Resident: Equatable {
        var total: Int
        var fileBacked: Int
        var anonymous: Int { total - fileBacked }
    }

    static func resident() -> Resident? {
        guard let text = try? readTextFile("/proc/self/statm", limit: 4096) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 2, let pages = Int(fields[1]), let filePages = Int(fields[2]) else { return nil }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        return Resident(total: pages * pageSize, fileBacked: filePages * pageSize)
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
