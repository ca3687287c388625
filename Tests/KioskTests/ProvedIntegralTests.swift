import Calculator
import CalculatorBrain
import Grapher
import Kiosk
import ProgramGraphs
import SeededRandom
import Testing

/// Proved integrals of programs made by keys (`calx integral`): every enclosure holds the integral, known
/// ones and random ones against a high-accuracy quadrature; smooth ones are narrower than 1e-6; a pole or an
/// undefined stretch inside leaves no number.
@Suite struct ProvedIntegralTests {
    func graph(_ tokens: String) -> GraphRequest {
        var controller = CalculatorController()
        var graph: GraphRequest?
        for token in tokens.split(separator: " ") { graph = controller.press(CalculatorKey(token: String(token))!) ?? graph }
        return graph!
    }

    func integral(_ tokens: String, _ a: Double, _ b: Double) -> GraphIntegralReport.Outcome {
        GraphIntegralReport(graphs: [graph(tokens)], from: a, to: b).outcomes[0]
    }

    @Test(arguments: [
        ("M x² graph", 0.0, 1.0, 1.0 / 3),
        ("M x³ − M = graph", -1, 2, 2.25),
        ("M sin graph", 0, Double.pi, 2),
        ("M cos graph", 0, 10, -0.5440211108893698),
        ("M eˣ graph", 0, 1, 1.718281828459045),
        ("M x⁻¹ graph", 1, 2, 0.6931471805599453),
        ("M ln graph", 1, 2.718281828459045, 1),
        ("M √ graph", 0, 1, 2.0 / 3),
        ("M x² + 1 = x⁻¹ graph", -1, 1, Double.pi / 2),
        // A semicircle: defined at its ends, where its slope is not.
        ("1 − M x² = √ graph", -1, 1, Double.pi / 2),
        ("M sin graph", 2, -1, -0.9564491424152822),
        ("deg M sin graph", 0, 90, 57.29577951308232),
    ] as [(String, Double, Double, Double)])
    func knownIntegrals(_ tokens: String, _ a: Double, _ b: Double, _ expected: Double) {
        guard case .proved(let lo, let hi) = integral(tokens, a, b) else {
            Issue.record("\(tokens) over [\(a), \(b)]: uncertain")
            return
        }
        // The expected values are rounded: a few ulps of room, no more.
        let slack = 4 * expected.ulp
        #expect(lo <= expected + slack && expected - slack <= hi, "\(tokens) over [\(a), \(b)]: [\(lo), \(hi)]")
        #expect(hi - lo <= 1e-6, "\(tokens): \(hi - lo) wide")
    }

    @Test(arguments: [
        ("M x⁻¹ graph", -1.0, 1.0), ("M √ graph", -1, 1), ("M tan graph", 0, 2), ("M ln graph", -1, 1),
        ("M − 1 = x⁻¹ graph", 0, 2), ("1 ÷ M = sin graph", -0.5, 0.5),
    ] as [(String, Double, Double)])
    func polesAndUndefinedStretchesLeaveNoNumber(_ tokens: String, _ a: Double, _ b: Double) {
        #expect(integral(tokens, a, b) == .uncertain, "\(tokens) over [\(a), \(b)]")
    }

    /// Random programs over random intervals against composite 5-point Gauss–Legendre on the compiled
    /// program, where that converged (its value on n and 2n pieces agree): LO ≤ it ≤ HI.
    @Test func randomProgramsHoldAHighAccuracyValue() {
        var rng = SplitMix64(seed: 0x1A7E6)
        let keys = CalculatorKey.all.filter { ![.graph, .clear, .undo, .storeMemory, .random].contains($0) }
        var compared = 0, narrow = 0, proved = 0, tried = 0
        while tried < 300 {
            var controller = CalculatorController()
            for _ in 0..<(2 + rng.below(8)) {
                _ = controller.press(rng.below(3) == 0 ? CalculatorKey.memory : keys[rng.below(keys.count)])
            }
            guard let graph = controller.press(.graph), graph.description.contains("M") else { continue }
            tried += 1
            let a = rng.uniform(-4, 4), b = a + [0.01, 0.5, 2, 6][rng.below(4)] * (0.1 + rng.unit())
            let report = GraphIntegralReport(graphs: [graph], from: a, to: b, enclosureBudget: 200_000)
            guard case .proved(let lo, let hi) = report.outcomes[0] else { continue }
            proved += 1
            if hi - lo <= 1e-6 { narrow += 1 }
            let f = ProgramFunction(expression: graph.expression, variable: graph.variable)
            guard let reference = Self.gaussLegendre(f, a, b) else { continue }
            compared += 1
            let room = reference.error + 1e-13 * max(1, abs(reference.value))
            #expect(lo - room <= reference.value && reference.value <= hi + room,
                    "\(graph.description) over [\(a), \(b)]: [\(lo), \(hi)] vs \(reference.value) ± \(reference.error)")
        }
        #expect(compared >= 100, "\(compared) of \(proved) proved compared")
        #expect(narrow * 10 >= proved * 8, "\(narrow) of \(proved) narrower than 1e-6")
    }

    /// ∫ f over [a, b] by 5-point Gauss–Legendre on 64 and on 128 pieces; nil unless they agree to 1e-9
    /// (a kink, a pole or a steep spot: no reference there).
    static func gaussLegendre(_ f: ProgramFunction, _ a: Double, _ b: Double) -> (value: Double, error: Double)? {
        let nodes = [0, -0.5384693101056831, 0.5384693101056831, -0.9061798459386640, 0.9061798459386640]
        let weights = [0.5688888888888889, 0.4786286704993665, 0.4786286704993665, 0.2369268850561891, 0.2369268850561891]
        func rule(_ n: Int) -> Double? {
            var sum = 0.0
            for i in 0..<n {
                let l = a + (b - a) * Double(i) / Double(n), u = a + (b - a) * Double(i + 1) / Double(n)
                let mid = (l + u) / 2, half = (u - l) / 2
                for (node, weight) in zip(nodes, weights) {
                    let y = f.value(at: mid + half * node)
                    guard y.isFinite else { return nil }
                    sum += weight * half * y
                }
            }
            return sum
        }
        guard let coarse = rule(64), let fine = rule(128), abs(coarse - fine) <= 1e-9 * max(1, abs(fine)) else { return nil }
        return (fine, abs(coarse - fine) + 1e-14 * max(1, abs(fine)))
    }
}
