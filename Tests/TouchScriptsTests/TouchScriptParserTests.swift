import Testing
import TouchScripts

@Suite struct TouchScriptParserTests {
    @Test func everyFormIsRead() throws {
        let lines = try TouchScriptParser.parse("""
            down 1 10 20
            move 1 15 25
            up 1
            wait 100
            tap 5 6
            hold 30 40 700
            pan 0 0 100 50
            pinch 200 100 50 100
            say hello there
            await
            """)
        #expect(lines.map(\.command) == [
            .down(id: 1, x: 10, y: 20), .move(id: 1, x: 15, y: 25), .up(id: 1, x: 15, y: 25), .wait(milliseconds: 100),
            .tap(x: 5, y: 6), .hold(x: 30, y: 40, milliseconds: 700), .pan(fromX: 0, fromY: 0, toX: 100, toY: 50),
            .pinch(centerX: 200, centerY: 100, from: 50, to: 100), .say("hello there"), .awaitLine,
        ])
        #expect(lines.map(\.number) == Array(1...10))
    }

    /// The kiosk's reader and calx-touchplay's once disagreed here: a comment may end any line.
    @Test func aCommentMayEndALine() throws {
        #expect(try TouchScriptParser.parse("tap 10 10 # note\n# whole line\n  # indented").map(\.command) == [.tap(x: 10, y: 10)])
        #expect(try TouchScriptParser.parse("say ready # not said").map(\.command) == [.say("ready")])
    }

    /// A CRLF script is read line by line: before, it was one line, and a first-line comment hid it all.
    @Test func crlfAndCRLinesAreLines() throws {
        let crlf = try TouchScriptParser.parse("# taps\r\ntap 1 2\r\nwait 5\r\n")
        #expect(crlf.map(\.command) == [.tap(x: 1, y: 2), .wait(milliseconds: 5)])
        #expect(crlf.map(\.number) == [2, 3])
        #expect(try TouchScriptParser.parse("tap 1 2\rtap 3 4").count == 2)
        #expect(throws: TouchScriptError.self) { try TouchScriptParser.parse("# ok\r\nfrob 1\r\n") }
    }

    @Test(arguments: [("tap 1", 1), ("down 1 2 3\nfrob 1", 2), ("\n\nup 4", 3), ("tap x 2", 1), ("wait -5", 1),
                      ("down 1 0 0\ndown 1 0 0", 2), ("pinch 1 1 0 4", 1), ("move 2 1 1", 1), ("tap nan 1", 1),
                      ("tap inf 1", 1), ("tap 1e300 1", 1), ("wait 1e300", 1), ("hold 1 1 -1", 1), ("down 1e300 1 1", 1),
                      ("down -1 1 1", 1), ("down 1.5 1 1", 1), ("down 1000000 1 1", 1), ("await now", 1), ("tap 1 2 3", 1)])
    func aBadLineIsNamed(text: String, line: Int) {
        do { _ = try TouchScriptParser.parse(text); Issue.record("accepted \(text)") } catch { #expect(error.line == line, "\(error)") }
    }

    /// Up once searched every earlier frame for the finger's last position.
    @Test func manyUpsTakeLinearTime() throws {
        let n = 200_000
        var text = ""
        text.reserveCapacity(n * 24)
        for i in 0..<n { text += "down \(i % 1000) \(i % 800) 10\nup \(i % 1000)\n" }
        let lines = try TouchScriptParser.parse(text)
        #expect(lines.count == 2 * n)
        #expect(lines.last?.command == .up(id: (n - 1) % 1000, x: Double((n - 1) % 800), y: 10))
    }
}
