import Calculator
import CalculatorBrain
@testable import Kiosk
import Testing

/// Whatever the kiosk saves it can load again, even at every bound at once: six curves, each of the
/// longest program the keys allow, with long operands.
@Suite struct LargestStateTests {
    /// The longest program the keys allow, its steps as long as a program's text gets: every other step a Rand
    /// with a drawn value of 17 digits and an exponent (Rand draws multiples of 2⁻⁵³; an operand follows an
    /// operation, or it would start a new program), then "xʸ M =" so the curve depends on x.
    func longestProgram(_ seed: Int) -> [ProgramStep] {
        func rand(_ i: Int) -> ProgramStep { .random(Double(123_456_789_012 + seed * 100_000 + i) * 0x1p-53) }
        let operands = (CalculatorBrain.maximumProgramLength - 3) / 2
        let rands = [rand(0)] + (1...operands).flatMap { [ProgramStep.operation("+"), rand($0)] }
        return rands + [.operation("xʸ"), .variable("M"), .operation("=")]
    }

    func longestGraph(_ seed: Int) -> GraphRequest {
        GraphRequest(program: longestProgram(seed), variable: "M")!
    }

    @Test func sixCurvesOfTheLongestProgramsSaveAndLoadAgain() throws {
        let storage = MemoryStateStorage()
        let app = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        for n in 1...GraphedCurves.limit { app.showGraph(longestGraph(n)) }
        #expect(app.curves.curves.allSatisfy { $0.program.program.count == CalculatorBrain.maximumProgramLength })
        // And the calculator's own programs, the current one and those ⌫ returns to, each as long.
        var calculator = CalculatorController.State(program: CalculatorBrain(program: longestProgram(7)),
                                                    earlier: [CalculatorBrain(program: longestProgram(8))], memory: ["M": 1])
        calculator.history = try CalculatorHistory(validating: (0..<CalculatorHistory.capacity).map { i in
            .init(description: String(repeating: "9", count: DescriptionText.lineLimit - 2) + " =", value: -1.2345678901234567e-300 * Double(i + 1))
        })
        try app.model.restore(calculator)
        app.saveNow()
        #expect(app.messages.isEmpty, "\(app.messages)")
        let saved = storage.bytes?.count ?? 0
        #expect(saved > 0 && saved <= PersistedState.maximumFileSize, "saved \(saved) bytes")
        print("LargestStateTests: six curves of the longest programs save \(saved) bytes")
        // The bound leaves room for the calculator's own program and history beside the curves.
        #expect(saved <= PersistedState.maximumFileSize * 3 / 4, "saved \(saved) bytes")
        let again = KioskApp(width: 800, height: 480, glyphs: BlockGlyphs(), storage: storage)
        #expect(again.messages.isEmpty, "\(again.messages)")
        #expect(again.curves.curves.count == GraphedCurves.limit)
        #expect(again.curves.curves.map(\.program) == app.curves.curves.map(\.program), "the curves differ after loading")
        #expect(again.curves.curves.map(\.program.program) == app.curves.curves.map(\.program.program))
        #expect(again.calculatorState == calculator)
    }

    /// The largest file format 5 wrote still loads: six curves of the longest key-made power towers
    /// (M xʸ c₁ xʸ c₂ … =, 10,000 steps), as nodes with long operands, become their programs again.
    @Test func sixCurvesOfTheLongestFormatFiveProgramsStillLoad() throws {
        func tower(_ seed: Int) -> GraphRequest {
            let operands = (CalculatorBrain.maximumProgramLength - 2) / 2
            let steps = (0..<operands).flatMap { i -> [ProgramStep] in
                [.operation("xʸ"), .operand(-2.2250738585072014e-300 * (1 + Double(seed * operands + i) * 1e-12))]
            }
            return GraphRequest(program: [.variable("M")] + steps + [.operation("=")], angleMode: .radians, variable: "M")!
        }
        let graphs = (1...GraphedCurves.limit).map(tower)
        #expect(graphs.allSatisfy { $0.program.count == CalculatorBrain.maximumProgramLength })
        let curves = graphs.enumerated().map { FormatFive.Curve(graph: LegacyGraph(expression: $1.expression, description: $1.description, variable: "M"),
                                                                 color: $0, hidden: false) }
        let payload = try calxStateCoder().encode(FormatFive(calculator: nil, curves: curves, viewport: .standard, graphPushed: false))
        let file = Array("calx-state 5\nfnv1a64 \(hex16(fnv1a64(payload)))\n".utf8) + payload
        print("LargestStateTests: six curves of the longest programs as format 5 nodes are \(file.count) bytes")
        #expect(file.count <= PersistedState.maximumFileSize)
        let loaded = try PersistedState.decode(file, by: calxStateCoder())
        #expect(loaded.curves.map(\.graph) == graphs)
        #expect(loaded.curves.map(\.graph.program) == graphs.map(\.program))
    }
}
