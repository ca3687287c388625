import Calculator
import CalculatorBrain
import Grapher
import Kiosk
import SeededRandom
import Testing
import ProgramGraphs

/// The contract between CalculatorBrain's `ProgramRange` and Grapher's `Enclosure`, where the kiosk joins
/// them: `isContinuous` is true only if the program is continuous and bounded where it is defined in the
/// interval (everywhere-defined and continuous: on the whole interval, what the sampler and root finder
/// trust). Checked on programs made by random keys through the real controller, over random intervals.
@Suite struct EnclosureContractTests {
    /// Every key that builds a program; graph, clear and undo are pressed on purpose, not at random.
    static let keys = CalculatorKey.all.filter { ![.graph, .clear, .undo, .storeMemory].contains($0) }

    func randomGraph(_ rng: inout SplitMix64) -> GraphRequest? {
        var controller = CalculatorController()
        for _ in 0..<(3 + rng.below(14)) {
            let key = rng.below(3) == 0 ? CalculatorKey.memory : Self.keys[rng.below(Self.keys.count)]
            _ = controller.press(key)
        }
        return controller.press(.graph)
    }

    @Test func enclosuresKeepTheBrainsMeaningOfContinuity() {
        var rng = SplitMix64(seed: 1111)
        var continuousClaims = 0, partlyClaims = 0, graphs = 0
        while graphs < 400 {
            guard let graph = randomGraph(&rng), graph.description.contains("M") || rng.below(4) == 0 else { continue }
            graphs += 1
            let function = ProgramFunction(expression: graph.expression, variable: graph.variable)
            for _ in 0..<5 {
                let centre = rng.below(3) == 0 ? [0, 1, -1, Double.pi / 2, Double.pi][rng.below(5)] : rng.uniform(-20, 20)
                let halfWidth = [1e-6, 1e-2, 0.5, 3, 10][rng.below(5)] * rng.unit()
                let lo = centre - halfWidth, hi = centre + halfWidth
                let range = function.program.range(from: lo, to: hi)
                guard let e = function.enclosure(from: lo, to: hi) else {
                    Issue.record("\(graph.description): a compiled program always has an enclosure"); continue
                }
                // The kiosk hands the brain's answer over unchanged.
                #expect(e.lower.bitPattern == range.lower.bitPattern && e.upper.bitPattern == range.upper.bitPattern)
                #expect(e.isContinuous == range.isContinuous)
                #expect("\(e.definedness)" == "\(range.definedness)")
                if e.definedness == .partly { partlyClaims += 1 }
                // Continuous means bounded where defined: a pole or a jump is never continuous.
                if e.isContinuous && e.definedness != .nowhere {
                    #expect(e.lower.isFinite && e.upper.isFinite, "\(graph.description) on [\(lo), \(hi)]: \(e)")
                }
                var xs = [lo, hi] + (0..<24).map { _ in rng.uniform(lo, hi) }
                if lo <= 0 && 0 <= hi { xs.append(0) }
                for x in xs {
                    let y = function.value(at: x)
                    if y.isNaN {
                        #expect(e.definedness != .everywhere, "\(graph.description) NaN at \(x) in [\(lo), \(hi)]")
                    } else {
                        #expect(e.definedness != .nowhere, "\(graph.description) = \(y) at \(x) in [\(lo), \(hi)]")
                        #expect(e.lower <= y && y <= e.upper, "\(graph.description) = \(y) at \(x) outside \(e)")
                        if e.isContinuous { #expect(y.isFinite, "\(graph.description) claims continuity, \(y) at \(x)") }
                    }
                }
                if e.isContinuous && e.definedness == .everywhere { continuousClaims += 1 }
            }
        }
        // The random programs exercise both kinds of claim.
        #expect(continuousClaims > 200 && partlyClaims > 20, "\(continuousClaims) continuous, \(partlyClaims) partly")
    }
}
