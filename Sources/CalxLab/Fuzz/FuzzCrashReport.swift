#if canImport(Glibc)
import Glibc
#endif
import CalxApp
import Platform

/// Names the case that was running when the process traps, faults or hangs, with async-signal-safe
/// calls only: the message is formatted before the case starts. A hang is measured in CPU time
/// (SIGPROF), not wall time: on a loaded machine a case may wait for the processor for seconds.
enum FuzzCrashReport {
    private nonisolated(unsafe) static var message = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1024)
    private nonisolated(unsafe) static var messageLength = 0
    private nonisolated(unsafe) static var index = 0
    private nonisolated(unsafe) static var prefix = ""
    /// Where the report goes: standard error, or the lab's own while a case's standard error is caught.
    nonisolated(unsafe) static var descriptor: Int32 = 2

    static func install(target: String, seed: UInt64) {
        prefix = "\ncalx-lab fuzz \(target) --seed \(seed): died in case "
        for number in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGPROF] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                _ = write(FuzzCrashReport.descriptor, FuzzCrashReport.message.baseAddress, FuzzCrashReport.messageLength)
                signal(number, SIG_DFL)
                raise(number)
            }
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigaction(number, &action, nil)
        }
    }

    static func enter(case index: Int, alarmSeconds: UInt32) {
        self.index = index
        format(String(index))
        arm(seconds: Int(alarmSeconds))
    }

    /// What the running case does, said after its number if it dies (a command line, with its controls escaped).
    static func describe(_ detail: String) {
        format(String(index) + ": " + detail.escapingControls)
    }

    private static func format(_ text: String) {
        let bytes = Array((prefix + text).utf8.prefix(message.count - 1)) + [0x0A]
        for (i, byte) in bytes.enumerated() { message[i] = byte }
        messageLength = bytes.count
    }

    static func leave() {
        arm(seconds: 0)
    }

    /// SIGPROF after `seconds` of this process's CPU time; 0 disarms.
    private static func arm(seconds: Int) {
        var timer = itimerval()
        timer.it_value.tv_sec = seconds
        setitimer(__itimer_which_t(ITIMER_PROF.rawValue), &timer, nil)
    }

    /// This process's CPU time so far, in seconds.
    static func cpuSeconds() -> Double { SystemClock.processCPU.seconds }
}
