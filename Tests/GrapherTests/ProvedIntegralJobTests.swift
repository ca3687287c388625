import Foundation
import Grapher
import Testing

/// The adaptive integral, on functions whose pieces are known: it narrows to its goal, adds the pieces up
/// outward, runs the same in any steps within its budget, and leaves no number where a piece that cannot be
/// cut proves nothing.
@Suite struct ProvedIntegralJobTests {
    /// x², each piece's integral exact but reported with room (u − l)³ either side, as a second-order
    /// enclosure would: cutting narrows it.
    struct Parabola: IntegrableFunction {
        func integralEnclosure(from l: Double, to u: Double) -> IntegralEnclosure {
            let exact = (u * u * u - l * l * l) / 3, room = (u - l) * (u - l) * (u - l) + 1e-15
            return IntegralEnclosure(lower: exact - room, upper: exact + room, status: .proved)
        }
        var enclosuresPerIntegralPiece: Int { 3 }
    }

    /// 1/x: nothing proved on a piece that holds 0; undefined left of `gap` when there is one.
    struct Pole: IntegrableFunction {
        var gap: Double?
        func integralEnclosure(from l: Double, to u: Double) -> IntegralEnclosure {
            if let gap, u <= gap { return IntegralEnclosure(lower: 0, upper: 0, status: .undefined) }
            if l <= 0 && u >= 0 { return .unproved }
            let exact = log(abs(u)) - log(abs(l))
            return IntegralEnclosure(lower: exact - 1e-12, upper: exact + 1e-12, status: .proved)
        }
        var enclosuresPerIntegralPiece: Int { 1 }
    }

    @Test(arguments: [7, 100, 1_000_000])
    func narrowsToItsGoalInAnySteps(step: Int) throws {
        var job = ProvedIntegral(function: Parabola(), from: -1, to: 2, goal: 1e-6)
        var steps = 0, largest = 0
        while !job.isFinished {
            largest = max(largest, job.advance(work: step))
            steps += 1
        }
        let e = try #require(job.enclosure)
        #expect(e.lower <= 3 && 3 <= e.upper && e.upper - e.lower <= 1e-6, "\(e)")
        #expect(!job.isUncertain && job.workDone <= job.budget)
        // A step spends its work, one cut (two pieces) more at most; the first also starts all eight.
        #expect(largest <= max(step, 8 * 3) + 2 * 3, "a step spent \(largest)")
        if step == 7 { #expect(steps > 10) }
        var once = ProvedIntegral(function: Parabola(), from: -1, to: 2, goal: 1e-6)
        once.advance(work: .max)
        #expect(once.enclosure! == e, "the same pieces, whatever the steps")
    }

    @Test func backwardsIsTheNegative() throws {
        var forward = ProvedIntegral(function: Parabola(), from: -1, to: 2), backward = ProvedIntegral(function: Parabola(), from: 2, to: -1)
        forward.advance(work: .max)
        backward.advance(work: .max)
        let f = try #require(forward.enclosure), b = try #require(backward.enclosure)
        #expect(b.lower == -f.upper && b.upper == -f.lower)
        let empty = ProvedIntegral(function: Parabola(), from: 1, to: 1)
        #expect(empty.isFinished && empty.enclosure! == (0, 0))
    }

    @Test func aBudgetBoundsTheWorkAndKeepsWhatItProved() throws {
        var job = ProvedIntegral(function: Parabola(), from: 0, to: 100, goal: 1e-12, budget: 3_000)
        job.advance(work: .max)
        #expect(job.isFinished && job.workDone <= 3_000)
        let e = try #require(job.enclosure, "every piece proved: a number, wider than the goal")
        #expect(e.lower <= 1e6 / 3 && 1e6 / 3 <= e.upper && e.upper - e.lower > 1e-12)
        #expect(job.isCutShort, "the budget, not the goal, ended it")
        var reached = ProvedIntegral(function: Parabola(), from: 0, to: 1, goal: 1e-6)
        reached.advance(work: .max)
        #expect(reached.enclosure != nil && !reached.isCutShort, "the goal ended it")
        // A pole with too small a budget to cut down to its shortest piece: cut short with no number.
        var pole = ProvedIntegral(function: Pole(), from: -1, to: 1, budget: 20)
        pole.advance(work: .max)
        #expect(pole.isCutShort && pole.isUncertain && pole.enclosure == nil)
    }

    @Test func aPoleOrAnUndefinedStretchLeavesNoNumber() {
        var pole = ProvedIntegral(function: Pole(), from: -1, to: 1)
        pole.advance(work: .max)
        #expect(pole.isFinished && pole.isUncertain && pole.enclosure == nil)
        // Cut down to the shortest piece, about 44 halvings: far less than the budget.
        #expect(pole.workDone < 200, "\(pole.workDone)")
        var gap = ProvedIntegral(function: Pole(gap: 1.5), from: 1, to: 3)
        gap.advance(work: .max)
        #expect(gap.isUncertain && gap.enclosure == nil)
        var clear = ProvedIntegral(function: Pole(), from: 1, to: 3)
        clear.advance(work: .max)
        #expect(!clear.isUncertain && clear.enclosure.map { $0.lower <= 1.0986122886681098 && 1.0986122886681098 <= $0.upper } == true)
        var infinite = ProvedIntegral(function: Parabola(), from: 0, to: .infinity)
        infinite.advance(work: .max)
        #expect(infinite.isUncertain)
    }
}

