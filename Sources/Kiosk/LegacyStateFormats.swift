import Calculator
import CalculatorBrain
import Grapher

// State formats 1 to 6, read and never written: each becomes today's `PersistedState` on load.

/// How formats 1 to 6 kept the calculator: one program since C, recorded by the older keys and read in one
/// angle mode (formats 1 to 3 had none: radians). It becomes today's programs (`State(upgrading:)`).
struct LegacyCalculatorState: Decodable {
    var program: CalculatorBrain
    var memory: [String: Double]?
    var typing: String?
    var angleMode: AngleMode?
    var history: CalculatorHistory?

    func upgraded() throws -> CalculatorController.State {
        try CalculatorController.State(upgrading: program, memory: memory, typing: typing, angleMode: angleMode, history: history)
    }
}

/// How a curve of formats 3 to 6 is kept, and read back as today's program.
protocol LegacyCurveGraph: Decodable {
    func upgraded() throws -> GraphRequest
}

/// Formats 5 and 6: several curves, each with its colour and hidden flag; 5 kept each as its expression's
/// nodes (`LegacyGraphRecord`), 6 as its program read in one angle mode (`ProgramGraphRecord`).
struct PersistedStateSeveralCurves<Graph: LegacyCurveGraph>: Decodable {
    struct CurveRecord: Decodable {
        var graph: Graph
        var color: Int
        var hidden: Bool
    }
    var calculator: LegacyCalculatorState?
    var curves: [CurveRecord]
    var viewport: Viewport
    var graphPushed: Bool

    func upgraded() throws -> PersistedState {
        guard curves.count <= GraphedCurves.limit else {
            throw PersistedState.Unreadable(description: "more than \(GraphedCurves.limit) curves")
        }
        return PersistedState(calculator: try calculator?.upgraded(),
                              curves: try curves.map { .init(graph: try $0.graph.upgraded(), color: $0.color, hidden: $0.hidden) },
                              viewport: viewport, graphPushed: graphPushed)
    }
}

/// How format 6 kept a curve: the program as the older keys recorded it, read in one angle mode.
struct ProgramGraphRecord: LegacyCurveGraph {
    var program: CalculatorBrain
    var angleMode: AngleMode
    var variable: String

    func upgraded() throws -> GraphRequest {
        try GraphRequest(upgrading: program.program, angleMode: angleMode, variable: variable)
    }
}

/// How formats 3 to 5 kept a curve: its expression's nodes, with its title and variable. The title is
/// bounded as it always was, then dropped: the program made from the expression titles the curve.
struct LegacyGraphRecord: LegacyCurveGraph {
    var expression: Expression
    var description: String
    var variable: String

    func upgraded() throws -> GraphRequest {
        try legacyGraph(expression, description: description, variable: variable)
    }
}

/// A graph of the formats before 6 as its program: the shortest one whose walk makes `expression`
/// (an expression no key sequence makes is unreadable, as any corrupt state is).
private func legacyGraph(_ expression: Expression, description: String, variable: String) throws -> GraphRequest {
    guard description.count <= PersistedState.maximumDescriptionLength else {
        throw PersistedState.Unreadable(description: "graph description longer than \(PersistedState.maximumDescriptionLength) characters")
    }
    return try GraphRequest(making: expression, variable: variable)
}

/// Formats 3 and 4: one graph, shown. Format 3 is format 4 whose calculator has no angle mode or
/// history: the decoder's defaults.
struct PersistedStateOneGraph: Decodable {
    var calculator: LegacyCalculatorState?
    var graph: LegacyGraphRecord?
    var viewport: Viewport
    var graphPushed: Bool

    func upgraded() throws -> PersistedState {
        PersistedState(calculator: try calculator?.upgraded(), graph: try graph?.upgraded(), viewport: viewport, graphPushed: graphPushed)
    }
}

extension PersistedState {
    /// A state of the formats before 5: at most one graph, in the first colour.
    init(calculator: CalculatorController.State?, graph: GraphRequest?, viewport: Viewport, graphPushed: Bool) {
        self.init(calculator: calculator, curves: graph.map { [CurveRecord(graph: $0, color: 0, hidden: false)] } ?? [],
                  viewport: viewport, graphPushed: graphPushed)
    }
}

/// Formats 1 and 2 kept the controller's state as a JSON text inside the JSON.
private func legacyCalculator(_ text: String?, by coder: any StateCoder) throws -> CalculatorController.State? {
    try text.map { try coder.decode(LegacyCalculatorState.self, from: Array($0.utf8)).upgraded() }
}

/// Format 2: the graph's expression as prefix tokens.
struct PersistedStateVersion2: Decodable {
    struct GraphRecord: Decodable {
        var program: [String]
        var description: String
        var variable: String

        func upgraded() throws -> GraphRequest {
            try legacyGraph(try LegacyExpressionTokens.expression(program), description: description, variable: variable)
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
struct PersistedStateVersion1: Decodable {
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
