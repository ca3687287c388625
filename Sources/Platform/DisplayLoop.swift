import CDRM
import Glibc
import Raster

/// What the loop drives: the app behind the screen. calx adapts the kiosk to this.
public protocol DisplayClient: AnyObject {
    func touches(_ contacts: [TouchContact], time: Double)
    func key(_ token: String, time: Double)
    func advance(to time: Double)
    var nextDeadline: Double? { get }
    var needsRedraw: Bool { get }
    func draw(into buffer: PixelBuffer) -> [IntRect]
    /// Called once before the loop returns on a signal.
    func quit()
}

public func monotonicSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// One poll over the display, input devices, signals, a deadline timer and /dev/input hotplug.
/// Idle means blocked in poll with no timeout.
public final class DisplayLoop {
    let display: any Display
    let client: any DisplayClient
    let rotation: Int
    let calibration: [Double]
    var devices: [InputDevice] = []
    var nextIDBase = 0
    let signalFD: Int32
    let timerFD: Int32
    let inotifyFD: Int32
    public var log: (String) -> Void = { _ in }
    var settleRequested = false

    /// Asks the loop to log "calx: settled" once every input read so far is drawn and its frame is on the
    /// screen (flip completed, nothing left to draw): the VM test takes its screendumps on that line.
    /// The first realtime signal (34 under glibc); SIGUSR1/2 belong to VT switching.
    public static let settleSignal = __libc_current_sigrtmin()

    /// Blocks SIGTERM, SIGINT, SIGHUP and the settle signal so they arrive through the signalfd only.
    public init(display: any Display, client: any DisplayClient, rotation: Int, calibration: [Double]) {
        self.display = display; self.client = client; self.rotation = rotation; self.calibration = calibration
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGTERM, SIGINT, SIGHUP, DisplayLoop.settleSignal] { sigaddset(&set, s) }
        sigprocmask(SIG_BLOCK, &set, nil)
        signalFD = signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        timerFD = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        inotifyFD = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        if inotifyFD >= 0 { _ = inotify_add_watch(inotifyFD, "/dev/input", UInt32(IN_CREATE | IN_ATTRIB)) }
    }

    func rescanDevices() {
        let open = Set(devices.map(\.path))
        for path in InputDevice.eventPaths() where !open.contains(path) {
            let screen = (display.width, display.height)
            if let d = InputDevice(path: path, screen: screen, rotation: rotation, calibration: calibration, idBase: nextIDBase) {
                nextIDBase += 1 << 24
                devices.append(d)
                log("calx: input \(path) \"\(d.name)\" as \(d.kind.rawValue)")
            }
        }
    }

    /// Runs until SIGTERM/SIGINT/SIGHUP; returns the signal number.
    public func run() -> Int32 {
        rescanDevices()
        while true {
            if !display.isBusy && client.needsRedraw {
                let damage = client.draw(into: display.drawBuffer)
                do { try display.present(damage: damage) } catch { log("calx: \(error)") }
            }
            if settleRequested && !display.isBusy && !client.needsRedraw { settleRequested = false; log("calx: settled") }
            armTimer(client.nextDeadline)
            var fds = [pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: timerFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: display.eventFD ?? -1, events: Int16(POLLIN), revents: 0)]
            fds += devices.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let n = poll(&fds, nfds_t(fds.count), -1)
            if n < 0 { if errno == EINTR { continue }; log("calx: poll errno \(errno)"); return 0 }
            // Input that was written before a settle request is readable in this same poll, so it is drawn first.
            if fds[0].revents != 0, let signal = readSignal() {
                if signal == DisplayLoop.settleSignal { settleRequested = true } else { client.quit(); return signal }
            }
            if fds[1].revents != 0 { var expirations: UInt64 = 0; _ = read(timerFD, &expirations, 8) }
            if fds[2].revents != 0 { drainInotify(); rescanDevices() }
            if fds[3].revents != 0 { display.handleEvents() }
            let now = monotonicSeconds()
            let ready = zip(devices, fds.dropFirst(4)).filter { $0.1.revents != 0 }.map(\.0)
            for d in ready { handle(d, now: now) }
            client.advance(to: monotonicSeconds())
        }
    }

    func handle(_ device: InputDevice, now: Double) {
        for output in device.drain() {
            switch output {
            case .touches(let t): client.touches(t, time: now)
            case .key(let k): client.key(k, time: now)
            case .gone(let cancelled):
                if !cancelled.isEmpty { client.touches(cancelled, time: now) }
                log("calx: input \(device.path) removed")
                device.close()
                devices.removeAll { $0 === device }
            }
        }
    }

    func readSignal() -> Int32? {
        var info = signalfd_siginfo()
        let n = withUnsafeMutableBytes(of: &info) { read(signalFD, $0.baseAddress, $0.count) }
        return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
    }

    func drainInotify() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(inotifyFD, $0.baseAddress, $0.count) }) > 0 {}
    }

    func armTimer(_ deadline: Double?) {
        var spec = itimerspec()
        if let deadline {
            let d = max(deadline, 0.000001)
            spec.it_value = timespec(tv_sec: Int(d), tv_nsec: Int((d - d.rounded(.down)) * 1e9))
        }
        _ = timerfd_settime(timerFD, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    public func close() {
        for d in devices { d.close() }
        devices = []
        for fd in [signalFD, timerFD, inotifyFD] where fd >= 0 { Glibc.close(fd) }
    }
}
