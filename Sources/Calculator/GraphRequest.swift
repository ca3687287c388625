import CalculatorBrain

/// The program frozen by the graph key, to be drawn with `variable` as x: what the controller hands
/// over, what the kiosk shows until the key is pressed again, and what its state file keeps.
///
/// It is kept as its program, each trig step in the mode it was pressed in (sin°: its title says
/// "sin(M°)"), coded as the calculator's own program is: one serialisation of a program. What it draws
/// and how it is titled are derived from the program by the brain's walk, never stored.
public struct GraphRequest: Sendable {
    /// The steps as the keys recorded them: one program, finished.
    public let program: [ProgramStep]
    /// The variable plotted as x.
    public let variable: String
    /// What the program computes, with `variable` symbolic.
    public let expression: Expression
    /// How the graph is titled, e.g. "sin(M)" (no trailing "=").
    public let description: String
    /// The value of A the curve is drawn with: A's when the graph key was pressed (1 before any →A).
    public private(set) var parameter: Double = CalculatorController.parameterDefault.double
    /// What is drawn: `expression` with A folded in as the constant `parameter` (M stays free); the same
    /// expression where the program has no A, so a curve without it draws as it always did.
    public private(set) var plotted: Expression

    /// Whether the program reads A: only then does a new value of A change the curve.
    public var usesParameter: Bool { Self.reads(parameterOf: expression) }

    private static func reads(parameterOf expression: Expression) -> Bool {
        expression.nodes.contains { if case .variable(CalculatorController.parameterName) = $0 { true } else { false } }
    }

    /// The same curve drawn with A = `value`.
    public func withParameter(_ value: Double) -> GraphRequest {
        var copy = self
        copy.parameter = value
        copy.plotted = Self.plotted(expression, variable: variable, parameter: value)
        return copy
    }

    private static func plotted(_ expression: Expression, variable: String, parameter: Double) -> Expression {
        guard reads(parameterOf: expression) else { return expression }
        return CompiledProgram(expression, variable: variable, fixing: [CalculatorController.parameterName: parameter]).folded
    }

    /// nil when the program is not complete (an operation waits) or has no operand: nothing to graph.
    public init?(program: [ProgramStep], variable: String) {
        guard let graph = CalculatorBrain(program: program).graphed() else { return nil }
        self.init(program: program, graphed: graph, variable: variable)
    }

    /// The program of keys pressed in `angleMode` (its trig steps named by their keys, "sin").
    public init?(program: [ProgramStep], angleMode: AngleMode, variable: String) {
        self.init(program: program.map { $0.readIn(angleMode) }, variable: variable)
    }

    /// What the controller's evaluation already built for `program`.
    init(program: [ProgramStep], graphed: (expression: Expression, description: String), variable: String) {
        self.program = program
        self.variable = variable
        expression = graphed.expression
        description = graphed.description
        plotted = Self.plotted(graphed.expression, variable: variable, parameter: CalculatorController.parameterDefault.double)
    }

    /// A program from a file, checked by the keys' rules (`ProgramStack.replaying`): exactly what the keys
    /// record, one program, finished; with the variable M.
    public init(validating program: [ProgramStep], variable: String) throws(CalculatorController.StateError) {
        try self.init(replaying: program, variable: variable, .exact)
    }

    /// A curve of the formats before 7, recorded by the older keys in one mode (`readIn`): the steps that
    /// changed nothing dropped, and only its last program kept (before it, the curve's program ran from C,
    /// and the walk forgot all but the last): it draws and is titled as it was.
    public init(upgrading program: [ProgramStep], angleMode: AngleMode, variable: String) throws(CalculatorController.StateError) {
        try self.init(replaying: program.map { $0.readIn(angleMode) }, variable: variable, .droppingStepsThatChangeNothing)
    }

    private init(replaying program: [ProgramStep], variable: String, _ replay: ProgramStack.Replay)
        throws(CalculatorController.StateError)
    {
        guard variable == CalculatorController.memoryName else {
            throw .init(reason: "graph variable '\(variable.prefix(20))' is not M")
        }
        var stack = try ProgramStack.replaying(program, variables: nil, replay)
        guard replay != .exact || (stack.earlier.isEmpty && stack.current.program == program) else {
            throw .init(reason: "graph program is not one program as the keys record it")
        }
        guard let graph = stack.graphed() else { throw .init(reason: "graph program graphs nothing (incomplete or empty)") }
        self.init(program: stack.current.program, graphed: graph, variable: variable)
    }

    /// The request of the shortest program that makes `expression` (`CalculatorBrain.program(making:)`):
    /// how a graph saved as its expression, by state formats 1 to 5, is read back.
    public init(making expression: Expression, variable: String) throws(UnkeyableExpression) {
        let made = try CalculatorBrain.program(making: expression)
        do {
            try self.init(validating: made, variable: variable)
        } catch {
            throw UnkeyableExpression(description: error.reason)
        }
    }
}

/// The same graph: drawn alike and titled alike (a program with other steps before it can be the same graph).
extension GraphRequest: Equatable {
    public static func == (a: GraphRequest, b: GraphRequest) -> Bool {
        a.variable == b.variable && a.description == b.description && a.expression == b.expression
            && a.parameter.bitPattern == b.parameter.bitPattern
    }
}

/// Coded as `{"program": [...], "variable": "M", "parameter": 2}`, the program as `CalculatorBrain`'s
/// elements, and refused unless it is what the keys record (`init(validating:variable:)`); `parameter`
/// only where the program reads A (state format 10 on), 1 where it is absent.
extension GraphRequest: Codable {
    private enum CodingKeys: String, CodingKey { case program, variable, parameter }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let brain = try container.decode(CalculatorBrain.self, forKey: .program)
        let variable = try container.decode(String.self, forKey: .variable)
        try self.init(validating: brain.program, variable: variable)
        if let parameter = try container.decodeIfPresent(Double.self, forKey: .parameter) {
            guard parameter.isFinite, usesParameter else {
                throw CalculatorController.StateError(reason: "graph parameter on a curve without A, or not finite")
            }
            self = withParameter(parameter)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(CalculatorBrain(program: program), forKey: .program)
        try container.encode(variable, forKey: .variable)
        if usesParameter { try container.encode(parameter, forKey: .parameter) }
    }
}
