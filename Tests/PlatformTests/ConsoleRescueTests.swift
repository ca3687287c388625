import Glibc
import Testing
@testable import Platform

/// A crashing kiosk must leave a text console behind: the rescue armed by the VirtualTerminal runs on
/// the fatal signal, makes its two ioctls (VT_AUTO first, then KD_TEXT) and the process still dies of
/// that signal. Each case crashes a forked child; the child reports the ioctls through a pipe.
/// The child blocks every signal before arming: a handler never runs for a blocked signal (the kernel kills
/// on a blocked fault; glibc 2.41's abort() resets a blocked SIGABRT to SIG_DFL before unblocking it), and
/// a fork copies the forking thread's mask, which is a libdispatch worker's here (SIGABRT blocked). Arming
/// must unblock them, whatever thread arms.
@Suite struct ConsoleRescueTests {
    enum Crash: String, CaseIterable { case nullWrite, abort, trap, stackOverflow, busError }

    /// (termination signal, what the handler wrote).
    func crashChild(_ crash: Crash) throws -> (signal: Int32, witness: String) {
        var pipeFDs: [Int32] = [0, 0]
        try #require(pipe(&pipeFDs) == 0)
        let console = open("/dev/null", O_RDWR)
        let child = fork()
        try #require(child >= 0)
        if child == 0 {
            // Only system calls and the crash itself from here: the parent has other threads.
            var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
            setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
            close(pipeFDs[0])
            blockEverySignal()
            do { try ConsoleRescue.arm(consoleFD: console, witness: pipeFDs[1]) } catch { _exit(3) }
            switch crash {
            case .nullWrite: UnsafeMutablePointer<Int>(bitPattern: 16)!.pointee = 1
            case .abort: abort()
            case .trap: var x = Int.max; x += Int(getpid() > 0 ? 1 : 0); _exit(Int32(truncatingIfNeeded: x))
            case .stackOverflow: _exit(Int32(truncatingIfNeeded: recurse(1)))
            case .busError: raise(SIGBUS)
            }
            _exit(4)
        }
        close(pipeFDs[1])
        close(console)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(pipeFDs[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        close(pipeFDs[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        // WIFSIGNALED / WTERMSIG are macros: the low seven bits hold the signal, 0 for a normal exit.
        return (status & 0x7f, String(decoding: bytes, as: UTF8.self))
    }

    @Test(arguments: Crash.allCases)
    func aCrashPutsTheConsoleBackThenDiesOfItsSignal(crash: Crash) throws {
        let (signal, witness) = try crashChild(crash)
        #expect(witness == "VT_AUTO\nKD_TEXT\n", "\(crash)")
        let expected: Set<Int32>
        switch crash {
        case .nullWrite, .stackOverflow: expected = [SIGSEGV]
        case .abort: expected = [SIGABRT]
        case .trap: expected = [SIGILL, SIGTRAP]   // ud2 on x86_64, brk on arm64
        case .busError: expected = [SIGBUS]
        }
        #expect(expected.contains(signal), "\(crash) ended with signal \(signal)")
    }

    /// Arming unblocks the seven rescued signals and no other: the quit signals stay blocked for the
    /// loop's signalfd.
    @Test func armingUnblocksTheRescuedSignalsOnly() throws {
        let rescued = [SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP, SIGSYS]
        let signals = rescued + QuitSignals.all   // made before the fork: the child must not allocate
        var pipeFDs: [Int32] = [0, 0]
        try #require(pipe(&pipeFDs) == 0)
        let child = fork()
        try #require(child >= 0)
        if child == 0 {
            close(pipeFDs[0])
            blockEverySignal()
            do { try ConsoleRescue.arm(consoleFD: open("/dev/null", O_RDWR), witness: -1) } catch { _exit(3) }
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            var blocked: UInt32 = 0   // bit i: signals[i] is still blocked
            for i in signals.indices where sigismember(&mask, signals[i]) == 1 { blocked |= 1 << UInt32(i) }
            _exit(write(pipeFDs[1], &blocked, 4) == 4 ? 0 : 5)
        }
        close(pipeFDs[1])
        var blocked: UInt32 = 0
        let n = read(pipeFDs[0], &blocked, 4)
        close(pipeFDs[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        #expect(status == 0 && n == 4)
        let stillBlocked = signals.indices.filter { blocked & (1 << UInt32($0)) != 0 }.map { signals[$0] }
        #expect(stillBlocked == QuitSignals.all, "the rescued signals are unblocked, the quit signals stay blocked")
    }

    @Test func disarmedNothingIsTouched() throws {
        var pipeFDs: [Int32] = [0, 0]
        try #require(pipe(&pipeFDs) == 0)
        let child = fork()
        try #require(child >= 0)
        if child == 0 {
            var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
            setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
            do { try ConsoleRescue.arm(consoleFD: 0, witness: pipeFDs[1]) } catch { _exit(3) }
            ConsoleRescue.disarm()
            abort()
        }
        close(pipeFDs[1])
        var byte: UInt8 = 0
        let n = read(pipeFDs[0], &byte, 1)
        close(pipeFDs[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        #expect(n == 0)
        #expect(status & 0x7f == SIGABRT)
    }
}

/// In a forked child: the mask of a thread that blocks everything it can.
func blockEverySignal() {
    var all = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_BLOCK, &all, nil)
}

/// Unbounded recursion on the stack alone (no malloc, which a forked child must not call).
@inline(never) func recurse(_ depth: Int) -> Int {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) { frame in
        frame[0] = depth
        return depth < 0 ? 0 : recurse(depth + 1) + frame[0]
    }
}
