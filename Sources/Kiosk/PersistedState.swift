import Calculator
import CalculatorBrain
import Grapher

/// Everything Calx keeps between runs, in one file:
///
///     calx-state 10
///     fnv1a64 <16 hex digits of the payload>
///     <payload: JSON>
///
/// The header names the format version; the checksum catches torn or edited files.
/// A program is written one way: the calculator's programs and each curve's are the brain's steps
/// (`CalculatorBrain`'s coding), each trig step in the mode it was pressed in ("sin°" in degrees); what a
/// curve draws and how it is titled are derived from its steps on load, so the file cannot hold a curve
/// that disagrees with its program. A program loads only if it is exactly what the keys record
/// (`GraphRequest(validating:)`, `CalculatorController(restoring:)`), and the curves only as the graph key
/// leaves them (no two alike, colours each their own): anything else is set aside as corrupt.
/// Format 10 holds the parameter A: the calculator's A (its exact value and proved ends, as M's), a curve's
/// A where its program reads it, and the step A; a file of 9 or older loads with A = 1, and one that holds
/// A is no save of ours.
/// Format 9 holds steps format 8 had no key for: parentheses and the functions added with them
/// (`PersistedState+Format8.swift`); a file of 8 that holds one is no save of ours.
/// Format 8 keeps the exact values too: a number known exactly is "exact:1/10" in a program
/// (`ExactValue.storedText`), and M and the history entries have theirs beside their Doubles. Format 7 is
/// format 8 without them: it loads as it was, approximate (a typed 0.1 there is the Double 0.1).
/// Versions 1 (one scale for both axes), 2 (the graph as prefix tokens), 3 (no angle mode, no history in
/// the calculator's state), 4 (one graph), 5 (curves as expression nodes) and 6 (programs read in one
/// angle mode, the calculator's as one program since C) are still read, so an update loses no one's graph
/// (`LegacyStateFormats.swift`): their expressions become the shortest programs that make them
/// (`CalculatorBrain.program(making:)`; one no key sequence makes is unreadable), and their programs are
/// read in their mode, as the keys now record them.
/// Every field is bounded on load: a hand-made file of any size costs bounded time and memory, and
/// anything the app saves is within the bounds.
struct PersistedState: Codable, Equatable {
    /// One curve on the graph: its program, colour (into the palette's curve colours) and hidden flag.
    struct CurveRecord: Codable, Equatable {
        var graph: GraphRequest
        var color: Int
        var hidden: Bool
    }
    /// The controller's state (program, M dictionary, typing), nested: not JSON inside JSON.
    var calculator: CalculatorController.State?
    /// The curves, oldest first (format 5 on; older formats had one graph).
    var curves: [CurveRecord]
    var viewport: Viewport
    var graphPushed: Bool

    static let formatVersion = 10
    static let magic = "calx-state"
    /// About twice what the keys can make: six curves of the longest program (10,000 steps, each a Rand
    /// of the longest text) are 1.8 MB, and the calculator's own programs (the current one and the earlier
    /// ones, 10,000 steps each at most) and history about 0.6 MB more.
    /// Format 5 files, whose worst case (six curves of 10,000-step programs as nodes) is 1.6 MB, still load
    /// within it (LargestStateTests saves and loads both).
    static let maximumFileSize = 4 << 20
    /// A description is at most `DescriptionText.limit` characters; a little room for " =".
    static let maximumDescriptionLength = 2 * DescriptionText.limit

    struct Unreadable: Error, CustomStringConvertible { var description: String }

    func encoded(by coder: any StateCoder) throws -> [UInt8] {
        let payload = try coder.encode(self)
        let header = "\(Self.magic) \(Self.formatVersion)\nfnv1a64 \(hex16(fnv1a64(payload)))\n"
        return Array(header.utf8) + payload
    }

    static func decode(_ bytes: [UInt8], by coder: any StateCoder) throws -> PersistedState {
        guard bytes.count <= maximumFileSize else {
            throw Unreadable(description: "state file is too large (\(bytes.count) bytes, at most \(maximumFileSize))")
        }
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 10 && lines.count < 2 {
            lines.append(bytes[start..<i])
            start = i + 1
        }
        guard lines.count == 2 else { throw Unreadable(description: "state file has no header") }
        let first = String(decoding: lines[0], as: UTF8.self)
        guard first.hasPrefix(magic + " ") else { throw Unreadable(description: "not a Calx state file") }
        let version = first.dropFirst(magic.count + 1)
        guard version == "\(formatVersion)" || ["9", "8", "7", "6", "5", "4", "3", "2", "1"].contains(version) else {
            // Quoted with escapes: a CRLF header would otherwise read "unsupported ... 'calx-state 6'".
            throw Unreadable(description: "unsupported state format \(String(first.prefix(40)).debugDescription)")
        }
        let payload = Array(bytes[start...])
        let sum = String(decoding: lines[1], as: UTF8.self)
        guard sum == "fnv1a64 \(hex16(fnv1a64(payload)))" else {
            throw Unreadable(description: "state file checksum mismatch")
        }
        let state: PersistedState
        do {
            switch version {
            case "1": state = try coder.decode(PersistedStateVersion1.self, from: payload).upgraded(by: coder)
            case "2": state = try coder.decode(PersistedStateVersion2.self, from: payload).upgraded(by: coder)
            case "3", "4": state = try coder.decode(PersistedStateOneGraph.self, from: payload).upgraded()
            case "5": state = try coder.decode(PersistedStateSeveralCurves<LegacyGraphRecord>.self, from: payload).upgraded()
            case "6": state = try coder.decode(PersistedStateSeveralCurves<ProgramGraphRecord>.self, from: payload).upgraded()
            case "7", "8", "9": state = try coder.decode(PersistedState.self, from: payload)
            default: state = try coder.decode(PersistedState.self, from: payload)
            }
        } catch {
            // A decoder's message can quote the hostile input itself: keep the log line short.
            throw Unreadable(description: "state file payload unreadable: \(String(describing: error).prefix(200))")
        }
        try state.checkBounds()
        // Format 7 wrote no exact value: a file of 7 that holds one is no save of ours.
        if version == "7", state.holdsExactValues { throw Unreadable(description: "state format 7 holds an exact value") }
        if version == "7" || version == "8", let name = state.operationNewerThanFormat8 {
            throw Unreadable(description: "state format \(version) holds the step '\(name)', which is format 9's")
        }
        if version != "\(formatVersion)", state.holdsParameter {
            throw Unreadable(description: "state format \(version) holds A, which is format \(formatVersion)'s")
        }
        return state
    }

    /// Whether it holds anything of A: the calculator's A, or the step A in a program or a curve.
    var holdsParameter: Bool {
        func reads(_ program: [ProgramStep]) -> Bool {
            program.contains { $0 == .variable(CalculatorController.parameterName) }
        }
        let calculatorHolds = calculator.map { c in
            c.parameter != nil || reads(c.program.program) || c.earlier.contains { reads($0.program) }
        } ?? false
        return calculatorHolds || curves.contains { reads($0.graph.program) }
    }

    /// Whether any number in it is kept exactly: M, a history entry, a step of a program or of a curve.
    var holdsExactValues: Bool {
        func exact(_ program: [ProgramStep]) -> Bool {
            program.contains { if case .exactOperand = $0 { return true } else { return false } }
        }
        let calculatorHolds = calculator.map { c in
            c.exactMemory != nil || c.history.entries.contains { $0.exact != nil } || exact(c.program.program)
                || c.earlier.contains { exact($0.program) }
        } ?? false
        return calculatorHolds || curves.contains { exact($0.graph.program) }
    }

    func checkBounds() throws {
        guard curves.count <= GraphedCurves.limit else {
            throw Unreadable(description: "more than \(GraphedCurves.limit) curves")
        }
        for graph in curves.map(\.graph) {
            guard graph.description.count <= Self.maximumDescriptionLength else {
                throw Unreadable(description: "graph description longer than \(Self.maximumDescriptionLength) characters")
            }
            guard !graph.variable.isEmpty, graph.variable.count <= 16 else {
                throw Unreadable(description: "graph variable name is empty or too long")
            }
        }
        // The graph key moves a curve graphed again rather than adding it twice, and gives each its own colour.
        for (i, curve) in curves.enumerated() where curves[..<i].contains(where: { $0.graph == curve.graph }) {
            throw Unreadable(description: "curve \(i) repeats an earlier curve")
        }
        let colours = curves.map(\.color)
        guard colours.allSatisfy((0..<GraphedCurves.limit).contains), Set(colours).count == colours.count else {
            throw Unreadable(description: "curve colours out of range or repeated")
        }
    }
}

/// The checksum a state file's second line carries for `payload`: what a tool that edits a payload
/// (the state fuzzer) must write for the file to reach the payload decoder.
public func stateFileChecksum(_ payload: [UInt8]) -> String { hex16(fnv1a64(payload)) }

/// 64-bit FNV-1a: small, and enough to notice a torn or edited file.
func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
    return h
}

func hex16(_ v: UInt64) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
}
