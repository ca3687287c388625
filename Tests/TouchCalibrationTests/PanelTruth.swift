import EvdevInput
import Raster
@testable import TouchCalibration

/// A panel as it really reads: `correction` is the matrix that puts its readings where they belong (what a
/// calibration should find); a finger on a point of the picture reads at correction⁻¹ of it, plus `jitter`
/// pixels of noise on each sample, seeded.
struct PanelTruth {
    var correction: Calibration
    var width: Int, height: Int
    var rotation: ScreenRotation = .upright
    var jitter: Double = 0
    var seed: UInt64 = 1

    var mapping: AxisMapping {
        AxisMapping(xRange: 0...1, yRange: 0...1, screenWidth: width, screenHeight: height, rotation: rotation)
    }

    /// Where a finger on picture point `p` reads, through no calibration, in picture pixels.
    mutating func reading(_ p: Point) -> (x: Double, y: Double) {
        let m = correction, t = mapping.panelPoint(screenX: p.x, screenY: p.y)
        let det = m.a * m.e - m.b * m.d
        let nx = (m.e * (t.x - m.c) - m.b * (t.y - m.f)) / det, ny = (m.a * (t.y - m.f) - m.d * (t.x - m.c)) / det
        let r = mapping.map(normalisedX: nx, normalisedY: ny)
        return (r.x + noise(), r.y + noise())
    }

    private mutating func noise() -> Double {
        guard jitter > 0 else { return 0 }
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return (Double(seed >> 11) / Double(1 << 53) * 2 - 1) * jitter
    }

    /// A tap on picture point `p`: a press of `samples` readings, then the lift.
    mutating func tap(_ p: Point, on session: CalibrationSession, id: Int, time: Double, samples: Int = 6) {
        for i in 0..<samples {
            let r = reading(p)
            session.handle([TouchContact(id: id, x: r.x, y: r.y, phase: i == 0 ? .down : (i == samples - 1 ? .up : .move))],
                           time: time + Double(i) * 0.01)
        }
    }

    /// Where the fitted `matrix` puts a finger on `p`, against `p` itself: the largest miss over a grid, in pixels.
    mutating func worstMiss(_ matrix: Calibration) -> Double {
        var calibrated = mapping
        calibrated.calibration = matrix
        var worst = 0.0
        for gx in 1...9 {
            for gy in 1...9 {
                let p = Point(x: Double(width - 1) * Double(gx) / 10, y: Double(height - 1) * Double(gy) / 10)
                let saved = jitter; jitter = 0
                let r = reading(p)
                jitter = saved
                let n = mapping.panelPoint(screenX: r.x, screenY: r.y)
                let q = calibrated.map(normalisedX: n.x, normalisedY: n.y)
                worst = max(worst, ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot())
            }
        }
        return worst
    }
}
