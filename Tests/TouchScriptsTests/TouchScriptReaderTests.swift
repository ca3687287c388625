import Testing
import TouchScripts

/// The reader that `calx shot --touch` feeds a file through, a piece at a time.
@Suite struct TouchScriptReaderTests {
    static let script = "# a note\r\ntap 10 20\r\ndown 1 5 5 # finger\nmove 1 6 7\rup 1\r\n\r\nsay héllo wörld\nwait 5\npinch 100 50 20 40"

    /// The script in pieces cut at `cuts`, read through one reader.
    func read(_ text: String, cuts: [Int]) throws(TouchScriptError) -> [TouchScriptLine] {
        let bytes = Array(text.utf8)
        var reader = TouchScriptReader()
        var lines: [TouchScriptLine] = []
        var start = 0
        for end in cuts + [bytes.count] {
            var failure: TouchScriptError?
            bytes[start..<end].withUnsafeBufferPointer { piece in
                do throws(TouchScriptError) { try reader.read(piece) { lines.append($0) } } catch { failure = error }
            }
            if let failure { throw failure }
            start = end
        }
        try reader.finish { lines.append($0) }
        return lines
    }

    /// Cut anywhere (inside a CRLF, inside a multi-byte character) or byte by byte: the same lines,
    /// with the same numbers, as the whole text parsed at once.
    @Test func anyCutReadsAsTheWhole() throws {
        let whole = try TouchScriptParser.parse(Self.script)
        #expect(whole.map(\.number) == [2, 3, 4, 5, 7, 8, 9])
        #expect(whole[4].command == .say("héllo wörld"))
        for cut in 0...Self.script.utf8.count { #expect(try read(Self.script, cuts: [cut]) == whole, "cut at \(cut)") }
        #expect(try read(Self.script, cuts: Array(1..<Self.script.utf8.count)) == whole)
    }

    /// A CR that ends one piece and an LF that starts the next are one line end, not two.
    @Test func aCRLFSplitBetweenPiecesIsOneLineEnd() {
        do { _ = try read("tap 1 1\r\nfrob", cuts: [8]); Issue.record("accepted frob") } catch { #expect(error.line == 2) }
    }

    /// A script of a million downs once held a million fingers: a touchscreen has 10 slots.
    @Test func anEleventhTouchDownIsRefused() throws {
        let ten = (0..<10).map { "down \($0) 1 1" }.joined(separator: "\n")
        #expect(try TouchScriptParser.parse(ten + "\nup 3\ndown 10 1 1").count == 12)
        #expect(throws: TouchScriptError(line: 11, message: "more than 10 touches down at once")) {
            try TouchScriptParser.parse(ten + "\ndown 10 1 1")
        }
    }

    /// A script without line ends must not make the reader hold all of it: a line is at most 4096 bytes.
    @Test func aLineOverTheBoundIsRefusedWithItsNumber() throws {
        let long = String(repeating: "x", count: TouchScriptReader.longestLine)
        for (text, line) in [("tap 1 1\n# " + long + "\ntap 2 2", 2), ("say " + long, 1), ("\r\r" + long + "y", 3)] {
            for cuts in [[], [3], [100, 2000, 4000]] {
                do { _ = try read(text, cuts: cuts); Issue.record("accepted a long line") } catch {
                    #expect(error == TouchScriptError(line: line, message: "longer than 4096 bytes"), "cuts \(cuts)")
                }
            }
        }
        let fits = "say " + String(repeating: "y", count: TouchScriptReader.longestLine - 4)
        #expect(try read(fits + "\ntap 1 1", cuts: [10, 4000]).count == 2)
        #expect(try TouchScriptParser.parse(fits).count == 1)
    }
}
