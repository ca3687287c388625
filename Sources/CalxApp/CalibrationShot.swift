import Platform
import Raster
import TouchCalibration

/// `calx shot --calibration STEP`: the calibration screen at a step, on a panel that reads true: `target` (the
/// first target), `refused` (the third tap slipped a tenth of the screen and is asked again), `check` (the
/// check step, a finger down at 60 % across and 40 % down).
enum CalibrationShot: String, CaseIterable {
    case target, refused, check

    static let accepted = "target, refused or check"

    func session(width: Int, height: Int) -> CalibrationSession {
        let session = CalibrationSession(width: width, height: height)
        guard self != .target else { return session }
        var time = 1.0
        func tap(_ p: Point, id: Int) {
            session.handle([TouchContact(id: id, x: p.x, y: p.y, phase: .down)], time: time)
            session.handle([TouchContact(id: id, x: p.x, y: p.y, phase: .up)], time: time + 0.1)
            time += 0.5
        }
        for (i, t) in session.layout.targets.enumerated() {
            let slip = self == .refused && i == 2 ? (-Double(width) / 10, -Double(height) / 10) : (0, 0)
            tap(Point(x: t.x + slip.0, y: t.y + slip.1), id: i)
        }
        if self == .check {
            session.handle([TouchContact(id: 9, x: Double(width) * 0.6, y: Double(height) * 0.4, phase: .down)], time: time)
        }
        return session
    }
}
