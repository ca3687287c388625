import CDRM
import Glibc
import Raster

/// What the loop drives: the app behind the screen. calx adapts the kiosk to this.
public protocol DisplayClient: AnyObject {
    func touches(_ contacts: [TouchContact], time: Double)
    /// A key went down; repeats and releases are not reported.
    func key(_ press: KeyPress, time: Double)
    func advance(to time: Double)
    var nextDeadline: Double? { get }
    var needsRedraw: Bool { get }
    func draw(into buffer: PixelBuffer) -> [IntRect]
    /// The screen lost our picture (a VT switch back, a new modeset): the next draw paints all of it.
    func invalidate()
    /// The screen changed size (hotplug): lay out again.
    func resize(width: Int, height: Int, millimetres: ScreenMillimetres?)
    /// Called once before the loop returns on a signal.
    func quit()
}

public func monotonicSeconds() -> Double { SystemClock.monotonic.seconds }

/// Why the loop ended.
public enum LoopEnd: Equatable {
    /// SIGTERM, SIGINT or SIGHUP: the ordinary way out.
    case signal(Int32)
    /// The loop could not go on (poll failed, the screen could not be taken back); the client has quit.
    case failure(PlatformError)
}

/// One poll over the display, input devices, signals (quit and VT switches), a deadline timer,
/// /dev/input hotplug and DRM uevents. Idle means blocked in poll with no timeout.
public final class DisplayLoop {
    let display: any Display
    let switchable: (any SwitchableDisplay)?
    let client: any DisplayClient
    let terminal: VirtualTerminal?
    let rotation: ScreenRotation
    /// The setting's matrix for every device; nil: each device's udev LIBINPUT_CALIBRATION_MATRIX.
    let calibration: Calibration?
    var devices: [InputDevice] = []
    var nextIDBase = 0
    var ownership: ScreenOwnership
    /// The loop's own descriptors; nil where the kernel refused one (that source then stays quiet).
    let signals: FileDescriptor?
    let timer: FileDescriptor?
    let inputWatch: FileDescriptor?
    var signalFD: Int32 { signals?.rawValue ?? -1 }
    var timerFD: Int32 { timer?.rawValue ?? -1 }
    var inotifyFD: Int32 { inputWatch?.rawValue ?? -1 }
    let uevents: DRMUeventMonitor?
    public var log: (String) -> Void = { _ in }
    /// Where input devices are looked for; tests keep the loop off the machine's real devices.
    var inputPaths: () -> [String] = InputDevice.eventPaths
    /// The system calls the loop makes itself (poll), so a test can make one fail.
    var calls = SystemCalls.real
    /// Set while the VT is ours again but DRM master is not: retried every `masterRetryMilliseconds`,
    /// given up after `masterRetryLimit` tries (the loop ends, and systemd starts us afresh).
    var masterLost: PlatformError?
    var masterRetries = 0
    var masterRetryMilliseconds: Int32 = 100
    var masterRetryLimit = 50

    static let quitSignals = QuitSignals.all

    /// Asks the loop to log "settled" once every input read so far is drawn and its frame is on the
    /// screen (flip completed, nothing left to draw): the VM test takes its screendumps on that line.
    /// The first realtime signal (34 under glibc); SIGUSR1/2 are the VT switch signals.
    public static let settleSignal = __libc_current_sigrtmin()
    var settleRequested = false

    /// Blocks the quit, VT and settle signals so they arrive through the signalfd only. With `terminal` in
    /// VT_PROCESS mode and another console on screen, the loop starts switched away.
    public init(display: any Display, client: any DisplayClient, rotation: ScreenRotation, calibration: Calibration?,
                terminal: VirtualTerminal? = nil) {
        self.display = display; self.client = client; self.rotation = rotation; self.calibration = calibration
        self.terminal = terminal
        switchable = display as? any SwitchableDisplay
        var set = sigset_t()
        sigemptyset(&set)
        for s in DisplayLoop.quitSignals + [VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal, DisplayLoop.settleSignal] {
            sigaddset(&set, s)
        }
        sigprocmask(SIG_BLOCK, &set, nil)
        signals = .adopting(signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK)), name: "signalfd")
        timer = .adopting(timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK)), name: "timerfd")
        inputWatch = .adopting(inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK)), name: "inotify /dev/input")
        if let inputWatch { _ = inotify_add_watch(inputWatch.rawValue, "/dev/input", UInt32(IN_CREATE | IN_ATTRIB)) }
        uevents = switchable == nil ? nil : DRMUeventMonitor()
        let inBackground = terminal.map { $0.switchesByProcess && !$0.isForeground } ?? false
        ownership = ScreenOwnership(isForeground: !inBackground)
        if inBackground { dropMaster() }
    }

    var canDraw: Bool { ownership.isForeground && masterLost == nil && (switchable?.isShowing ?? true) }

    func rescanDevices() {
        let open = Set(devices.map(\.path))
        for path in inputPaths() where !open.contains(path) {
            let screen = (display.width, display.height)
            if let d = InputDevice(path: path, screen: screen, rotation: rotation, calibration: calibration, idBase: nextIDBase) {
                nextIDBase += TouchFrameAssembler.idSpan
                devices.append(d)
                log("input \(path) \"\(d.name)\" as \(d.kind.rawValue)" + (d.calibration.map { ", \($0.summary)" } ?? ""))
            }
        }
    }

    /// Closes every device (so their grabs go too), cancelling the contacts still down.
    func releaseDevices() {
        let now = monotonicSeconds()
        for d in devices {
            let cancelled = d.cancelContacts()
            if !cancelled.isEmpty { client.touches(cancelled, time: now) }
            d.close()
        }
        devices = []
    }

    /// Runs until SIGTERM/SIGINT/SIGHUP, or until it cannot go on; the client has quit either way.
    public func run() -> LoopEnd {
        if ownership.isForeground { rescanDevices() }
        while true {
            if canDraw { do { try presentFrame(of: client, on: display) } catch { log("\(error)") } }
            if settleRequested && canDraw && !display.isBusy && !client.needsRedraw {
                settleRequested = false
                log("settled")
            }
            armTimer(client.nextDeadline)
            var fds = [pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: timerFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: display.eventFD ?? -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: uevents?.fd ?? -1, events: Int16(POLLIN), revents: 0)]
            let fixed = fds.count
            let polled = devices
            fds += polled.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let timeout: Int32 = masterLost == nil ? -1 : masterRetryMilliseconds
            let n = fds.withUnsafeMutableBufferPointer { calls.poll($0.baseAddress!, nfds_t($0.count), timeout) }
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                return end(.failure(PlatformError("poll", "\(fds.count) fds", errno: e)))
            }
            // The flip event first: a VT release or a modeset below waits for pending flips by reading
            // the DRM fd, and a read of an event already consumed there would block.
            if fds[3].revents != 0 { display.handleEvents() }
            if fds[0].revents != 0, let quit = handleSignals() { return end(.signal(quit)) }
            if masterLost != nil, ownership.isForeground, let failure = retryMaster() { return end(.failure(failure)) }
            if fds[1].revents != 0 { var expirations: UInt64 = 0; _ = read(timerFD, &expirations, 8) }
            if fds[2].revents != 0 { drainInotify(); if ownership.isForeground { rescanDevices() } }
            // Switched away the connectors are not ours to set; the acquire re-probes them anyway.
            if fds[4].revents != 0, uevents?.drain() == true, ownership.isForeground, masterLost == nil { followConnectors() }
            let now = monotonicSeconds()
            // A VT switch or a resize above may have closed some of the polled devices.
            let ready = zip(polled, fds.dropFirst(fixed)).filter { $0.1.revents != 0 }.map(\.0)
            for d in ready where devices.contains(where: { $0 === d }) { handle(d, now: now) }
            client.advance(to: monotonicSeconds())
        }
    }

    /// The client saves and quits on every way out; a failure is logged as what it is.
    func end(_ reason: LoopEnd) -> LoopEnd {
        if case .failure(let error) = reason { log("stopping: \(error)") }
        client.quit()
        return reason
    }

    /// Follows every pending signal; the first quit signal, if any.
    func handleSignals() -> Int32? {
        while let signal = readSignal() {
            if DisplayLoop.quitSignals.contains(signal) { return signal }
            // Input written before the request is readable in the poll that brought it, so it is drawn first.
            if signal == DisplayLoop.settleSignal { settleRequested = true; continue }
            guard let terminal, terminal.switchesByProcess else { continue }
            if signal == VirtualTerminal.releaseSignal { perform(ownership.handle(.release)) }
            if signal == VirtualTerminal.acquireSignal { perform(ownership.handle(.acquire)) }
        }
        return nil
    }

    /// Carries out a VT switch, step by step, in ScreenOwnership's order.
    func perform(_ steps: [VTStep]) {
        for step in steps {
            switch step {
            case .finishPendingFlip: switchable?.finishPendingFlip()
            case .dropMaster: dropMaster()
            case .releaseInput: releaseDevices()
            case .allowRelease: masterLost = nil; terminal?.releaseDisplay()
            case .acknowledgeAcquire: terminal?.acknowledgeAcquire()
            case .setMaster: takeMaster()
            // Without master the scanout is not ours to set: retryMaster restores it and redraws.
            case .restoreScanout: if masterLost == nil { followConnectors(restoring: true) }
            case .retakeInput: rescanDevices()
            case .redrawAll: if masterLost == nil { client.invalidate() }
            }
        }
    }

    /// A few quick tries: the console we switch to cannot draw until master is dropped.
    func dropMaster() {
        guard let switchable else { return }
        var failure: PlatformError?
        for _ in 0..<3 {
            do { try switchable.dropMaster(); return } catch { failure = error }
        }
        if let failure { log("\(failure); the other console may find the screen busy") }
    }

    /// Takes master back; on failure the screen stays frozen until a retry succeeds, so say so.
    func takeMaster() {
        guard let switchable else { return }
        do {
            try switchable.setMaster()
            masterLost = nil
            masterRetries = 0
        } catch {
            masterLost = error
            masterRetries = 0
            log("\(error); retrying every \(masterRetryMilliseconds) ms")
        }
    }

    /// One more try at master; nil while there is hope, the error once the tries are used up.
    func retryMaster() -> PlatformError? {
        guard let switchable, let lost = masterLost else { return nil }
        do {
            try switchable.setMaster()
            log("took the screen back after \(masterRetries + 1) retries")
            masterLost = nil
            masterRetries = 0
            followConnectors(restoring: true)
            client.invalidate()
            return nil
        } catch {
            masterRetries += 1
            masterLost = error
            guard masterRetries >= masterRetryLimit else { return nil }
            return PlatformError("take the screen back", "after \(masterRetries) tries", problem: "\(lost)")
        }
    }

    /// Re-probes after a uevent (or a VT switch back, `restoring` the CRTC another console changed).
    func followConnectors(restoring: Bool = false) {
        guard let switchable else { return }
        do {
            let plan = try switchable.followConnectors()
            switch plan {
            case .keep:
                if restoring { try switchable.restoreScanout() }
            case .goDark:
                log("screen disconnected; waiting for one to be connected")
            case .modeset(let mode, let resize):
                log("screen \(mode.connector) \(mode.width)x\(mode.height)@\(mode.refresh)")
                if resize {
                    // Touch axes map onto the screen size: open the devices again for the new one.
                    releaseDevices()
                    client.resize(width: display.width, height: display.height, millimetres: display.millimetres)
                    rescanDevices()
                }
                client.invalidate()
            }
        } catch {
            log("\(error)")
        }
    }

    func handle(_ device: InputDevice, now: Double) {
        for output in device.drain() {
            switch output {
            case .touches(let t): client.touches(t, time: now)
            case .key(let k): client.key(k, time: now)
            case .gone(let cancelled):
                if !cancelled.isEmpty { client.touches(cancelled, time: now) }
                log("input \(device.path) removed")
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

    /// At most 64 reads a turn, like every source the loop drains: what is left makes the next poll return.
    func drainInotify() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<64 {
            let n = buffer.withUnsafeMutableBytes { read(inotifyFD, $0.baseAddress, $0.count) }
            if n <= 0 { return }
        }
    }

    func armTimer(_ deadline: Double?) {
        var spec = itimerspec()
        if let deadline, let d = DisplayLoop.timerSeconds(deadline) {
            spec.it_value = timespec(tv_sec: Int(d), tv_nsec: Int((d - d.rounded(.down)) * 1e9))
        }
        _ = timerfd_settime(timerFD, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    /// A deadline the timer can hold: NaN is none, a past one fires at once, and a far one (even
    /// infinity) waits about 30 years rather than trapping in the conversion to whole seconds.
    static func timerSeconds(_ deadline: Double) -> Double? {
        guard !deadline.isNaN else { return nil }
        return min(max(deadline, 0.000001), 1e9)
    }

    public func close() {
        for d in devices { d.close() }
        devices = []
        uevents?.close()
        for file in [signals, timer, inputWatch] { try? file?.close() }
    }
}
