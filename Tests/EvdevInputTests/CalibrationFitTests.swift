import Raster
import Testing
@testable import EvdevInput

@Suite struct CalibrationFitTests {
    let truth = Calibration(1.1375, 0.02, -0.0694, -0.01, -1.17, 1.0857)
    let readings: [(x: Double, y: Double)] = [(0.2, 0.1), (0.9, 0.15), (0.85, 0.8), (0.1, 0.9), (0.5, 0.4), (0.3, 0.6)]

    func samples(_ m: Calibration) -> [CalibrationFit.Sample] {
        readings.map { CalibrationFit.Sample(reading: $0, target: m.apply(x: $0.x, y: $0.y)) }
    }

    @Test func exactTapsGiveTheMatrixBack() throws {
        let fitted = try #require(CalibrationFit.fit(samples(truth)))
        for (got, want) in zip(fitted.entries, truth.entries) { #expect(abs(got - want) < 1e-9) }
        // Three taps fix it; two do not.
        #expect(CalibrationFit.fit(Array(samples(truth).prefix(3))) != nil)
        #expect(CalibrationFit.fit(Array(samples(truth).prefix(2))) == nil)
    }

    @Test func readingsOnOneLineGiveNone() {
        let line = (0..<5).map { i in CalibrationFit.Sample(reading: (Double(i) / 5, Double(i) / 10), target: (Double(i) / 5, 0.5)) }
        #expect(CalibrationFit.fit(line) == nil)
    }

    @Test func theTapThatDisagreesIsFound() {
        for bad in readings.indices {
            var s = samples(truth)
            s[bad].target.x += 0.08
            #expect(CalibrationFit.outlier(s, panel: (800, 480), tolerance: 10) == bad)
        }
        #expect(CalibrationFit.outlier(samples(truth), panel: (800, 480), tolerance: 1) == nil)
    }

    /// AxisMapping's panelPoint undoes the rotation and scaling of map(normalisedX:normalisedY:), every way round.
    @Test(arguments: ScreenRotation.allCases)
    func panelPointIsMapsInverse(rotation: ScreenRotation) {
        let m = AxisMapping(xRange: 0...1, yRange: 0...1, screenWidth: 800, screenHeight: 480, rotation: rotation)
        for (x, y) in [(0.1, 0.2), (0.5, 0.5), (0.9, 0.7)] {
            let s = m.map(normalisedX: x, normalisedY: y)
            let back = m.panelPoint(screenX: s.x, screenY: s.y)
            #expect(abs(back.x - x) < 1e-12 && abs(back.y - y) < 1e-12)
        }
    }
}
