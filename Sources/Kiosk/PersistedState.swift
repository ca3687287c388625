import Calculator
import CalculatorBrain
import Grapher

/// Everything Calx keeps between runs, in one file:
///
///     calx-state 5
///     fnv1a64 <16 hex digits of the payload>
///     <payload: JSON>
///
/// The header names the format version; the checksum catches torn or edited files.
/// Versions 1 (one scale for both axes), 2 (the graph as prefix tokens), 3 (no angle mode, no history
/// in the calculator's state) and 4 (one graph) are still read, so an update loses no one's graph. Every field is bounded on load: a hand-made file of any size
/// costs bounded time and memory, and anything the app saves is within the bounds.
struct PersistedState: Codable, Equatable {
    /// The controller's state (program, M dictionary, typing), nested: not JSON inside JSON.
    /// One curve on the graph: its program, colour (into the palette's curve colours) and hidden flag.
    struct CurveRecord: Codable, Equatable {
        var graph: GraphRequest
        var color: Int
        var hidden: Bool
    }
    var calculator: CalculatorController.State?
    /// The curves, oldest first (format 5 on; older formats had one graph).
    var curves: [CurveRecord]
    var viewport: Viewport
    var graphPushed: Bool

    static let formatVersion = 5
    static let magic = "calx-state"
    /// Twice what the keys can make: six curves of the longest program (10,000 nodes of the longest
    /// text) are 1.6 MB, and the calculator's own program and history about 0.3 MB more
    /// (LargestStateTests saves and loads the curves' worst case).
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
        guard version == "\(formatVersion)" || ["4", "3", "2", "1"].contains(version) else {
            throw Unreadable(description: "unsupported state format '\(first.prefix(40))'")
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
            // Format 3 is format 4 whose calculator has no angle mode or history: the decoder's defaults.
            case "3", "4": state = try coder.decode(PersistedStateOneGraph.self, from: payload).upgraded()
            default: state = try coder.decode(PersistedState.self, from: payload)
            }
        } catch {
            // A decoder's message can quote the hostile input itself: keep the log line short.
            throw Unreadable(description: "state file payload unreadable: \(String(describing: error).prefix(200))")
        }
        try state.checkBounds()
        return state
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
    }
}

/// Formats 1 and 2 kept the controller's state as a JSON text inside the JSON.
private func legacyCalculator(_ text: String?, by coder: any StateCoder) throws -> CalculatorController.State? {
    try text.map { try coder.decode(CalculatorController.State.self, from: Array($0.utf8)) }
}

/// Formats 3 and 4: one graph, shown.
private struct PersistedStateOneGraph: Decodable {
    var calculator: CalculatorController.State?
    var graph: GraphRequest?
    var viewport: Viewport
    var graphPushed: Bool

    func upgraded() -> PersistedState {
        PersistedState(calculator: calculator, graph: graph, viewport: viewport, graphPushed: graphPushed)
    }
}

extension PersistedState {
    /// A state of the formats before 5: at most one graph, in the first colour.
    init(calculator: CalculatorController.State?, graph: GraphRequest?, viewport: Viewport, graphPushed: Bool) {
        self.init(calculator: calculator, curves: graph.map { [CurveRecord(graph: $0, color: 0, hidden: false)] } ?? [],
                  viewport: viewport, graphPushed: graphPushed)
    }
}

/// Format 2: the graph's expression as prefix tokens.
private struct PersistedStateVersion2: Decodable {
    struct GraphRecord: Decodable {
        var program: [String]
        var description: String
        var variable: String

        func upgraded() throws -> GraphRequest {
            .init(expression: try LegacyExpressionTokens.expression(program), description: description, variable: variable)
        }
    }
    var calculator: String?
    var graph: GraphRecord?
    var viewport: Viewport
    var graphPushed: Bool

    func upgraded(by coder: any StateCoder) throws -> PersistedState {
        PersistedState(calculator: try legacyCalculator(calculator, by: coder), graph: try graph?.upgraded(), viewport: viewport,
                       graphPushed: graphPushed)
    }
}

/// Format 1: format 2 with one scale for both axes.
private struct PersistedStateVersion1: Decodable {
    struct ViewportVersion1: Decodable {
        var originOffsetX: Double
        var originOffsetY: Double
        var pixelsPerUnit: Double
    }
    var calculator: String?
    var graph: PersistedStateVersion2.GraphRecord?
    var viewport: ViewportVersion1
    var graphPushed: Bool

    func upgraded(by coder: any StateCoder) throws -> PersistedState {
        PersistedState(calculator: try legacyCalculator(calculator, by: coder), graph: try graph?.upgraded(),
                       viewport: Viewport(originOffsetX: viewport.originOffsetX, originOffsetY: viewport.originOffsetY,
                                          pixelsPerUnit: viewport.pixelsPerUnit),
                       graphPushed: graphPushed)
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
