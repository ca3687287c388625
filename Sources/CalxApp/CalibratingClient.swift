import Kiosk
import Platform
import Raster
import TouchCalibration

/// What the display loop drives while a panel is calibrated: TouchCalibration's session (its taps, its
/// screen), then, when a calibration is kept, `onKept` (save it, reopen the devices through it) and the kiosk
/// behind it, if there is one (the first start), drawn afresh. `calx calibrate` has no kiosk: it stops there.
final class CalibratingClient: DisplayClient {
    let kiosk: KioskClient?
    let glyphs: any GlyphSource
    let rotation: ScreenRotation
    private(set) var session: CalibrationSession?
    private var width: Int, height: Int
    /// A calibration was kept.
    var onKept: (Calibration) -> Void = { _ in }

    init(kiosk: KioskClient?, width: Int, height: Int, rotation: ScreenRotation, glyphs: any GlyphSource) {
        self.kiosk = kiosk; self.width = width; self.height = height; self.rotation = rotation; self.glyphs = glyphs
    }

    var isCalibrating: Bool { session != nil }

    /// Shows the calibration screen (the devices are read through no calibration meanwhile: the caller opened
    /// them so).
    func begin() {
        guard session == nil else { return }
        session = CalibrationSession(width: width, height: height, rotation: rotation)
    }

    func touches(_ contacts: [TouchContact], time: Double) {
        guard let session else { kiosk?.touches(contacts, time: time); return }
        session.handle(contacts, time: time)
        if let kept = session.result { finish(kept) }
    }

    private func finish(_ kept: Calibration) {
        session = nil
        onKept(kept)
        kiosk?.invalidate()
    }

    func key(_ press: KeyPress, time: Double) { if session == nil { kiosk?.key(press, time: time) } }

    func advance(to time: Double) {
        session?.advance(to: time)
        kiosk?.advance(to: time)
    }

    var nextDeadline: Double? {
        guard let session else { return kiosk?.nextDeadline }
        return [session.nextDeadline, kiosk?.nextDeadline].compactMap { $0 }.min()
    }

    var needsRedraw: Bool { session.map(\.changed) ?? kiosk?.needsRedraw ?? false }

    func draw(into buffer: PixelBuffer) -> [IntRect] {
        guard let session else { return kiosk?.draw(into: buffer) ?? [] }
        guard session.takeChange() else { return [] }
        return CalibrationScreen.draw(session, into: buffer, glyphs: glyphs)
    }

    func invalidate() {
        if let session { session.redraw() }
        kiosk?.invalidate()
    }

    /// A new screen size: the kiosk lays out again; a calibration under way starts over at the new size.
    func resize(width: Int, height: Int, millimetres: ScreenMillimetres?) {
        self.width = width; self.height = height
        kiosk?.resize(width: width, height: height, millimetres: millimetres)
        if session != nil { session = CalibrationSession(width: width, height: height, rotation: rotation) }
    }

    func quit() { kiosk?.quit() }
}
