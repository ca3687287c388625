/// The touch script format, read the same way by `calx shot --touch`, `calx keys --touch`, the kiosk's
/// tests and `calx-touchplay`:
///
///     down ID X Y | move ID X Y | up ID | wait MS
///     tap X Y | pan X1 Y1 X2 Y2 | pinch CX CY D1 D2 | hold X Y MS
///     say TEXT | await
///
/// `#` starts a comment anywhere on a line; lines end in LF, CRLF or CR, and are at most
/// `TouchScriptReader.longestLine` bytes. Numbers are finite and smaller
/// than `largestNumber`; ids are whole numbers from 0 below `firstGestureID`, so the fingers a player
/// makes up for gestures (ids from `firstGestureID` up, or negative ones) never meet the script's own.
public enum TouchScriptParser {
    public static let largestNumber = 1e7
    public static let firstGestureID = 1_000_000
    /// The most touches a script holds down at once: a touchscreen's slots (calx-touchplay's has 10).
    /// Without a bound, a 16 MB script of downs held a million fingers (309 MB in `calx keys --touch`).
    public static let mostTouchesDown = 10

    /// Every command line, checked: fingers go down before they move or lift, and not twice.
    /// Linear in the script's length. `TouchScriptReader` reads a script a piece at a time.
    public static func parse(_ text: String) throws(TouchScriptError) -> [TouchScriptLine] {
        var lines: [TouchScriptLine] = []
        var reader = TouchScriptReader()
        var text = text
        var failure: TouchScriptError?
        text.withUTF8 { bytes in
            do throws(TouchScriptError) { try reader.read(bytes) { lines.append($0) } } catch { failure = error }
        }
        if let failure { throw failure }
        try reader.finish { lines.append($0) }
        return lines
    }

    static func read(_ verb: String, _ args: ArraySlice<String>, line: Int) throws(TouchScriptError) -> TouchCommand {
        func fail(_ message: String) -> TouchScriptError { TouchScriptError(line: line, message: message) }
        if verb == "say" { return .say(args.joined(separator: " ")) }
        func numbers(_ count: Int) throws(TouchScriptError) -> [Double] {
            guard args.count == count else { throw fail("'\(verb)' takes \(count) numbers, got \(args.count)") }
            var out: [Double] = []
            for a in args {
                guard let v = Double(a), v.isFinite, abs(v) < largestNumber else {
                    throw fail("'\(a)' is not a number below \(Int(largestNumber))")
                }
                out.append(v)
            }
            return out
        }
        func id(_ v: Double) throws(TouchScriptError) -> Int {
            guard v == v.rounded(), v >= 0, v < Double(firstGestureID) else {
                throw fail("a touch id is a whole number from 0 to \(firstGestureID - 1), not \(v)")
            }
            return Int(v)
        }
        func notNegative(_ v: Double, _ what: String) throws(TouchScriptError) -> Double {
            guard v >= 0 else { throw fail("\(what) must not be negative") }
            return v
        }
        switch verb {
        case "down": let n = try numbers(3); return .down(id: try id(n[0]), x: n[1], y: n[2])
        case "move": let n = try numbers(3); return .move(id: try id(n[0]), x: n[1], y: n[2])
        case "up": let n = try numbers(1); return .up(id: try id(n[0]), x: 0, y: 0)
        case "wait": let n = try numbers(1); return .wait(milliseconds: try notNegative(n[0], "wait"))
        case "tap": let n = try numbers(2); return .tap(x: n[0], y: n[1])
        case "hold": let n = try numbers(3); return .hold(x: n[0], y: n[1], milliseconds: try notNegative(n[2], "hold"))
        case "pan": let n = try numbers(4); return .pan(fromX: n[0], fromY: n[1], toX: n[2], toY: n[3])
        case "pinch":
            let n = try numbers(4)
            guard n[2] > 0, n[3] > 0 else { throw fail("pinch distances must be positive") }
            return .pinch(centerX: n[0], centerY: n[1], from: n[2], to: n[3])
        case "await":
            guard args.isEmpty else { throw fail("'await' takes nothing") }
            return .awaitLine
        default: throw fail("unknown event '\(verb)'")
        }
    }
}
