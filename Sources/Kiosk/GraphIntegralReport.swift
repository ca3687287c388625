import Calculator
import Grapher
import ProgramGraphs

/// The proved integral of each graphed program over [from, to] (`calx integral`), oldest curve first:
/// Grapher's `ProvedIntegral` on each program's Taylor-form piece enclosures, run to its end within
/// `budget` enclosures a curve. calx reaches Grapher only through here.
public struct GraphIntegralReport: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// lower ≤ ∫ ≤ upper.
        case proved(lower: Double, upper: Double)
        /// A pole or an undefined stretch lies inside (or the budget ended with one unresolved): no number.
        case uncertain

        /// "VALUE LO HI" (the value to six significant digits, the bounds written outward), or "uncertain".
        public var text: String {
            guard case .proved(let lower, let upper) = self else { return "uncertain" }
            let bounds = IntegralText.bounds(lower: lower, upper: upper)
            return IntegralText.value(lower: lower, upper: upper) + " " + bounds.lower + " " + bounds.upper
        }
    }
    public var outcomes: [Outcome]

    /// What the enclosures aim at: 1e-7 wide, or 1e-13 of the value where the value is so large that the
    /// doubles near it are coarser than that.
    public static let goal = 1e-7, relativeGoal = 1e-13

    public init(graphs: [GraphRequest], from: Double, to: Double, budget: Int = 2_000_000) {
        outcomes = graphs.map { graph in
            let function = ProgramIntegralFunction(expression: graph.plotted, variable: graph.variable)
            var integral = ProvedIntegral(function: function, from: from, to: to, goal: Self.goal, relativeGoal: Self.relativeGoal,
                                          budget: budget)
            integral.advance(work: .max)
            guard let e = integral.enclosure else { return .uncertain }
            return .proved(lower: e.lower, upper: e.upper)
        }
    }
}
