/// The touch script format, read the same way by `calx shot --touch`, `calx keys --touch`, the kiosk's
/// tests and `calx-touchplay`:
///
///     down ID X Y | move ID X Y | up ID | wait MS
///     tap X Y | pan X1 Y1 X2 Y2 | pinch CX CY D1 D2 | hold X Y MS
///     say TEXT | await
///
/// `#` starts a comment anywhere on a line; lines end in LF, CRLF or CR. Numbers are finite and smaller
/// than `largestNumber`; ids are whole numbers from 0 below `firstGestureID`, so the fingers a player
/// makes up for gestures (ids from `firstGestureID` up, or negative ones) never meet the script's own.
public enum TouchScriptParser {
    public static let largestNumber = 1e7
    public static let firstGestureID = 1_000_000

    /// Every command line, checked: fingers go down before they move or lift, and not twice.
    /// Linear in the script's length.
    public static func parse(_ text: String) throws(TouchScriptError) -> [TouchScriptLine] {
        var lines: [TouchScriptLine] = []
        var down: [Int: (x: Double, y: Double)] = [:]
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let number = index + 1
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let verb = words.first else { continue }
            let command = try read(String(verb), words.dropFirst().map(String.init), line: number)
            switch command {
            case .down(let id, let x, let y):
                guard down[id] == nil else { throw TouchScriptError(line: number, message: "touch \(id) is already down") }
                down[id] = (x, y)
                lines.append(TouchScriptLine(number: number, command: command))
            case .move(let id, let x, let y):
                guard down[id] != nil else { throw TouchScriptError(line: number, message: "touch \(id) is not down") }
                down[id] = (x, y)
                lines.append(TouchScriptLine(number: number, command: command))
            case .up(let id, _, _):
                guard let last = down.removeValue(forKey: id) else { throw TouchScriptError(line: number, message: "touch \(id) is not down") }
                lines.append(TouchScriptLine(number: number, command: .up(id: id, x: last.x, y: last.y)))
            default:
                lines.append(TouchScriptLine(number: number, command: command))
            }
        }
        return lines
    }

    static func read(_ verb: String, _ args: [String], line: Int) throws(TouchScriptError) -> TouchCommand {
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
