import Calculator
import Kiosk
import Platform
import Raster

/// The kiosk behind the display loop: Platform's contacts become Kiosk touch events. `calx run` and
/// `calx-lab soak` both drive the kiosk through this one adapter.
package final class KioskClient: DisplayClient {
    package let app: KioskApp
    /// Where the kiosk's messages go (standard error under `calx run`).
    package let log: (String) -> Void
    package init(app: KioskApp, log: @escaping (String) -> Void = { printError($0) }) { self.app = app; self.log = log }
    /// CALX_TRACE_TOUCH=1 logs each contact's down/up (for the VM session logs).
    package let traceTouches = environmentValue("CALX_TRACE_TOUCH") == "1"

    package func touches(_ contacts: [TouchContact], time: Double) {
        if traceTouches {
            for c in contacts where c.phase != .move { log("calx: touch \(c.id) \(c.phase) \(Int(c.x)),\(Int(c.y)) key \(app.pressedKey.flatMap { app.layout.keypad.keys.firstIndex(of: $0) }.map(String.init) ?? "-")") }
        }
        app.handle(contacts.map { TouchEvent(id: $0.id, x: $0.x, y: $0.y, phase: phase($0.phase), time: time) })
        flushMessages()
    }

    package func phase(_ p: TouchContact.Phase) -> TouchEvent.Phase {
        switch p { case .down: .down; case .move: .move; case .up: .up; case .cancel: .cancel }
    }

    package func key(_ press: KeyPress, time: Double) {
        if let token = KeyTokenMap.token(for: press), let k = CalculatorKey(token: token) { app.handle(key: k, time: time); flushMessages() }
    }

    package func advance(to time: Double) { app.advance(to: time); flushMessages() }
    package var nextDeadline: Double? { app.nextDeadline }
    package var needsRedraw: Bool { app.needsRedraw }
    /// Called around the first frame's drawing only (the start's timing, StartupClock).
    package var onFirstDraw: (() -> Void)?
    package var onFirstDrawn: (() -> Void)?
    package func draw(into buffer: PixelBuffer) -> [IntRect] {
        guard let before = onFirstDraw else { return app.draw(into: buffer) }
        before(); onFirstDraw = nil
        let damage = app.draw(into: buffer)
        onFirstDrawn?(); onFirstDrawn = nil
        return damage
    }
    package func invalidate() { app.invalidate() }
    package func resize(width: Int, height: Int, millimetres: ScreenMillimetres?) {
        app.resize(width: width, height: height, millimetres: millimetres)
    }
    package func quit() { app.saveNow(); flushMessages() }
    package func flushMessages() { for line in messageLines() { log(line) } }
    /// The kiosk's pending messages as log lines; they carry their own "calx: ".
    package func messageLines() -> [String] { app.takeMessages().map { $0.hasPrefix("calx: ") ? $0 : "calx: " + $0 } }
}
