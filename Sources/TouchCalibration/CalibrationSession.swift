import EvdevInput
import Raster

/// On-screen calibration of a touch panel: taps on five targets, read through no calibration; a least-squares
/// matrix (EvdevInput's `CalibrationFit`); a tap far from the fit of the others refused and asked again; then a
/// check step, where touches go through the new matrix and a ring follows the finger, with "Keep" (done) and
/// "Again" (start over) to tap through it. Nothing kept after `checkSeconds` starts over: a matrix so wrong that
/// neither button can be hit does not stay. Pure: contacts in, state and pictures (`CalibrationScreen`) out.
public final class CalibrationSession {
    public enum Step: Equatable, Sendable {
        /// Waiting for a tap on target N (0-based, of `layout.targets`).
        case target(Int)
        /// The fitted matrix, being tried.
        case check(Calibration)
        /// Kept.
        case done(Calibration)
    }

    /// What the screen says besides the step's own instruction.
    public enum Notice: Equatable, Sendable {
        case none
        /// The tap read where an earlier one did (a double tap, a bounce).
        case sameSpot
        /// The tap fell far from where the others put it: that target is asked again.
        case farFromOthers
        /// The taps lay on one line (or the matrix came out unusable): all of them again.
        case inLine
        /// "Again" was tapped in the check step.
        case again
        /// Nothing was kept in the check step in time.
        case timedOut
    }

    public static let checkSeconds = 30.0

    public let layout: CalibrationLayout
    /// This screen and rotation with no calibration: readings to panel coordinates and back.
    let mapping: AxisMapping
    public private(set) var step: Step = .target(0)
    public private(set) var notice: Notice = .none
    public private(set) var samples: [Int: CalibrationFit.Sample] = [:]
    /// The check step: where the finger lands through the new matrix.
    public private(set) var trial: Point?
    /// Something the screen shows changed since the last `takeChange()`.
    public private(set) var changed = true
    var press: (id: Int, points: [(x: Double, y: Double)])?
    var checkDeadline: Double?

    public init(width: Int, height: Int, rotation: ScreenRotation = .upright) {
        layout = CalibrationLayout(width: width, height: height)
        mapping = AxisMapping(xRange: 0...1, yRange: 0...1, screenWidth: width, screenHeight: height, rotation: rotation)
    }

    public var result: Calibration? { if case .done(let m) = step { m } else { nil } }
    public var nextDeadline: Double? { checkDeadline }

    /// Whether to draw again; reading it clears it.
    public func takeChange() -> Bool { defer { changed = false }; return changed }

    /// The screen lost its picture: draw all of it again.
    public func redraw() { changed = true }

    /// Contacts in screen pixels of the upright picture, as read through no calibration.
    public func handle(_ contacts: [TouchContact], time: Double) {
        for c in contacts {
            switch c.phase {
            case .down where press == nil:
                press = (c.id, [(c.x, c.y)])
                follow(c)
            case .move where press?.id == c.id:
                press?.points.append((c.x, c.y))
                follow(c)
            case .up where press?.id == c.id:
                press?.points.append((c.x, c.y))
                if let points = press?.points { tap(Self.reading(points), time: time) }
                press = nil
            case .cancel where press?.id == c.id:
                press = nil
            default: break
            }
        }
    }

    public func advance(to time: Double) {
        if let deadline = checkDeadline, time >= deadline { restart(.timedOut) }
    }

    /// A press's one reading: the median of its positions on each axis, without the first and last of a long one
    /// (where a resistive panel's contact settles and lifts), so jitter and a slip at the end do not count.
    static func reading(_ points: [(x: Double, y: Double)]) -> (x: Double, y: Double) {
        let kept = points.count >= 5 ? Array(points.dropFirst().dropLast()) : points
        func median(_ v: [Double]) -> Double {
            let s = v.sorted()
            return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }
        return (median(kept.map(\.x)), median(kept.map(\.y)))
    }

    private func follow(_ c: TouchContact) {
        guard case .check(let matrix) = step else { return }
        trial = landing(c.x, c.y, matrix)
        changed = true
    }

    /// Where a contact read through no calibration lands through `matrix`.
    func landing(_ x: Double, _ y: Double, _ matrix: Calibration) -> Point {
        let n = mapping.panelPoint(screenX: x, screenY: y)
        var calibrated = mapping
        calibrated.calibration = matrix
        let p = calibrated.map(normalisedX: n.x, normalisedY: n.y)
        return Point(x: p.x, y: p.y)
    }

    private func tap(_ at: (x: Double, y: Double), time: Double) {
        changed = true
        switch step {
        case .target(let index):
            let reading = mapping.panelPoint(screenX: at.x, screenY: at.y)
            let panel = mapping.panelSize
            for (other, s) in samples where other != index {
                let dx = (s.reading.x - reading.x) * Double(panel.width), dy = (s.reading.y - reading.y) * Double(panel.height)
                if (dx * dx + dy * dy).squareRoot() < layout.sameSpot { notice = .sameSpot; return }
            }
            let target = layout.targets[index]
            samples[index] = CalibrationFit.Sample(reading: reading, target: mapping.panelPoint(screenX: target.x, screenY: target.y))
            notice = .none
            if let missing = layout.targets.indices.first(where: { samples[$0] == nil }) { step = .target(missing); return }
            evaluate(time: time)
        case .check(let matrix):
            let p = landing(at.x, at.y, matrix)
            if layout.keepButton.contains(x: Int(p.x), y: Int(p.y)) {
                step = .done(matrix); checkDeadline = nil; trial = nil
            } else if layout.againButton.contains(x: Int(p.x), y: Int(p.y)) {
                restart(.again)
            }
        case .done:
            break
        }
    }

    /// All five taps in: the fit, or which tap to take again.
    private func evaluate(time: Double) {
        let indices = samples.keys.sorted()
        let ordered = indices.map { samples[$0]! }
        guard let matrix = CalibrationFit.fit(ordered) else { restart(.inLine); return }
        if let worst = CalibrationFit.outlier(ordered, panel: mapping.panelSize, tolerance: layout.tolerance) {
            samples[indices[worst]] = nil
            step = .target(indices[worst])
            notice = .farFromOthers
            return
        }
        step = .check(matrix)
        checkDeadline = time + Self.checkSeconds
        trial = nil
    }

    private func restart(_ why: Notice) {
        samples = [:]; step = .target(0); notice = why; trial = nil; checkDeadline = nil; press = nil; changed = true
    }
}
