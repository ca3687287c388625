/// One primitive of a touch script, after gestures are expanded.
enum TouchStep: Equatable {
    case down(id: Int, x: Int32, y: Int32)
    case move(id: Int, x: Int32, y: Int32)
    case up(id: Int)
    case sync
    case wait(milliseconds: Int)
    case say(String)
    /// Waits for one line on standard input (the VM test's host types it after its screendump).
    case awaitLine
}

/// The touch script format shared with `calx shot --touch`:
///   down ID X Y · move ID X Y · up ID · wait MS · tap X Y · pan X1 Y1 X2 Y2 · pinch CX CY D1 D2 · hold X Y MS
/// plus `say TEXT` (print a line, for the VM test's markers) and `await` (wait for a line on stdin). `#` starts a comment.
/// Gestures expand into frames spaced by `frameMilliseconds`, with `gapMilliseconds` after each gesture
/// so that two taps in a row are not one long press.
struct TouchScript {
    var frameMilliseconds = 16
    var gestureFrames = 10
    var tapMilliseconds = 60
    var gapMilliseconds = 150

    struct ParseError: Error, CustomStringConvertible {
        let line: Int
        let text: String
        var description: String { "line \(line): cannot read '\(text)'" }
    }

    func steps(from source: String) throws(ParseError) -> [TouchStep] {
        var steps: [TouchStep] = []
        var lineNumber = 0
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let verb = words.first else { continue }
            if verb == "say" {
                steps.append(.say(words.dropFirst().joined(separator: " ")))
                continue
            }
            if verb == "await" && words.count == 1 {
                steps.append(.awaitLine)
                continue
            }
            let numbers = words.dropFirst().compactMap { Double($0) }
            guard numbers.count == words.count - 1, let expanded = expand(verb, numbers) else {
                throw ParseError(line: lineNumber, text: String(rawLine))
            }
            steps += expanded
        }
        return steps
    }

    private func expand(_ verb: String, _ n: [Double]) -> [TouchStep]? {
        func px(_ v: Double) -> Int32 { Int32(v.rounded()) }
        let gap: [TouchStep] = [.wait(milliseconds: gapMilliseconds)]
        // Gestures' fingers get ids no script line can use (those are >= 0), so a tap amid `down 0` is no clash.
        let gesture = -1, secondGesture = -2
        // As in the kiosk's own reader of this format, each event line is one frame, one frame interval apart.
        let frame: [TouchStep] = [.sync, .wait(milliseconds: frameMilliseconds)]
        if ["down", "move", "up"].contains(verb), let id = n.first, id < 0 || id != id.rounded() { return nil }
        switch (verb, n.count) {
        case ("down", 3): return [.down(id: Int(n[0]), x: px(n[1]), y: px(n[2]))] + frame
        case ("move", 3): return [.move(id: Int(n[0]), x: px(n[1]), y: px(n[2]))] + frame
        case ("up", 1): return [.up(id: Int(n[0]))] + frame
        case ("wait", 1): return [.wait(milliseconds: Int(n[0]))]
        case ("tap", 2):
            return [.down(id: gesture, x: px(n[0]), y: px(n[1])), .sync, .wait(milliseconds: tapMilliseconds), .up(id: gesture), .sync] + gap
        case ("hold", 3):
            return [.down(id: gesture, x: px(n[0]), y: px(n[1])), .sync, .wait(milliseconds: Int(n[2])), .up(id: gesture), .sync] + gap
        case ("pan", 4):
            var steps: [TouchStep] = [.down(id: gesture, x: px(n[0]), y: px(n[1])), .sync]
            for frame in 1...gestureFrames {
                let t = Double(frame) / Double(gestureFrames)
                steps += [.wait(milliseconds: frameMilliseconds),
                          .move(id: gesture, x: px(n[0] + (n[2] - n[0]) * t), y: px(n[1] + (n[3] - n[1]) * t)), .sync]
            }
            return steps + [.up(id: gesture), .sync] + gap
        case ("pinch", 4):
            // Two fingers on a horizontal line through the centre, their distance going from D1 to D2.
            let (cx, cy) = (n[0], n[1])
            var steps: [TouchStep] = [.down(id: gesture, x: px(cx - n[2] / 2), y: px(cy)),
                                      .down(id: secondGesture, x: px(cx + n[2] / 2), y: px(cy)), .sync]
            for frame in 1...gestureFrames {
                let half = (n[2] + (n[3] - n[2]) * Double(frame) / Double(gestureFrames)) / 2
                steps += [.wait(milliseconds: frameMilliseconds),
                          .move(id: gesture, x: px(cx - half), y: px(cy)), .move(id: secondGesture, x: px(cx + half), y: px(cy)), .sync]
            }
            return steps + [.up(id: gesture), .up(id: secondGesture), .sync] + gap
        default: return nil
        }
    }
}
