#if canImport(Glibc)
import Glibc
#endif

/// Names the case that was running when the process traps, faults or hangs (SIGALRM), with
/// async-signal-safe calls only: the message is formatted before the case starts.
enum FuzzCrashReport {
    private nonisolated(unsafe) static var message = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)
    private nonisolated(unsafe) static var messageLength = 0
    private nonisolated(unsafe) static var prefix = ""

    static func install(target: String, seed: UInt64) {
        prefix = "\ncalx fuzz \(target) --seed \(seed): died in case "
        for number in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGALRM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                _ = write(2, FuzzCrashReport.message.baseAddress, FuzzCrashReport.messageLength)
                signal(number, SIG_DFL)
                raise(number)
            }
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigaction(number, &action, nil)
        }
    }

    static func enter(case index: Int, alarmSeconds: UInt32) {
        let text = Array((prefix + String(index) + "\n").utf8.prefix(message.count))
        for (i, byte) in text.enumerated() { message[i] = byte }
        messageLength = text.count
        alarm(alarmSeconds)
    }

    static func leave() {
        alarm(0)
    }
}
