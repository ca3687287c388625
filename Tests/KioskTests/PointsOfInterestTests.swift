import CalculatorBrain
import Grapher
import Kiosk
import Testing
import ProgramGraphs

/// Every reported point is proved: its interval holds the true point (checked against the closed
/// forms), is narrower than 1e-9 of its size, and a pole is never reported.
@Suite struct PointsOfInterestTests {
    let m = Expression.variable("M")

    func curve(_ e: Expression) -> ProvableProgramFunction { ProvableProgramFunction(expression: e, variable: "M") }

    func expectNarrowAndHolding(_ p: PointOfInterest, _ truth: Double, _ context: String) {
        #expect(p.lower <= truth && truth <= p.upper, "\(context): [\(p.lower), \(p.upper)] misses \(truth)")
        #expect(p.upper - p.lower <= max(1e-9 * abs(truth), 1e-12), "\(context): too wide")
    }

    @Test func sineOnMinusFourToFour() {
        let report = PointsOfInterestFinder.find(curves: [curve(.unary(.sine, m))], from: -4, to: 4)
        #expect(report.uncertain.isEmpty)
        let expected: [(PointOfInterest.Kind, Double)] = [(.zero, -.pi), (.minimum, -.pi / 2), (.zero, 0), (.maximum, .pi / 2), (.zero, .pi)]
        #expect(report.points.map(\.kind) == expected.map(\.0))
        for (p, e) in zip(report.points, expected) {
            expectNarrowAndHolding(p, e.1, "\(e.0)")
            #expect(p.isUnique)
        }
    }

    @Test func tangentHasZerosOnlyAndNoPoleIsReported() {
        let report = PointsOfInterestFinder.find(curves: [curve(.unary(.tangent, m))], from: -4, to: 4)
        #expect(report.uncertain.isEmpty, "\(report.uncertain)")
        #expect(report.points.map(\.kind) == [.zero, .zero, .zero])
        for (p, truth) in zip(report.points, [-Double.pi, 0, .pi]) { expectNarrowAndHolding(p, truth, "tan zero") }
    }

    @Test func reciprocalHasNothing() {
        let report = PointsOfInterestFinder.find(curves: [curve(.binary(.divide, .constant(1), m))], from: -4, to: 4)
        #expect(report.points.isEmpty && report.uncertain.isEmpty)
    }

    @Test func sineOfReciprocalProvesWhatItCanAndSaysWhereItCannot() {
        let report = PointsOfInterestFinder.find(curves: [curve(.unary(.sine, .binary(.divide, .constant(1), m)))], from: -4, to: 4,
                                                 budget: 4_000)
        #expect(!report.uncertain.isEmpty)
        #expect(report.uncertain.allSatisfy { $0.lower > -0.1 && $0.upper < 0.1 }, "undecided only near 0")
        let zeros = report.points.filter { $0.kind == .zero }
        #expect(zeros.count > 10)
        for z in zeros {
            // 1/(kπ) for the k nearest.
            let k = (1 / (z.x * .pi)).rounded()
            expectNarrowAndHolding(z, 1 / (k * .pi), "sin(1/M) zero")
        }
    }

    @Test func twoCurvesMeetWhereTheyShould() {
        let report = PointsOfInterestFinder.find(curves: [curve(.unary(.sine, m)), curve(.unary(.cosine, m))], from: -4, to: 4)
        let meets = report.points.filter { $0.kind == .intersection }
        #expect(meets.count == 3)
        for (p, truth) in zip(meets, [-3 * Double.pi / 4, .pi / 4, 5 * .pi / 4]) {
            expectNarrowAndHolding(p, truth, "sin = cos")
            #expect(p.curves == [0, 1])
        }
    }

    @Test func touchingZerosAreUncertainNotGuessed() {
        // M² touches 0 at 0 without changing sign: no proof of a zero by a sign change.
        let report = PointsOfInterestFinder.find(curves: [curve(.unary(.square, m))], from: -4, to: 4)
        #expect(!report.points.contains { $0.kind == .zero })
        #expect(report.uncertain.contains { $0.lower <= 0 && 0 <= $0.upper })
        #expect(report.points.contains { $0.kind == .minimum && $0.lower <= 0 && 0 <= $0.upper })
    }

    /// √(M − M) is 0 wherever M is a number: proved so, a stretch of zeros, not "uncertain" over the range
    /// (every split of it used to hold 0 and never decide). A constant has no extremum to find.
    @Test func aCurveThatIsZeroThroughoutIsAZeroStretch() {
        let flat = Expression.unary(.squareRoot, .binary(.subtract, m, m))
        let report = PointsOfInterestFinder.find(curves: [curve(flat)], from: -10, to: 10)
        #expect(report.uncertain.isEmpty, "\(report.uncertain)")
        #expect(report.points.isEmpty)
        #expect(report.zeroStretches == [ZeroStretch(lower: -10, upper: 10, curve: 0)])
        let constant = PointsOfInterestFinder.find(curves: [curve(.constant(2))], from: -10, to: 10)
        #expect(constant.points.isEmpty && constant.uncertain.isEmpty && constant.zeroStretches.isEmpty)
        // Zero on part of the range: √M − √M is 0 where M ≥ 0 and undefined elsewhere.
        let half = PointsOfInterestFinder.find(curves: [curve(.binary(.subtract, .unary(.squareRoot, m), .unary(.squareRoot, m)))],
                                               from: 1, to: 10)
        #expect(half.zeroStretches.count == 1 && half.uncertain.isEmpty)
    }

    /// M·sin M over ±10000 holds 6,367 zeros, more than a budget of 20,000 enclosures can prove: it proves
    /// those of a part (the middle) and says where the rest may be, piece by piece. Every zero kπ is either
    /// proved (and its interval holds it) or inside an uncertain stretch: none is missed. (It was one
    /// "uncertain" line over the whole range: spread over all of it, the budget proved nothing.)
    @Test func aLongRangeIsProvedInPartAndTheRestIsUncertainPieceByPiece() {
        let e = Expression.binary(.multiply, m, .unary(.sine, m))
        let report = PointsOfInterestFinder.find(curves: [curve(e)], from: -10_000, to: 10_000)
        let zeros = report.points.filter { $0.kind == .zero }
        #expect(zeros.count > 300, "\(zeros.count) zeros")
        for z in zeros {
            let k = (z.x / .pi).rounded()
            expectNarrowAndHolding(z, k * .pi, "M·sin M zero")
        }
        let uncertainWidth = report.uncertain.reduce(0) { $0 + ($1.upper - $1.lower) }
        #expect(report.uncertain.count > 1 && uncertainWidth < 20_000 * 0.99, "\(report.uncertain.count) stretches, \(uncertainWidth) wide")
        for k in -3183...3183 {
            let x = Double(k) * .pi
            let proved = zeros.contains { $0.lower <= x && x <= $0.upper }
            let open = report.uncertain.contains { $0.lower <= x && x <= $0.upper }
            #expect(proved || open, "the zero at \(k)π is neither proved nor left uncertain")
        }
    }
}
