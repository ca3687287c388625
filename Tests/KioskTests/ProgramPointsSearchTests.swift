import CalculatorBrain
import Grapher
import Kiosk
import Testing
import ProgramGraphs

/// The resumable search on compiled programs, as the screen runs it a frame at a time: the same points
/// and undecided stretches as the one-shot finder, including where it cannot decide (sin(1/M)).
@Suite struct ProgramPointsSearchTests {
    let m = Expression.variable("M")
    func curve(_ e: Expression) -> ProvableProgramFunction { ProvableProgramFunction(expression: e, variable: "M") }

    @Test func framesOfWorkProveWhatOneCallProves() {
        let curves: [any ProvableFunction] = [curve(.unary(.sine, m)), curve(.unary(.cosine, m)), curve(.unary(.tangent, m)),
                                              curve(.unary(.sine, .binary(.divide, .constant(1), m)))]
        let once = PointsOfInterestFinder.find(curves: curves, from: -4, to: 4, budget: 3_000)
        var search = PointsOfInterestSearch(curves: curves, from: -4, to: 4, budget: 3_000)
        var frames = 0, largest = 0
        while !search.isFinished {
            largest = max(largest, search.advance(work: 500))
            frames += 1
        }
        #expect(frames > 5)
        #expect(largest <= 500 + 300, "a frame spent \(largest)")
        #expect(search.report.points == once.points)
        #expect(search.report.uncertain.map(\.lower) == once.uncertain.map(\.lower))
        #expect(search.report.uncertain.map(\.upper) == once.uncertain.map(\.upper))
        #expect(!once.uncertain.isEmpty && once.points.contains { $0.kind == .intersection })
    }
}
