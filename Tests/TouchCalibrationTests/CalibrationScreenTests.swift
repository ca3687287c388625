import EvdevInput
import GoldenImage
import Raster
import Testing
import Typeface
@testable import TouchCalibration

/// The calibration screen's steps, as golden pictures (CALX_RECORD_GOLDEN=1 rewrites them; look at each).
@Suite struct CalibrationScreenTests {
    func picture(_ session: CalibrationSession, _ name: String) -> String? {
        let image = PixelImage(width: session.layout.width, height: session.layout.height)
        guard let glyphs = try? Typeface.default() else { return "no font" }
        _ = CalibrationScreen.draw(session, into: image.buffer, glyphs: glyphs)
        return goldenMismatch(image.buffer, named: name, referencesDirectory: references(#filePath))
    }

    @Test func theFirstTarget() {
        #expect(picture(CalibrationSession(width: 800, height: 480), "calibration-800x480-target") == nil)
        #expect(picture(CalibrationSession(width: 720, height: 1280), "calibration-720x1280-target") == nil)
    }

    /// The resistive panel's third tap slipped: refused, asked again, the others shown as done.
    @Test func aRefusedTap() {
        var truth = PanelTruth(correction: CalibrationSessionTests.resistive, width: 480, height: 320)
        let session = CalibrationSession(width: 480, height: 320)
        for (i, t) in session.layout.targets.enumerated() {
            truth.tap(i == 2 ? Point(x: t.x - 40, y: t.y - 30) : t, on: session, id: i, time: Double(i))
        }
        #expect(session.notice == .farFromOthers)
        #expect(picture(session, "calibration-480x320-refused") == nil)
    }

    /// The check step, a finger down: the ring where the new matrix puts it, and the two buttons.
    @Test func theCheckStep() {
        var truth = PanelTruth(correction: CalibrationSessionTests.swapped, width: 800, height: 480)
        let session = CalibrationSession(width: 800, height: 480)
        for (i, t) in session.layout.targets.enumerated() { truth.tap(t, on: session, id: i, time: Double(i)) }
        let r = truth.reading(Point(x: 520, y: 190))
        session.handle([TouchContact(id: 20, x: r.x, y: r.y, phase: .down)], time: 10)
        #expect(picture(session, "calibration-800x480-check") == nil)
    }
}
