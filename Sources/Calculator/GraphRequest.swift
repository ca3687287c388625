import CalculatorBrain

/// The program frozen by the graph key, to be drawn with `variable` as x: what the controller hands
/// over, what the kiosk shows until the key is pressed again, and what its state file keeps.
///
/// It is kept as its program and the angle mode it was frozen in (the trig keys read that mode), coded
/// as the calculator's own program is: one serialisation of a program. What it draws and how it is
/// titled are derived from those by the brain's walk when the request is made or decoded, never stored.
public struct GraphRequest: Sendable {
    /// The steps as the brain recorded them.
    public let program: [ProgramStep]
    /// The mode the program is walked in: its sin is sin° in degrees.
    public let angleMode: AngleMode
    /// The variable plotted as x.
    public let variable: String
    /// What the program computes, with `variable` symbolic.
    public let expression: Expression
    /// How the graph is titled, e.g. "sin(M)" (no trailing "=").
    public let description: String

    /// nil when the program is not complete (an operation waits) or has no operand: nothing to graph.
    public init?(program: [ProgramStep], angleMode: AngleMode, variable: String) {
        guard let graph = CalculatorBrain(program: program).graphed(angleMode: angleMode) else { return nil }
        self.program = program
        self.angleMode = angleMode
        self.variable = variable
        expression = graph.expression
        description = graph.description
    }

    /// The request of the shortest program that makes `expression` (`CalculatorBrain.program(making:)`):
    /// how a graph saved as its expression, by state formats 1 to 5, is read back.
    public init(making expression: Expression, variable: String) throws(UnkeyableExpression) {
        let made = try CalculatorBrain.program(making: expression)
        guard let request = GraphRequest(program: made.program, angleMode: made.angleMode, variable: variable) else {
            throw UnkeyableExpression(description: "expression graphs nothing")
        }
        self = request
    }
}

/// The same graph: drawn alike and titled alike (a program with other steps before it can be the same graph).
extension GraphRequest: Equatable {
    public static func == (a: GraphRequest, b: GraphRequest) -> Bool {
        a.variable == b.variable && a.description == b.description && a.expression == b.expression
    }
}

/// Coded as `{"program": [...], "angleMode": "...", "variable": "M"}`; the program as
/// `CalculatorBrain`'s elements, checked as they are, and refused when it graphs nothing.
extension GraphRequest: Codable {
    private enum CodingKeys: String, CodingKey { case program, angleMode, variable }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let brain = try container.decode(CalculatorBrain.self, forKey: .program)
        let angleMode = try container.decode(AngleMode.self, forKey: .angleMode)
        let variable = try container.decode(String.self, forKey: .variable)
        guard let request = GraphRequest(program: brain.program, angleMode: angleMode, variable: variable) else {
            throw DecodingError.dataCorruptedError(forKey: .program, in: container,
                                                   debugDescription: "the program graphs nothing (incomplete or empty)")
        }
        self = request
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(CalculatorBrain(program: program), forKey: .program)
        try container.encode(angleMode, forKey: .angleMode)
        try container.encode(variable, forKey: .variable)
    }
}
