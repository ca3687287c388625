import Glibc
@testable import Platform

func isBlocked(_ signal: Int32) -> Bool {
    var current = sigset_t()
    sigprocmask(SIG_BLOCK, nil, &current)
    return sigismember(&current, signal) == 1
}

/// The console's ioctls, recorded; `refuse` names the ones that fail with EPERM.
final class FakeConsole: ConsoleControl {
    let log: CallLog
    var refuse: Set<String> = []
    var isForeground = true
    init(log: CallLog, refuse: Set<String> = []) { self.log = log; self.refuse = refuse }

    func record(_ call: String) throws(PlatformError) {
        log.calls.append(call)
        if refuse.contains(call) { throw PlatformError(call, "fake tty", errno: EPERM) }
    }
    func setGraphics(_ graphics: Bool) throws(PlatformError) {
        // A quit signal's default action would end us with the console graphical.
        let ready = !graphics || QuitSignals.all.allSatisfy(isBlocked)
        try record(graphics ? "KD_GRAPHICS\(ready ? "" : " QUIT UNBLOCKED")" : "KD_TEXT")
    }
    func setProcessSwitching(release: Int32, acquire: Int32) throws(PlatformError) {
        // The kernel sends relsig/acqsig from this moment: unblocked, their default action kills.
        let ready = isBlocked(release) && isBlocked(acquire)
        try record("VT_PROCESS \(release) \(acquire)\(ready ? "" : " UNBLOCKED")")
    }
    func setAutomaticSwitching() throws(PlatformError) { try record("VT_AUTO") }
    func releaseDisplay() throws(PlatformError) { try record("VT_RELDISP 1") }
    func acknowledgeAcquire() throws(PlatformError) { try record("VT_ACKACQ") }
    var rescueFD: Int32? { nil }
    func close() { log.calls.append("close") }
}
