import EvdevInput
import Raster
import Testing
@testable import TouchCalibration

/// Calibration sessions played as people tap real panels' errors, good taps and bad.
@Suite struct CalibrationSessionTests {
    /// The resistive panel of Tests/Recordings (ads7846): Y bottom-up, readings over part of each axis.
    static let resistive = Calibration(1.1375, 0, -0.0694, 0, -1.17, 1.0857)
    static let swapped = Calibration(0, 1, 0, 1, 0, 0)

    func tapAll(_ truth: inout PanelTruth, _ session: CalibrationSession, from time: Double = 1) -> Double {
        var t = time
        while case .target(let i) = session.step {
            truth.tap(session.layout.targets[i], on: session, id: Int(t * 10), time: t)
            t += 0.5
            if t > time + 20 { break }
        }
        return t
    }

    @Test(arguments: [(resistive, 480, 320), (swapped, 800, 480), (Calibration.identity, 1280, 720),
                      (Calibration(0.9, 0.05, 0.04, -0.03, 1.1, -0.05), 720, 1280)])
    func fiveTapsFindTheMatrix(correction: Calibration, width: Int, height: Int) throws {
        var truth = PanelTruth(correction: correction, width: width, height: height, jitter: 1.5)
        let session = CalibrationSession(width: width, height: height)
        let t = tapAll(&truth, session)
        guard case .check(let matrix) = session.step else { Issue.record("\(session.step) \(session.notice)"); return }
        #expect(truth.worstMiss(matrix) < 3, "\(matrix.text) against \(correction.text)")
        // Keep, tapped through the new matrix.
        let keep = session.layout.keepButton
        truth.tap(Point(x: Double(keep.x + keep.width / 2), y: Double(keep.y + keep.height / 2)), on: session, id: 99, time: t)
        #expect(session.result == matrix)
    }

    /// With the picture turned on the panel the matrix is still the panel's own (libinput's, before the turn).
    @Test func aTurnedScreensMatrixIsThePanels() throws {
        var truth = PanelTruth(correction: Self.resistive, width: 1280, height: 720, rotation: .clockwise90)
        let session = CalibrationSession(width: 1280, height: 720, rotation: .clockwise90)
        _ = tapAll(&truth, session)
        guard case .check(let matrix) = session.step else { Issue.record("\(session.step)"); return }
        for (got, want) in zip(matrix.entries, Self.resistive.entries) { #expect(abs(got - want) < 0.01, "\(matrix.text)") }
    }

    /// A finger that slips on one target, whichever, whichever way: that tap is refused and its target asked
    /// again; the rest are kept.
    @Test(arguments: 0..<5, [(-40.0, -30.0), (35.0, 0.0), (0.0, 30.0)])
    func aTapFarFromTheOthersIsAskedAgain(bad: Int, slip: (Double, Double)) throws {
        var truth = PanelTruth(correction: Self.resistive, width: 480, height: 320, jitter: 1.5)
        let session = CalibrationSession(width: 480, height: 320)
        let targets = session.layout.targets
        for i in 0..<5 {
            let p = i == bad ? Point(x: targets[i].x + slip.0, y: targets[i].y + slip.1) : targets[i]
            truth.tap(p, on: session, id: i, time: Double(i))
        }
        #expect(session.step == .target(bad))
        #expect(session.notice == .farFromOthers)
        #expect(session.samples.keys.sorted() == (0..<5).filter { $0 != bad })
        truth.tap(targets[bad], on: session, id: 9, time: 9)
        guard case .check(let matrix) = session.step else { Issue.record("\(session.step)"); return }
        #expect(truth.worstMiss(matrix) < 3)
    }

    /// Two taps on one spot (a double tap, a bounce): the second is refused, the target stays.
    @Test func twoTapsInOnePlaceAreRefused() {
        var truth = PanelTruth(correction: Self.resistive, width: 800, height: 480)
        let session = CalibrationSession(width: 800, height: 480)
        truth.tap(session.layout.targets[0], on: session, id: 1, time: 1)
        truth.tap(session.layout.targets[0], on: session, id: 2, time: 1.2)
        #expect(session.step == .target(1))
        #expect(session.notice == .sameSpot)
        #expect(session.samples.count == 1)
    }

    /// A panel whose readings all fall on one line (a broken axis) gives no matrix: everything again.
    @Test func tapsOnOneLineStartOver() {
        let session = CalibrationSession(width: 800, height: 480)
        for (i, t) in session.layout.targets.enumerated() {
            let x = Double(100 + i * 120)
            session.handle([TouchContact(id: i, x: x, y: 240, phase: .down)], time: Double(i))
            session.handle([TouchContact(id: i, x: x, y: 240, phase: .up)], time: Double(i) + 0.1)
            _ = t
        }
        #expect(session.step == .target(0))
        #expect(session.notice == .inLine)
        #expect(session.samples.isEmpty)
    }

    /// The check step: a ring follows the finger through the new matrix; Again starts over; nothing kept in time
    /// starts over too, so a matrix too wrong to reach Keep with never stays.
    @Test func theCheckStep() throws {
        var truth = PanelTruth(correction: Self.swapped, width: 800, height: 480)
        let session = CalibrationSession(width: 800, height: 480)
        var t = tapAll(&truth, session)
        guard case .check = session.step else { Issue.record("\(session.step)"); return }
        let r = truth.reading(Point(x: 300, y: 200))
        session.handle([TouchContact(id: 50, x: r.x, y: r.y, phase: .down)], time: t)
        #expect(abs((session.trial?.x ?? 0) - 300) < 1 && abs((session.trial?.y ?? 0) - 200) < 1)
        session.handle([TouchContact(id: 50, x: r.x, y: r.y, phase: .cancel)], time: t)
        let again = session.layout.againButton
        truth.tap(Point(x: Double(again.x + 10), y: Double(again.y + 10)), on: session, id: 51, time: t)
        #expect(session.step == .target(0) && session.notice == .again)
        t = tapAll(&truth, session, from: t + 1)
        #expect(session.nextDeadline == t - 0.5 + 0.05 + CalibrationSession.checkSeconds)
        session.advance(to: t + CalibrationSession.checkSeconds)
        #expect(session.step == .target(0) && session.notice == .timedOut)
    }

    /// A press's reading is the median of its samples without its first and last: a slip as the finger lifts
    /// does not count.
    @Test func aPressReadsAsTheMedianOfItsMiddle() {
        let points: [(x: Double, y: Double)] = [(0, 0), (100, 100), (101, 99), (99, 101), (100, 100), (300, 300)]
        let r = CalibrationSession.reading(points)
        #expect(r.x == 100 && r.y == 100)
    }
}
