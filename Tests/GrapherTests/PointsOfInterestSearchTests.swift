import Grapher
import Testing

/// The resumable search proves what the one-shot finder proves, whatever steps it is run in, and each
/// step spends about the work it is given.
@Suite struct PointsOfInterestSearchTests {
    /// x² − 1, x/2 + 0.25 and −x² + 2: zeros, extrema and three pairs of intersections.
    let curves: [any ProvableFunction] = [Quadratic(a: 1, c: -1), Quadratic(b: 0.5, c: 0.25), Quadratic(a: -1, c: 2)]

    @Test(arguments: [1, 7, 50, 400])
    func stepsProveWhatTheOneShotFinderProves(step: Int) {
        let once = PointsOfInterestFinder.find(curves: curves, from: -3, to: 3)
        var search = PointsOfInterestSearch(curves: curves, from: -3, to: 3)
        var steps = 0
        while !search.isFinished {
            search.advance(work: step)
            steps += 1
        }
        #expect(search.report.points == once.points)
        #expect(search.report.uncertain.map(\.lower) == once.uncertain.map(\.lower))
        #expect(search.report.uncertain.map(\.upper) == once.uncertain.map(\.upper))
        #expect(steps > 1 || search.workDone <= step, "it did not run in steps")
        // Zeros ±1, −0.5, ±√2; the minimum and maximum at 0; two meetings for each pair.
        #expect(once.points.filter { $0.kind == .zero }.count == 5)
        #expect(once.points.filter { $0.kind == .minimum }.count == 1)
        #expect(once.points.filter { $0.kind == .maximum }.count == 1)
        #expect(once.points.filter { $0.kind == .intersection }.count == 6)
    }

    @Test func eachStepSpendsAboutItsWork() {
        var search = PointsOfInterestSearch(curves: curves, from: -3, to: 3)
        var largest = 0
        while !search.isFinished { largest = max(largest, search.advance(work: 20)) }
        // A stretch being narrowed is finished first: at most one bisection to 1e-9 more (about 60 halvings).
        #expect(largest > 0 && largest <= 20 + 80, "a step spent \(largest)")
        #expect(search.advance(work: 20) == 0)
    }

    @Test func aSmallBudgetLeavesTheRestUncertainInStepsToo() {
        let once = PointsOfInterestFinder.find(curves: curves, from: -3, to: 3, budget: 30)
        var search = PointsOfInterestSearch(curves: curves, from: -3, to: 3, budget: 30)
        while !search.isFinished { search.advance(work: 3) }
        #expect(!once.uncertain.isEmpty)
        #expect(search.report.points == once.points)
        #expect(search.report.uncertain.count == once.uncertain.count)
    }
}
