import EvdevInput
import Foundation
import Kiosk
import Raster
import Testing
@testable import TouchCalibration

/// Calibration sessions played from touch scripts (the format of `calx shot --touch` and calx-touchplay), each
/// frame read through a misaligned panel as PanelTruth says: the checked-in sessions the calibration recordings
/// were made from, and a script of bad taps written here.
@Suite struct CalibrationTouchScriptTests {
    /// The frames of `script` into `session` through `truth`, until it keeps a matrix; the steps and notices seen.
    func play(_ script: String, _ truth: inout PanelTruth, _ session: CalibrationSession) throws
        -> (steps: [CalibrationSession.Step], notices: [CalibrationSession.Notice]) {
        var steps = [session.step], notices = [session.notice]
        for step in try TouchScript(parsing: script).steps where session.result == nil {
            switch step {
            case .frame(let events):
                let contacts = events.map { e -> TouchContact in
                    let r = truth.reading(Point(x: e.x, y: e.y))
                    let phase: TouchContact.Phase = switch e.phase {
                    case .down: .down
                    case .move: .move
                    case .up: .up
                    case .cancel: .cancel
                    }
                    return TouchContact(id: e.id, x: r.x, y: r.y, phase: phase)
                }
                session.handle(contacts, time: events.first?.time ?? 0)
            case .advance(let time):
                session.advance(to: time)
            }
            if steps.last != session.step { steps.append(session.step) }
            if notices.last != session.notice { notices.append(session.notice) }
        }
        return (steps, notices)
    }

    static let sessions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings/Sessions")

    /// Tests/Recordings/Sessions/calibrate-WxH.touch on the resistive panel: the third tap, slipped a tenth of the
    /// screen, is refused and asked again; the check step's pan moves the ring; Keep keeps the true matrix.
    @Test(arguments: [(480, 320), (800, 480)])
    func theRecordedSessionsScript(width: Int, height: Int) throws {
        let text = try String(contentsOf: Self.sessions.appendingPathComponent("calibrate-\(width)x\(height).touch"), encoding: .utf8)
        var truth = PanelTruth(correction: CalibrationSessionTests.resistive, width: width, height: height, jitter: 1.5)
        let session = CalibrationSession(width: width, height: height)
        let (steps, notices) = try play(text, &truth, session)
        #expect(Array(steps.prefix(6)) == [.target(0), .target(1), .target(2), .target(3), .target(4), .target(2)], "\(steps)")
        #expect(notices == [.none, .farFromOthers, .none], "\(notices)")
        let matrix = try #require(session.result, "\(steps) \(notices)")
        #expect(truth.worstMiss(matrix) < 3, "\(matrix.text)")
    }

    /// A script of bad taps on a panel with swapped axes: a bounce on the first target (refused, the second still
    /// asked), the fifth slipped (refused and asked again), then Again in the check step (all five again), a
    /// calibration that is kept after that.
    @Test func aScriptOfBadTaps() throws {
        var truth = PanelTruth(correction: CalibrationSessionTests.swapped, width: 800, height: 480, jitter: 1)
        let session = CalibrationSession(width: 800, height: 480)
        let t = session.layout.targets
        func tap(_ p: Point, _ dx: Double = 0, _ dy: Double = 0) -> String { "tap \(p.x + dx) \(p.y + dy)\nwait 300\n" }
        func centre(_ r: IntRect) -> Point { Point(x: Double(r.x + r.width / 2), y: Double(r.y + r.height / 2)) }
        var script = tap(t[0]) + tap(t[0]) + tap(t[1]) + tap(t[2]) + tap(t[3]) + tap(t[4], 60, -40) + tap(t[4])
        script += tap(centre(session.layout.againButton))
        script += t.map { tap($0) }.joined() + tap(centre(session.layout.keepButton))
        let (steps, notices) = try play(script, &truth, session)
        #expect(notices == [.none, .sameSpot, .none, .farFromOthers, .none, .again, .none], "\(notices)")
        let firstCheck = try #require(steps.firstIndex { if case .check = $0 { true } else { false } }, "\(steps)")
        #expect(Array(steps[..<firstCheck]) == [.target(0), .target(1), .target(2), .target(3), .target(4)], "\(steps)")
        #expect(steps[(firstCheck + 1)...].first == .target(0), "Again starts over: \(steps)")
        let matrix = try #require(session.result, "\(steps) \(notices)")
        #expect(truth.worstMiss(matrix) < 3, "\(matrix.text)")
    }
}
