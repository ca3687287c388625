import CDRM
import Glibc

/// The console ioctls a VirtualTerminal issues, behind a seam so its order can be checked without a VT.
public protocol ConsoleControl: AnyObject {
    /// KDSETMODE: KD_GRAPHICS keeps console text and the cursor off our picture.
    func setGraphics(_ graphics: Bool) throws(PlatformError)
    /// VT_SETMODE: VT_PROCESS with the two signals, or VT_AUTO.
    func setProcessSwitching(release: Int32, acquire: Int32) throws(PlatformError)
    func setAutomaticSwitching() throws(PlatformError)
    /// VT_RELDISP 1 (the switch away may go on) or VT_ACKACQ (we have the screen back).
    func releaseDisplay() throws(PlatformError)
    func acknowledgeAcquire() throws(PlatformError)
    /// Whether this VT is the one on screen (VT_GETSTATE).
    var isForeground: Bool { get }
    /// The fd the fatal-signal rescue makes its ioctls on; nil when there is no real console.
    var rescueFD: Int32? { get }
    func close()
}

/// Owns the console VT while the kiosk runs: graphics mode, and VT switches by signal, so the DRM
/// master can be handed over. `restoreText` (or deinit) puts text mode and automatic switching back.
public final class VirtualTerminal {
    /// relsig and acqsig: the loop's signalfd reads them, so they must be blocked before VT_SETMODE
    /// or their default action would kill us at the first switch.
    public static let releaseSignal = SIGUSR1
    public static let acquireSignal = SIGUSR2

    let control: any ConsoleControl
    public private(set) var switchesByProcess = false
    var isRestored = false
    public var log: (String) -> Void = { _ in }

    /// Graphics mode, then VT_PROCESS. nil (nothing to restore) when graphics mode is refused.
    /// Before the console goes graphical, the quit signals are blocked (the loop reads them, and their
    /// default action would leave the console graphical) and the fatal-signal rescue is armed.
    public init?(control: any ConsoleControl, log: @escaping (String) -> Void = { _ in }) {
        self.control = control
        self.log = log
        QuitSignals.block()
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, VirtualTerminal.releaseSignal)
        sigaddset(&blocked, VirtualTerminal.acquireSignal)
        sigprocmask(SIG_BLOCK, &blocked, nil)
        if let fd = control.rescueFD {
            do { try ConsoleRescue.arm(consoleFD: fd) } catch { log("a crash would leave the console graphical: \(error)") }
        }
        do { try control.setGraphics(true) } catch {
            log("console stays in text mode: \(error)")
            ConsoleRescue.disarm()
            control.close()
            isRestored = true
            return nil
        }
        do {
            try control.setProcessSwitching(release: VirtualTerminal.releaseSignal, acquire: VirtualTerminal.acquireSignal)
            switchesByProcess = true
        } catch {
            // Still worth graphics mode; a switch away just happens without handing master over.
            log("VT switching stays automatic: \(error)")
        }
    }

    /// stdin when it is a VT (systemd's TTYPath), else /dev/tty1, else nil.
    public static func enterGraphics(log: @escaping (String) -> Void = { _ in }) -> VirtualTerminal? {
        guard let console = ConsoleDevice.open() else { return nil }
        return VirtualTerminal(control: console, log: log)
    }

    public var isForeground: Bool { control.isForeground }

    /// For `calx doctor`: which console Calx would take over, or why there is none.
    public static func describeConsole() -> String {
        if ConsoleDevice.isVT(0) {
            return "\(ConsoleDevice.name(of: 0)) on stdin, \(ConsoleDevice.modeName(of: 0)); Calx sets KD_GRAPHICS and handles VT switches"
        }
        let tty: FileDescriptor
        do { tty = try FileDescriptor.open("/dev/tty1", O_RDWR | O_CLOEXEC | O_NOCTTY) } catch {
            return "no VT (stdin is not one; /dev/tty1: errno \(error.errno)); Calx runs without graphics mode or VT switching"
        }
        defer { try? tty.close() }
        let fd = tty.rawValue
        guard ConsoleDevice.isVT(fd) else { return "no VT (stdin is not one, nor is /dev/tty1)" }
        return "/dev/tty1, \(ConsoleDevice.modeName(of: fd)), not stdin: graphics mode needs it as the controlling tty"
            + " (calx.service: TTYPath=/dev/tty1, StandardInput=tty) or CAP_SYS_TTY_CONFIG"
    }

    public func releaseDisplay() {
        do { try control.releaseDisplay() } catch { log("\(error)") }
    }

    public func acknowledgeAcquire() {
        do { try control.acknowledgeAcquire() } catch { log("\(error)") }
    }

    /// Automatic switching first, so no switch can wait on us once the text is back. Idempotent.
    public func restoreText() {
        guard !isRestored else { return }
        isRestored = true
        if switchesByProcess { do { try control.setAutomaticSwitching() } catch { log("\(error)") } }
        do { try control.setGraphics(false) } catch { log("\(error)") }
        ConsoleRescue.disarm()
        control.close()
    }

    deinit { restoreText() }
}

/// The real console: a VT's fd and its ioctls.
final class ConsoleDevice: ConsoleControl {
    let fd: Int32
    /// /dev/tty1 when we opened it; nil for stdin, which is not ours to close.
    let owned: FileDescriptor?
    let path: String

    init(fd: Int32, path: String) { self.fd = fd; owned = nil; self.path = path }
    init(owning file: FileDescriptor) { fd = file.rawValue; owned = file; path = file.path }

    static func isVT(_ fd: Int32) -> Bool {
        var mode: Int32 = 0
        return calx_ioctl_ptr(fd, UInt(KDGETMODE), &mode) == 0
    }

    static func open() -> ConsoleDevice? {
        if isVT(0) { return ConsoleDevice(fd: 0, path: "stdin") }
        guard let tty = try? FileDescriptor.open("/dev/tty1", O_RDWR | O_CLOEXEC | O_NOCTTY), isVT(tty.rawValue) else { return nil }
        return ConsoleDevice(owning: tty)
    }

    static func name(of fd: Int32) -> String {
        var st = stat()
        return fstat(fd, &st) == 0 ? "VT \(calx_dev_minor(st.st_rdev))" : "a VT"
    }

    static func modeName(of fd: Int32) -> String {
        var mode: Int32 = 0
        guard calx_ioctl_ptr(fd, UInt(KDGETMODE), &mode) == 0 else { return "mode unknown" }
        return mode == KD_GRAPHICS ? "in KD_GRAPHICS (another program owns it?)" : "in KD_TEXT"
    }

    func ioctl(_ name: String, _ request: Int32, _ arg: Int) throws(PlatformError) {
        guard retryingEINTR({ calx_ioctl_int(fd, UInt(request), arg) }) == 0 else { throw PlatformError(name, path, errno: errno) }
    }

    func setGraphics(_ graphics: Bool) throws(PlatformError) {
        try ioctl(graphics ? "KDSETMODE KD_GRAPHICS" : "KDSETMODE KD_TEXT", KDSETMODE, Int(graphics ? KD_GRAPHICS : KD_TEXT))
    }

    func setMode(_ name: String, _ mode: vt_mode) throws(PlatformError) {
        var mode = mode
        guard retryingEINTR({ calx_ioctl_ptr(fd, UInt(VT_SETMODE), &mode) }) == 0 else { throw PlatformError(name, path, errno: errno) }
    }

    func setProcessSwitching(release: Int32, acquire: Int32) throws(PlatformError) {
        try setMode("VT_SETMODE VT_PROCESS", vt_mode(mode: CChar(VT_PROCESS), waitv: 0, relsig: Int16(release),
                                                      acqsig: Int16(acquire), frsig: 0))
    }

    func setAutomaticSwitching() throws(PlatformError) {
        try setMode("VT_SETMODE VT_AUTO", vt_mode(mode: CChar(VT_AUTO), waitv: 0, relsig: 0, acqsig: 0, frsig: 0))
    }

    func releaseDisplay() throws(PlatformError) { try ioctl("VT_RELDISP 1", VT_RELDISP, 1) }
    func acknowledgeAcquire() throws(PlatformError) { try ioctl("VT_RELDISP VT_ACKACQ", VT_RELDISP, Int(VT_ACKACQ)) }

    var isForeground: Bool {
        var state = vt_stat()
        var st = stat()
        guard calx_ioctl_ptr(fd, UInt(VT_GETSTATE), &state) == 0, fstat(fd, &st) == 0 else { return true }
        return UInt32(state.v_active) == calx_dev_minor(st.st_rdev)
    }

    var rescueFD: Int32? { fd }

    func close() { try? owned?.close() }
}
