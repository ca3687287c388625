import Glibc
@testable import Platform

/// A kernel that opens nothing real: `open` hands out made-up descriptors, `mapShared` heap memory, and
/// every call is logged; `fail` makes the named call fail with an errno. What is still open or mapped at
/// the end is what a leak would leave.
final class FakeKernel {
    var log: [String] = []
    var open: Set<Int32> = []
    var mapped: [UnsafeMutableRawPointer: Int] = [:]
    /// Call name to what its next calls do, in order: fail with that errno, or succeed for a 0.
    var failures: [String: [Int32]] = [:]
    var nextFD: Int32 = 100

    func fail(_ call: String, with errnos: Int32...) { failures[call, default: []] += errnos }

    /// True (errno set) when `call` is to fail now.
    func failing(_ call: String) -> Bool {
        log.append(call)
        guard var queue = failures[call], !queue.isEmpty else { return false }
        let next = queue.removeFirst()
        failures[call] = queue
        if next == 0 { return false }
        errno = next
        return true
    }

    var calls: SystemCalls {
        var c = SystemCalls()
        c.open = { [self] path, _, _ in
            if failing("open") { return -1 }
            nextFD += 1; open.insert(nextFD); return nextFD
        }
        c.close = { [self] fd in
            log.append("close \(fd)")
            guard open.remove(fd) != nil else { errno = EBADF; return -1 }
            return 0
        }
        c.read = { [self] _, _, _ in failing("read") ? -1 : 0 }
        c.write = { [self] _, _, n in failing("write") ? -1 : n }
        c.fsync = { [self] _ in failing("fsync") ? -1 : 0 }
        c.ioctl = { [self] _, _, _ in failing("ioctl") ? -1 : 0 }
        c.mapShared = { [self] _, length, _ in
            if failing("mmap") { return nil }
            let p = UnsafeMutableRawPointer.allocate(byteCount: max(length, 1), alignment: 16)
            mapped[p] = length
            return p
        }
        c.munmap = { [self] p, _ in
            log.append("munmap")
            guard mapped.removeValue(forKey: p) != nil else { errno = EINVAL; return -1 }
            p.deallocate()
            return 0
        }
        c.poll = { [self] _, _, _ in failing("poll") ? -1 : 0 }
        return c
    }
}
