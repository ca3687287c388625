import Calculator
import Kiosk
import Platform
import Raster

/// The kiosk behind the display loop: Platform's contacts become Kiosk touch events. `calx run` and
/// `calx soak` both drive the kiosk through this one adapter.
final class KioskClient: DisplayClient {
    let app: KioskApp
    /// Where the kiosk's messages go (standard error under `calx run`).
    let log: (String) -> Void
    init(app: KioskApp, log: @escaping (String) -> Void = { printError($0) }) { self.app = app; self.log = log }
    /// CALX_TRACE_TOUCH=1 logs each contact's down/up (for the VM session logs).
    let traceTouches = environmentValue("CALX_TRACE_TOUCH") == "1"

    func touches(_ contacts: [TouchContact], time: Double) {
        if traceTouches {
            for c in contacts where c.phase != .move { log("calx: touch \(c.id) \(c.phase) \(Int(c.x)),\(Int(c.y)) key \(app.pressedKey.flatMap { app.layout.keypad.keys.firstIndex(of: $0) }.map(String.init) ?? "-")") }
        }
        app.handle(contacts.map { TouchEvent(id: $0.id, x: $0.x, y: $0.y, phase: phase($0.phase), time: time) })
        flushMessages()
    }

    func phase(_ p: TouchContact.Phase) -> TouchEvent.Phase {
        switch p { case .down: .down; case .move: .move; case .up: .up; case .cancel: .cancel }
    }

    func key(_ press: KeyPress, time: Double) {
        if let token = KeyTokenMap.token(for: press), let k = CalculatorKey(token: token) { app.handle(key: k, time: time); flushMessages() }
    }

    func advance(to time: Double) { app.advance(to: time); flushMessages() }
    var nextDeadline: Double? { app.nextDeadline }
    var needsRedraw: Bool { app.needsRedraw }
    /// Called around the first frame's drawing only (the start's timing, StartupClock).
    var onFirstDraw: (() -> Void)?
    var onFirstDrawn: (() -> Void)?
    func draw(into buffer: PixelBuffer) -> [IntRect] {
        guard let before = onFirstDraw else { return app.draw(into: buffer) }
        before(); onFirstDraw = nil
        let damage = app.draw(into: buffer)
        onFirstDrawn?(); onFirstDrawn = nil
        return damage
    }
    func invalidate() { app.invalidate() }
    func resize(width: Int, height: Int, millimetres: ScreenMillimetres?) {
        app.resize(width: width, height: height, millimetres: millimetres)
    }
    func quit() { app.saveNow(); flushMessages() }
    func flushMessages() { for line in messageLines() { log(line) } }
    /// The kiosk's pending messages as log lines; they carry their own "calx: ".
    func messageLines() -> [String] { app.takeMessages().map { $0.hasPrefix("calx: ") ? $0 : "calx: " + $0 } }
}
