import Calculator
import CalculatorBrain
import Kiosk
import Testing

/// The list behind the graph: added newest last, no program twice, distinct colours, at most `limit`
/// with the oldest hidden curve (else the oldest) making room.
@Suite struct GraphedCurvesTests {
    func program(_ n: Int) -> GraphRequest {
        GraphRequest(program: [.variable("M"), .operation("+"), .operand(Double(n)), .operation("=")], angleMode: .radians, variable: "M")!
    }

    @Test func addsNewestLastWithDistinctColours() {
        var curves = GraphedCurves()
        for n in 1...6 { curves.add(program(n)) }
        #expect(curves.curves.map(\.program.description) == (1...6).map { "M + \($0)" })
        #expect(Set(curves.curves.map(\.colorIndex)) == Set(0..<6))
        #expect(Set(curves.curves.map(\.id)).count == 6)
        #expect(curves.newest == program(6))
    }

    @Test func theSameProgramMovesToTheNewestPlaceShown() {
        var curves = GraphedCurves()
        curves.add(program(1)); curves.add(program(2))
        let first = curves.curves[0]
        curves.toggleHidden(id: first.id)
        #expect(curves.curves[0].isHidden)
        #expect(curves.newestShown == program(2))
        curves.add(program(1))
        #expect(curves.curves.count == 2)
        #expect(curves.curves.last == GraphedCurves.Curve(program: program(1), colorIndex: first.colorIndex, isHidden: false, id: first.id))
    }

    /// `hasShown` answers `newestShown != nil` through every add, hide and show.
    @Test func hasShownIsWhetherAnyCurveShows() {
        var curves = GraphedCurves()
        #expect(!curves.hasShown)
        curves.add(program(1)); curves.add(program(2))
        #expect(curves.hasShown)
        for curve in curves.curves { curves.toggleHidden(id: curve.id) }
        #expect(!curves.hasShown && curves.newestShown == nil)
        curves.toggleHidden(id: curves.curves[0].id)
        #expect(curves.hasShown && curves.newestShown == program(1))
        curves.removeAll()
        #expect(!curves.hasShown)
    }

    @Test func atTheLimitTheOldestHiddenGoesFirstThenTheOldest() {
        var curves = GraphedCurves()
        for n in 1...GraphedCurves.limit { curves.add(program(n)) }
        curves.toggleHidden(id: curves.curves[2].id) // M + 3
        curves.add(program(7))
        #expect(curves.curves.map(\.program.description) == ["M + 1", "M + 2", "M + 4", "M + 5", "M + 6", "M + 7"])
        // The new curve takes the colour that left.
        #expect(Set(curves.curves.map(\.colorIndex)).count == GraphedCurves.limit)
        curves.add(program(8))
        #expect(curves.curves.map(\.program.description) == ["M + 2", "M + 4", "M + 5", "M + 6", "M + 7", "M + 8"])
    }

    @Test func restoringMendsColoursAndKeepsTheNewest() {
        let saved = (1...8).map { (program: program($0), colorIndex: $0 == 8 ? 99 : 3, isHidden: $0 == 5) }
        let curves = GraphedCurves(restoring: saved)
        #expect(curves.curves.map(\.program.description) == (3...8).map { "M + \($0)" })
        #expect(curves.curves.map(\.isHidden) == [false, false, true, false, false, false])
        #expect(Set(curves.curves.map(\.colorIndex)).count == GraphedCurves.limit)
        #expect(curves.curves.allSatisfy { (0..<GraphedCurves.limit).contains($0.colorIndex) })
    }
}
