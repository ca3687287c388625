import SeededRandom
import Calculator
import CalculatorBrain
@testable import Kiosk
import Raster
import Testing

/// The title strip's legend is laid out once for its inputs, not for every touch frame: the hit tests
/// answer exactly as a fresh layout does, through adds, hides, long titles, push and resize.
@Suite struct LegendCacheTests {
    /// M with `n` sines, plus a constant: distinct curves whose titles grow with n.
    static func graph(_ n: Int, _ c: Int) -> GraphRequest {
        let steps: [ProgramStep] = [.variable("M")] + Array(repeating: .operation("sin"), count: n)
            + [.operation("+"), .operand(Double(c)), .operation("=")]
        return GraphRequest(program: steps, angleMode: .radians, variable: "M")!
    }

    /// Every point of the title strip on a 3-pixel grid, and a row above and below it.
    static func points(_ app: KioskApp) -> [Point] {
        let strip = app.layout.graphTitle
        return stride(from: strip.y - 3, through: strip.maxY + 3, by: 3).flatMap { y in
            stride(from: strip.x - 3, through: strip.maxX + 3, by: 3).map { Point(x: Double($0), y: Double(y)) }
        }
    }

    @Test(arguments: [(800, 480), (480, 800), (480, 320), (1280, 720)])
    func hitTestsAnswerAsAFreshLayoutDoes(width: Int, height: Int) {
        var rng = SplitMix64(seed: UInt64(width * height))
        let app = makeApp(width, height)
        var compared = 0, onTitles = 0
        for step in 0..<14 {
            switch rng.below(4) {
            case 0, 1: app.showGraph(Self.graph(rng.below(step < 7 ? 3 : 30), step))
            case 2: if let curve = app.curves.curves.randomElement(using: &rng) { app.carryOut(.curveTitleTap(curve.id)) }
            default: app.resize(width: rng.below(2) == 0 ? width : height, height: rng.below(2) == 0 ? height : width, millimetres: nil)
            }
            let fresh = GraphPaneView(layout: app.layout)
            for p in Self.points(app) {
                let cached = app.screen.graphPane.curveTitle(at: p, curves: app.curves, pushed: app.isGraphPushed, style: app.style)
                #expect(cached == fresh.curveTitle(at: p, curves: app.curves, pushed: app.isGraphPushed, style: app.style), "\(p)")
                if cached != nil { onTitles += 1 }
                for curve in app.curves.curves {
                    #expect(app.screen.graphPane.isNear(curveTitle: curve.id, p, curves: app.curves, pushed: app.isGraphPushed, style: app.style)
                            == fresh.isNear(curveTitle: curve.id, p, curves: app.curves, pushed: app.isGraphPushed, style: app.style))
                }
                compared += 1
            }
        }
        #expect(compared > 1_000 && onTitles > 100, "\(compared) points, \(onTitles) on a title")
    }

    @Test func aFingerOnTheStripLaysTheLegendOutOnce() {
        let app = makeApp(800, 480)
        for n in 1...4 { app.showGraph(Self.graph(n, n)) }
        let cache = app.screen.graphPane.legendCache
        let points = Self.points(app)
        _ = app.screen.graphPane.curveTitle(at: points[0], curves: app.curves, pushed: app.isGraphPushed, style: app.style)
        let before = cache.layouts
        for p in points {
            _ = app.screen.graphPane.curveTitle(at: p, curves: app.curves, pushed: app.isGraphPushed, style: app.style)
            _ = app.screen.graphPane.isNear(curveTitle: app.curves.curves[0].id, p, curves: app.curves, pushed: app.isGraphPushed, style: app.style)
        }
        #expect(cache.layouts == before, "\(points.count) frames' hit tests laid the legend out \(cache.layouts - before) times")
        // Hiding a curve changes no title: still the same layout. A new title, or a new size, lays it out again.
        app.carryOut(.curveTitleTap(app.curves.curves[0].id))
        _ = app.screen.graphPane.curveTitle(at: points[0], curves: app.curves, pushed: app.isGraphPushed, style: app.style)
        #expect(cache.layouts == before)
        app.showGraph(Self.graph(5, 5))
        _ = app.screen.graphPane.curveTitle(at: points[0], curves: app.curves, pushed: app.isGraphPushed, style: app.style)
        #expect(cache.layouts == before + 1)
        app.resize(width: 480, height: 800, millimetres: nil)
        _ = app.screen.graphPane.curveTitle(at: points[0], curves: app.curves, pushed: app.isGraphPushed, style: app.style)
        #expect(app.screen.graphPane.legendCache.layouts == before + 2)
    }
}
