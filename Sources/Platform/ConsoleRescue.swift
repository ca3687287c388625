import CConsoleRescue
import Glibc

/// The fatal-signal rescue of the console (Modules/CConsoleRescue): armed while the VT is
/// graphical, so a crash (SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP, SIGSYS) puts VT_AUTO and
/// KD_TEXT back before the process dies with that same signal.
public enum ConsoleRescue {
    /// Arms the handlers for the console's fd, which must stay open while armed, and unblocks the rescued
    /// signals in the calling thread (threads made after inherit that), since a blocked one never reaches them.
    /// `witness` (tests only) receives the name of each ioctl the handler makes.
    public static func arm(consoleFD: Int32, witness: Int32 = -1) throws(PlatformError) {
        guard calx_rescue_arm(consoleFD, witness) == 0 else {
            throw PlatformError("sigaction (fatal-signal rescue)", "console fd \(consoleFD)", errno: errno)
        }
    }

    /// The console is text again: the handlers that were there before come back.
    public static func disarm() { calx_rescue_disarm() }

    /// The console fd a crash would restore, nil when disarmed.
    public static var armedFD: Int32? {
        let fd = calx_rescue_armed_fd()
        return fd >= 0 ? fd : nil
    }
}

/// The signals that end the kiosk in order: they are read through the loop's signalfd, so they are
/// blocked from before the console goes graphical until the process ends.
public enum QuitSignals {
    public static let all: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    public static func block() {
        var set = sigset_t()
        sigemptyset(&set)
        for s in all { sigaddset(&set, s) }
        sigprocmask(SIG_BLOCK, &set, nil)
    }
}
