import TouchScripts

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

/// The shared touch script format (TouchScripts' parser), expanded into uinput steps.
/// Gestures expand into frames spaced by `frameMilliseconds`, with `gapMilliseconds` after each gesture
/// so that two taps in a row are not one long press.
struct TouchScript {
    var frameMilliseconds = 16
    var gestureFrames = 10
    var tapMilliseconds = 60
    var gapMilliseconds = 150

    func steps(from source: String) throws(TouchScriptError) -> [TouchStep] {
        try TouchScriptParser.parse(source).flatMap { expand($0.command) }
    }

    private func expand(_ command: TouchCommand) -> [TouchStep] {
        // The parser bounds every number below 1e7, well inside Int32.
        func px(_ v: Double) -> Int32 { Int32(v.rounded()) }
        func ms(_ v: Double) -> Int { Int(v.rounded()) }
        let gap: [TouchStep] = [.wait(milliseconds: gapMilliseconds)]
        // Gestures' fingers get ids no script line can use (those are >= 0), so a tap amid `down 0` is no clash.
        let gesture = -1, secondGesture = -2
        // As in the kiosk's own player of this format, each event line is one frame, one frame interval apart.
        let frame: [TouchStep] = [.sync, .wait(milliseconds: frameMilliseconds)]
        switch command {
        case let .down(id, x, y): return [.down(id: id, x: px(x), y: px(y))] + frame
        case let .move(id, x, y): return [.move(id: id, x: px(x), y: px(y))] + frame
        case let .up(id, _, _): return [.up(id: id)] + frame
        case let .wait(m): return [.wait(milliseconds: ms(m))]
        case let .say(text): return [.say(text)]
        case .awaitLine: return [.awaitLine]
        case let .tap(x, y):
            return [.down(id: gesture, x: px(x), y: px(y)), .sync, .wait(milliseconds: tapMilliseconds), .up(id: gesture), .sync] + gap
        case let .hold(x, y, m):
            return [.down(id: gesture, x: px(x), y: px(y)), .sync, .wait(milliseconds: ms(m)), .up(id: gesture), .sync] + gap
        case let .pan(x0, y0, x1, y1):
            var steps: [TouchStep] = [.down(id: gesture, x: px(x0), y: px(y0)), .sync]
            for frame in 1...gestureFrames {
                let t = Double(frame) / Double(gestureFrames)
                steps += [.wait(milliseconds: frameMilliseconds), .move(id: gesture, x: px(x0 + (x1 - x0) * t), y: px(y0 + (y1 - y0) * t)), .sync]
            }
            return steps + [.up(id: gesture), .sync] + gap
        case let .pinch(cx, cy, d0, d1):
            var steps: [TouchStep] = [.down(id: gesture, x: px(cx - d0 / 2), y: px(cy)),
                                      .down(id: secondGesture, x: px(cx + d0 / 2), y: px(cy)), .sync]
            for frame in 1...gestureFrames {
                let half = (d0 + (d1 - d0) * Double(frame) / Double(gestureFrames)) / 2
                steps += [.wait(milliseconds: frameMilliseconds),
                          .move(id: gesture, x: px(cx - half), y: px(cy)), .move(id: secondGesture, x: px(cx + half), y: px(cy)), .sync]
            }
            return steps + [.up(id: gesture), .up(id: secondGesture), .sync] + gap
        }
    }
}
