import Glibc

/// The kernel's clocks, read through one `clock_gettime`: the loop's deadlines, the start-up log and the
/// CPU-time figures each name the clock they need instead of each reading one of their own.
public enum SystemClock {
    /// Steady time that never jumps: deadlines and frame pacing.
    case monotonic
    /// Monotonic time that also counts suspend: the clock `/proc/PID/stat`'s starttime is on.
    case boot
    /// CPU time of the whole process: stands still while it waits.
    case processCPU
    /// CPU time of the calling thread: stands still while it is descheduled.
    case threadCPU

    private var id: clockid_t {
        switch self {
        case .monotonic: CLOCK_MONOTONIC
        case .boot: CLOCK_BOOTTIME
        case .processCPU: CLOCK_PROCESS_CPUTIME_ID
        case .threadCPU: CLOCK_THREAD_CPUTIME_ID
        }
    }

    private var now: timespec {
        var t = timespec()
        clock_gettime(id, &t)
        return t
    }

    public var seconds: Double {
        let t = now
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    public var nanoseconds: UInt64 {
        let t = now
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
}

extension SystemClock {
    /// Sleeps `milliseconds` (not negative); a signal that interrupts it costs only the time it took.
    public static func sleep(milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }
}
