import Calculator
import Grapher
import ProgramGraphs

/// The proved integral of each graphed program over [from, to] (`calx integral`), oldest curve first:
/// Grapher's `ProvedIntegral` on each program's Taylor-form piece enclosures, run to its end within a budget
/// of work. calx reaches Grapher only through here.
///
/// The budget counts program steps, not enclosures: an enclosure walks every node of its derivative, so one of
/// a program at the step bound (10,000 steps) costs thousands of times one of x², and 2,000,000 of them took
/// 11 s. All curves together evaluate at most `stepBudget` steps; a short program still stops at
/// `enclosureBudget` enclosures. A run the budget ends short of its goal reports what it proved by then (wider
/// bounds, or uncertain where a piece proved nothing yet) and says so (`cutShort`).
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
    /// For each curve, whether the budget ended its run short of the goal.
    public var cutShort: [Bool]
    /// The program steps the pieces evaluated, all curves together (counted as if no piece stopped early).
    public var stepsSpent = 0

    /// What the enclosures aim at: 1e-7 wide, or 1e-13 of the value where the value is so large that the
    /// doubles near it are coarser than that.
    public static let goal = 1e-7, relativeGoal = 1e-13
    /// The program steps all curves together may evaluate (docs/performance.md has their cost).
    public static let stepBudget = 10_000_000
    /// The enclosures one curve may spend, however short its program.
    public static let enclosureBudget = 2_000_000

    public init(graphs: [GraphRequest], from: Double, to: Double, stepBudget: Int = Self.stepBudget,
                enclosureBudget: Int = Self.enclosureBudget) {
        var outcomes: [Outcome] = [], cutShort: [Bool] = [], stepsSpent = 0
        for graph in graphs {
            let function = ProgramIntegralFunction(expression: graph.plotted, variable: graph.variable)
            let enclosures = function.integrand.enclosuresPerPiece, steps = function.integrand.stepsPerPiece
            let budget = min(enclosureBudget, stepBudget / graphs.count / steps * enclosures)
            var integral = ProvedIntegral(function: function, from: from, to: to, goal: Self.goal, relativeGoal: Self.relativeGoal,
                                          budget: budget)
            integral.advance(work: .max)
            stepsSpent += integral.workDone / enclosures * steps
            cutShort.append(integral.isCutShort)
            outcomes.append(integral.enclosure.map { .proved(lower: $0.lower, upper: $0.upper) } ?? .uncertain)
        }
        (self.outcomes, self.cutShort, self.stepsSpent) = (outcomes, cutShort, stepsSpent)
    }
}
