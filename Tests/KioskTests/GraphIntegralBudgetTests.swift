import Calculator
import CalculatorBrain
import Kiosk
import ProgramGraphs
import Testing

/// Issue 35: `calx integral` of a program near the step bound took 11 s, since its budget counted enclosures
/// and an enclosure of a 10,000-step program walks 10,000 steps. The budget counts program steps now: counted
/// here, never timed (docs/performance.md has the seconds and instructions these steps cost).
@Suite struct GraphIntegralBudgetTests {
    /// "M + = + = … graph", `pairs` times "+ =": a program of about 2 × pairs steps, 2^pairs M (from 1,100 pairs
    /// on past the doubles, so no piece proves anything and the whole budget goes).
    static func doublings(_ pairs: Int) -> GraphRequest {
        var controller = CalculatorController()
        controller.press(.memory)
        for _ in 0..<pairs {
            controller.press(.binary(.add))
            controller.press(.equals)
        }
        return controller.press(.graph)!
    }

    @Test func aProgramAtTheStepBoundSpendsAtMostTheStepBudgetAndSaysSo() {
        let report = GraphIntegralReport(graphs: [Self.doublings(4_900)], from: 0, to: 1)
        #expect(report.stepsSpent <= GraphIntegralReport.stepBudget, "\(report.stepsSpent)")
        #expect(report.stepsSpent > GraphIntegralReport.stepBudget / 2, "the budget, not something else, ended it: \(report.stepsSpent)")
        #expect(report.cutShort == [true] && report.outcomes == [.uncertain])
    }

    /// Six curves, the most the screen graphs, share one budget: together no more than one.
    @Test func sixCurvesShareOneBudget() {
        let graphs = (0..<6).map { Self.doublings(1_100 + $0) }
        let report = GraphIntegralReport(graphs: graphs, from: 0, to: 1, stepBudget: 1_000_000)
        #expect(report.stepsSpent <= 1_000_000 && report.stepsSpent > 500_000, "\(report.stepsSpent)")
        #expect(report.cutShort == Array(repeating: true, count: 6))
    }

    /// The same budget gives a program twice as long about half the pieces: the work, not the count of
    /// enclosures, is what is bounded.
    @Test func aLongerProgramGetsFewerPieces() {
        let (shortGraph, longGraph) = (Self.doublings(1_100), Self.doublings(2_200))
        let short = GraphIntegralReport(graphs: [shortGraph], from: 0, to: 1, stepBudget: 1_000_000)
        let long = GraphIntegralReport(graphs: [longGraph], from: 0, to: 1, stepBudget: 1_000_000)
        #expect(short.stepsSpent <= 1_000_000 && long.stepsSpent <= 1_000_000)
        #expect(short.stepsSpent > 900_000 && long.stepsSpent > 900_000, "\(short.stepsSpent), \(long.stepsSpent)")
        func pieces(_ report: GraphIntegralReport, _ graph: GraphRequest) -> Int {
            report.stepsSpent / ProgramIntegralFunction(expression: graph.expression, variable: graph.variable).integrand.stepsPerPiece
        }
        #expect(pieces(long, longGraph) * 10 < pieces(short, shortGraph) * 6, "\(pieces(long, longGraph)) and \(pieces(short, shortGraph))")
    }

    /// Cut short with every piece proved: what it proved, wider than the goal, and said to be cut short.
    @Test func aRunCutShortKeepsWhatItProved() throws {
        var controller = CalculatorController()
        for key: CalculatorKey in [.memory, .unary(.sine)] { controller.press(key) }
        let graphed = controller.press(.graph)
        let sine = try #require(graphed)
        let report = GraphIntegralReport(graphs: [sine], from: -1e6, to: 1e6, stepBudget: 100_000)
        #expect(report.stepsSpent <= 100_000 && report.cutShort == [true])
        guard case .proved(let lower, let upper) = report.outcomes[0] else { Issue.record("\(report.outcomes)"); return }
        #expect(lower <= 0 && 0 <= upper && upper - lower > GraphIntegralReport.goal)
    }

    /// A short program is never cut short by the step budget: x² reaches its goal as before.
    @Test func aShortProgramReachesItsGoal() throws {
        var controller = CalculatorController()
        for key: CalculatorKey in [.memory, .unary(.square)] { controller.press(key) }
        let graphed = controller.press(.graph)
        let report = GraphIntegralReport(graphs: [try #require(graphed)], from: 0, to: 1)
        #expect(report.cutShort == [false])
        guard case .proved(let lower, let upper) = report.outcomes[0] else { Issue.record("\(report.outcomes)"); return }
        #expect(lower <= 1.0 / 3 && 1.0 / 3 <= upper && upper - lower <= GraphIntegralReport.goal)
    }
}
