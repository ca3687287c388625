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
    /// `stop()` was called (the client is done: `calx calibrate` kept a calibration); the client has quit.
    case stopped
}

/// One poll over the display, input devices, signals (quit and VT switches), a deadline timer,
/// /dev/input hotplug and DRM uevents. Idle means blocked in poll with no timeout.
/// It coordinates: its own descriptors (`LoopWakeups`), the VT and DRM master (`ScreenHandover`) and the
/// input devices (`InputDevices`) each do one job; here are the turn of the loop and the order of steps.
public final class DisplayLoop {
    let display: any Display
    let switchable: (any SwitchableDisplay)?
    let client: any DisplayClient
    let wakeups: LoopWakeups
    let handover: ScreenHandover
    let inputs: InputDevices
    let uevents: DRMUeventMonitor?
    public var log: (String) -> Void = { _ in } {
        didSet { handover.log = log; inputs.log = log }
    }
    /// The system calls the loop makes itself (its descriptors, poll), so a test can make one fail.
    var calls: SystemCalls

    static let quitSignals = QuitSignals.all

    /// Asks the loop to log "settled" once every input read so far is drawn and its frame is on the
    /// screen (flip completed, nothing left to draw): the VM test takes its screendumps on that line.
    /// The first realtime signal (34 under glibc); SIGUSR1/2 are the VT switch signals.
    public static let settleSignal = __libc_current_sigrtmin()
    var settleRequested = false
    var stopRequested = false
    /// A calibration to reopen the devices with, at the end of this turn (not in the middle of draining one).
    var pendingCalibration: Calibration??

    /// Each input device as it is opened (its kind and calibration): the kiosk's first start calibrates a
    /// single-touch panel that has none.
    public var onDeviceOpened: ((InputDevice) -> Void)? {
        get { inputs.opened } set { inputs.opened = newValue }
    }

    /// Blocks the quit, VT and settle signals so they arrive through the signalfd only. With `terminal` in
    /// VT_PROCESS mode and another console on screen, the loop starts switched away.
    public init(display: any Display, client: any DisplayClient, rotation: ScreenRotation, calibration: Calibration?,
                terminal: VirtualTerminal? = nil, calls: SystemCalls = .real) {
        self.display = display; self.client = client; self.calls = calls
        switchable = display as? any SwitchableDisplay
        wakeups = LoopWakeups(signals: DisplayLoop.quitSignals + [VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal,
                                                                   DisplayLoop.settleSignal], calls: calls)
        uevents = switchable == nil ? nil : DRMUeventMonitor()
        inputs = InputDevices(rotation: rotation, calibration: calibration)
        handover = ScreenHandover(terminal: terminal, switchable: switchable)
    }

    var canDraw: Bool { handover.isForeground && handover.hasMaster && (switchable?.isShowing ?? true) }

    /// Runs until SIGTERM/SIGINT/SIGHUP, or until it cannot go on; the client has quit either way.
    public func run() -> LoopEnd {
        if handover.isForeground { rescanDevices() }
        while true {
            if canDraw { do { try presentFrame(of: client, on: display) } catch { log("\(error)") } }
            if settleRequested && canDraw && !display.isBusy && !client.needsRedraw {
                settleRequested = false
                log("settled")
            }
            wakeups.arm([client.nextDeadline, inputs.retryDeadline].compactMap { $0 }.min())
            var fds = [pollfd(fd: wakeups.signals?.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeups.timer?.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeups.inputWatch?.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: display.eventFD ?? -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: uevents?.fd ?? -1, events: Int16(POLLIN), revents: 0)]
            let fixed = fds.count
            let polled = inputs.open
            fds += polled.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let n = fds.withUnsafeMutableBufferPointer { calls.poll($0.baseAddress!, nfds_t($0.count), handover.pollTimeout) }
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                return end(.failure(PlatformError("poll", "\(fds.count) fds", errno: e)))
            }
            // The flip event first: a VT release or a modeset below waits for pending flips by reading
            // the DRM fd, and a read of an event already consumed there would block.
            if fds[3].revents != 0 { display.handleEvents() }
            if fds[0].revents != 0, let quit = handleSignals() { return end(.signal(quit)) }
            if !handover.hasMaster, handover.isForeground, let failure = retryMaster() { return end(.failure(failure)) }
            if fds[1].revents != 0 {
                wakeups.drainTimer()
                if let retry = inputs.retryDeadline, retry <= monotonicSeconds(), handover.isForeground { rescanDevices() }
            }
            if fds[2].revents != 0 { wakeups.drainInputWatch(); if handover.isForeground { rescanDevices() } }
            // Switched away the connectors are not ours to set; the acquire re-probes them anyway.
            if fds[4].revents != 0, uevents?.drain() == true, handover.isForeground, handover.hasMaster { followConnectors() }
            let now = monotonicSeconds()
            // A VT switch or a resize above may have closed some of the polled devices.
            let ready = zip(polled, fds.dropFirst(fixed)).filter { $0.1.revents != 0 }.map(\.0)
            for d in ready where inputs.isOpen(d) { inputs.drain(d, into: client, now: now) }
            client.advance(to: monotonicSeconds())
            if let calibration = pendingCalibration {
                pendingCalibration = nil
                releaseDevices()
                inputs.calibration = calibration
                if handover.isForeground { rescanDevices() }
            }
            if stopRequested { return end(.stopped) }
        }
    }

    /// Ends the loop after this turn, as a quit signal would (the client quits, the devices are let go).
    public func stop() { stopRequested = true }

    /// Opens every input device again with `calibration` as the setting (nil: each device's udev matrix), as a
    /// calibration just made says, at the end of this turn; contacts down are cancelled.
    public func useCalibration(_ calibration: Calibration?) { pendingCalibration = .some(calibration) }

    /// The client saves and quits on every way out; a failure is logged as what it is.
    func end(_ reason: LoopEnd) -> LoopEnd {
        if case .failure(let error) = reason { log("stopping: \(error)") }
        client.quit()
        return reason
    }

    /// Follows every pending signal; the first quit signal, if any.
    func handleSignals() -> Int32? {
        while let signal = wakeups.readSignal() {
            if DisplayLoop.quitSignals.contains(signal) { return signal }
            // Input written before the request is readable in the poll that brought it, so it is drawn first.
            if signal == DisplayLoop.settleSignal { settleRequested = true; continue }
            guard handover.followsSwitches else { continue }
            if signal == VirtualTerminal.releaseSignal { perform(handover.handle(.release)) }
            if signal == VirtualTerminal.acquireSignal { perform(handover.handle(.acquire)) }
        }
        return nil
    }

    /// Carries out a VT switch, step by step, in ScreenOwnership's order.
    func perform(_ steps: [VTStep]) {
        for step in steps {
            switch step {
            case .finishPendingFlip: switchable?.finishPendingFlip()
            case .dropMaster: handover.dropMaster()
            case .releaseInput: releaseDevices()
            case .allowRelease: handover.allowRelease()
            case .acknowledgeAcquire: handover.acknowledgeAcquire()
            case .setMaster: handover.takeMaster()
            // Without master the scanout is not ours to set: retryMaster restores it and redraws.
            case .restoreScanout: if handover.hasMaster { followConnectors(restoring: true) }
            case .retakeInput: rescanDevices()
            case .redrawAll: if handover.hasMaster { client.invalidate() }
            }
        }
    }

    /// One more try at master; nil while there is hope, the error once the tries are used up. Once it is
    /// back, the scanout is ours to restore and the picture to redraw.
    func retryMaster() -> PlatformError? {
        switch handover.retryMaster() {
        case .waiting:
            return nil
        case .regained:
            followConnectors(restoring: true)
            client.invalidate()
            return nil
        case .gaveUp(let failure):
            return failure
        }
    }

    func rescanDevices() {
        inputs.rescan(screen: (display.width, display.height))
    }

    /// Closes every device (so their grabs go too); the client gets the contacts still down, cancelled.
    func releaseDevices() {
        let now = monotonicSeconds()
        inputs.releaseAll { client.touches($0, time: now) }
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

    public func close() {
        inputs.close()
        uevents?.close()
        wakeups.close()
    }
}
