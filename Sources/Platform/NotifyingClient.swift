import Raster

/// The app behind the loop, with systemd told about it: READY=1 once the first frame is on the screen
/// (drawn, and no flip of it still pending), WATCHDOG=1 each `watchdogInterval` from the loop's own
/// turns. A hung loop stops the pings; the deadline it adds keeps an idle loop turning just often enough.
public final class NotifyingClient: DisplayClient {
    let inner: any DisplayClient
    let display: any Display
    let notifier: ServiceNotifier
    var drewFrame = false
    public private(set) var isReady = false
    var nextPing: Double?
    /// Called once, when READY=1 goes (or would go, outside a notify unit): the first frame is on the screen.
    public var onReady: (() -> Void)?

    public init(_ inner: any DisplayClient, display: any Display, notifier: ServiceNotifier,
                now: Double = monotonicSeconds()) {
        self.inner = inner; self.display = display; self.notifier = notifier
        nextPing = notifier.watchdogInterval.map { now + $0 }
    }

    /// Sends what is due at `time`: READY=1 once, and a watchdog ping when its time has come.
    func notify(at time: Double) {
        if !isReady && drewFrame && !display.isBusy {
            isReady = true
            notifier.send(.ready)
            onReady?()
        }
        if let interval = notifier.watchdogInterval, let due = nextPing, time >= due {
            notifier.send(.watchdog)
            nextPing = time + interval
        }
    }

    public var nextDeadline: Double? {
        // A frame drawn and already shown (a modeset, not a flip) brings no event: wake at once to say ready.
        let readyDue = !isReady && drewFrame && !display.isBusy ? monotonicSeconds() : nil
        return [inner.nextDeadline, nextPing, readyDue].compactMap { $0 }.min()
    }

    public func advance(to time: Double) {
        inner.advance(to: time)
        notify(at: time)
    }

    public func draw(into buffer: PixelBuffer) -> [IntRect] {
        drewFrame = true
        return inner.draw(into: buffer)
    }

    public func touches(_ contacts: [TouchContact], time: Double) { inner.touches(contacts, time: time) }
    public func key(_ press: KeyPress, time: Double) { inner.key(press, time: time) }
    public var needsRedraw: Bool { inner.needsRedraw }
    public func invalidate() { inner.invalidate() }
    public func resize(width: Int, height: Int, millimetres: ScreenMillimetres?) {
        inner.resize(width: width, height: height, millimetres: millimetres)
    }
    public func quit() {
        notifier.send(.stopping)
        inner.quit()
    }
}
