import CDRM
import Glibc

/// The display loop's own descriptors, made together by `init` and closed together by `close`: a signalfd
/// for the signals the loop follows (blocked first, so they arrive only here), a timerfd for the client's
/// next deadline, and an inotify watch on /dev/input for devices that come. Every call goes through
/// `SystemCalls`. A descriptor the kernel refuses is nil, and that source stays quiet.
final class LoopWakeups {
    let signals: FileDescriptor?
    let timer: FileDescriptor?
    let inputWatch: FileDescriptor?

    init(signals followed: [Int32], calls: SystemCalls) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in followed { sigaddset(&set, s) }
        sigprocmask(SIG_BLOCK, &set, nil)
        signals = .adopting(calls.signalfd(&set, Int32(SFD_CLOEXEC | SFD_NONBLOCK)), name: "signalfd", calls: calls)
        timer = .adopting(calls.timerfdCreate(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK)), name: "timerfd", calls: calls)
        inputWatch = .adopting(calls.inotifyInit(Int32(IN_CLOEXEC | IN_NONBLOCK)), name: "inotify /dev/input", calls: calls)
        if let inputWatch { _ = calls.inotifyAddWatch(inputWatch.rawValue, "/dev/input", UInt32(IN_CREATE | IN_ATTRIB)) }
    }

    func close() {
        for file in [signals, timer, inputWatch] { try? file?.close() }
    }

    /// The next pending signal, nil when none is left (or there is no signalfd).
    func readSignal() -> Int32? {
        var info = signalfd_siginfo()
        let n = withUnsafeMutableBytes(of: &info) { raw in try? signals?.read(into: raw) }
        return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
    }

    /// Fires at `deadline` (monotonic seconds); nil disarms.
    func arm(_ deadline: Double?) {
        guard let timer else { return }
        var spec = itimerspec()
        if let deadline, let d = LoopWakeups.timerSeconds(deadline) {
            spec.it_value = timespec(tv_sec: Int(d), tv_nsec: Int((d - d.rounded(.down)) * 1e9))
        }
        _ = timer.calls.timerfdSetTime(timer.rawValue, Int32(TFD_TIMER_ABSTIME), &spec)
    }

    /// A deadline the timer can hold: NaN is none, a past one fires at once, and a far one (even
    /// infinity) waits about 30 years rather than trapping in the conversion to whole seconds.
    static func timerSeconds(_ deadline: Double) -> Double? {
        guard !deadline.isNaN else { return nil }
        return min(max(deadline, 0.000001), 1e9)
    }

    /// Takes the timer's expiry count, so the next poll waits again.
    func drainTimer() {
        var expirations: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &expirations) { raw in try? timer?.read(into: raw) }
    }

    /// At most 64 reads a turn, like every source the loop drains: what is left makes the next poll return.
    func drainInputWatch() {
        guard let inputWatch else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<64 {
            let n = buffer.withUnsafeMutableBytes { raw in (try? inputWatch.read(into: raw)) ?? -1 }
            if n <= 0 { return }
        }
    }
}
