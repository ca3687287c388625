import Calculator
@testable import Kiosk
import Grapher
import Raster
import Testing

@Suite struct TouchScriptTests {
    @Test func parsesEveryFormAndShorthand() throws {
        let script = try TouchScript(parsing: """
            # a comment
            down 1 10 20
            move 1 15 25
            up 1
            wait 100
            tap 5 6
            pan 0 0 100 50
            pinch 200 100 50 100
            hold 30 40 700
            """)
        let frames = script.steps.compactMap { step -> [TouchEvent]? in if case .frame(let f) = step { return f }; return nil }
        #expect(frames.count == 3 + 2 + 12 + 12 + 2)
        #expect(frames[2] == [TouchEvent(id: 1, x: 15, y: 25, phase: .up, time: frames[2][0].time)])
        #expect(script.steps.contains(.advance(to: frames[2][0].time + 0.1)))
        let pinchStart = frames[17]
        #expect(pinchStart.count == 2 && pinchStart[0].x == 175 && pinchStart[1].x == 225)
        let times = frames.map { $0[0].time }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test(arguments: [("tap 1", 1), ("down 1 2 3\nfrob 1", 2), ("\n\nup 4", 3), ("tap x 2", 1), ("wait -5", 1),
                      ("down 1 0 0\ndown 1 0 0", 2), ("pinch 1 1 0 4", 1), ("move 2 1 1", 1)])
    func aBadLineIsNamed(text: String, line: Int) {
        #expect(throws: TouchScript.ParseError.self) { try TouchScript(parsing: text) }
        do { _ = try TouchScript(parsing: text) } catch { #expect(error.line == line, "\(error)") }
    }

    /// Gesture fingers once counted up from 1001, right through ids a script may use itself.
    @Test func gestureIdsNeverMeetTheScriptsOwn() throws {
        var text = ""
        for id in [0, 1001, 1002, 999_999] { text += "down \(id) 10 10\n" }
        text += "tap 5 5\npinch 100 100 10 20\npan 1 1 2 2\nhold 3 3 10\n"
        for id in [0, 1001, 1002, 999_999] { text += "up \(id)\n" }
        let script = try TouchScript(parsing: text)
        var scriptIDs: Set<Int> = [], gestureIDs: Set<Int> = []
        for case .frame(let events) in script.steps {
            for e in events { if [0, 1001, 1002, 999_999].contains(e.id) { scriptIDs.insert(e.id) } else { gestureIDs.insert(e.id) } }
        }
        #expect(scriptIDs == [0, 1001, 1002, 999_999])
        #expect(gestureIDs.count == 5)
        #expect(gestureIDs.allSatisfy { $0 >= 1_000_000 })
    }

    /// CRLF scripts once read as one line; with a comment first the whole script was skipped.
    @Test func aCRLFScriptPlays() throws {
        let script = try TouchScript(parsing: "# keys\r\ntap 10 10\r\ntap 20 20 # again\r\n")
        #expect(script.steps.count == 4)
    }

    @Test func aScriptedPinchAndPanMoveTheGraph() throws {
        let app = makeApp(800, 480)
        app.handle(key: .graph, time: 0.5)
        let plot = app.plotRect
        let cx = Double(plot.x + plot.width / 2), cy = Double(plot.y + plot.height / 2)
        let scale = app.viewport.pixelsPerUnitX
        app.play(try TouchScript(parsing: "pinch \(cx) \(cy) 100 150\n"))
        #expect(abs(app.viewport.pixelsPerUnitX / scale - 1.5) < 0.015)
        let offset = app.viewport.originOffsetX
        app.play(try TouchScript(parsing: "wait 500\npan \(cx) \(cy) \(cx - 60) \(cy)\n"))
        #expect(abs(app.viewport.originOffsetX - offset + 60) < 1)
    }

    @Test func aScriptedHoldTraces() throws {
        let app = makeApp(800, 480)
        app.handle(key: .graph, time: 0.5)
        let plot = app.plotRect
        app.play(try TouchScript(parsing: "down 1 \(plot.x + 40) \(plot.y + 40)\nwait 600\n"))
        #expect(app.tracePoint == Point(x: Double(plot.x + 40), y: Double(plot.y + 40)))
    }
}
