import Calculator
import CalculatorBrain
import Grapher
@testable import Kiosk
import Raster
import Testing
import ProgramGraphs

/// The graph pane as the kiosk draws it, through Grapher's GraphView.
@Suite struct GraphPaneTests {
    static let tangent = GraphRequest(program: [.variable("M"), .operation("tan")], angleMode: .radians, variable: "M")!
    static let root = GraphRequest(program: [.variable("M"), .operation("√")], angleMode: .radians, variable: "M")!

    func drawn(_ program: GraphRequest, viewport: Viewport, _ w: Int = 800, _ h: Int = 480) -> (KioskApp, PixelImage) {
        let app = makeApp(w, h)
        app.showGraph(program)
        app.viewport = viewport
        let image = PixelImage(width: w, height: h)
        _ = app.draw(into: image.buffer)
        return (app, image)
    }

    func curveInk(_ image: PixelImage, columns: ClosedRange<Int>, rows: Range<Int>, _ app: KioskApp) -> Int {
        let curve = Palette(.light).curve.xrgb
        var ink = 0
        for x in columns { for y in rows where image.buffer.xrgb(x: x, y: y) == curve { ink += 1 } }
        return ink
    }

    /// A false vertical line at x = π/2 would fill the pole's columns from top to bottom.
    @Test(arguments: [20.0, 50, 77, 120, 1000])
    func tangentBreaksAtItsPole(scale: Double) {
        let (app, image) = drawn(Self.tangent, viewport: Viewport(originOffsetX: -30, originOffsetY: 0, pixelsPerUnit: scale))
        let frame = app.plotFrame
        let pole = Int(app.viewport.screenX(forWorldX: Double.pi / 2, in: frame))
        let middle = Int(frame.center.y)
        #expect(curveInk(image, columns: pole - 1...pole + 1, rows: middle - 60..<middle + 60, app) < 10, "scale \(scale)")
        // The curve is there on both sides of the pole.
        let left = Int(app.viewport.screenX(forWorldX: 40 / scale, in: frame))
        #expect(curveInk(image, columns: left - 1...left + 1, rows: Int(frame.y)..<Int(frame.maxY), app) > 0)
    }

    @Test func squareRootReachesTheOrigin() {
        // The origin at a fractional pixel, so no sample column lands on x = 0.
        let (app, image) = drawn(Self.root, viewport: Viewport(originOffsetX: 0.37, originOffsetY: 0, pixelsPerUnit: 40))
        let origin = app.viewport.origin(in: app.plotFrame)
        let x = Int(origin.x.rounded(.down)), y = Int(origin.y)
        #expect(curveInk(image, columns: x...x, rows: y - 3..<y + 3, app) > 0)
        #expect(curveInk(image, columns: x - 6...x - 3, rows: y - 20..<y + 20, app) == 0, "nothing left of the domain")
    }

    @Test func aPanFrameSamplesOnlyTheRevealedStrip() {
        let (app, image) = drawn(Self.tangent, viewport: .standard)
        let full = app.plot!.lastCurve!
        app.viewport = app.viewport.panned(by: 40, 0)
        let damage = app.draw(into: image.buffer)
        let pan = app.plot!.lastCurve!
        #expect(pan.sampledColumns <= 42 && pan.reusedColumns >= full.sampledColumns - 42, "\(pan.sampledColumns) sampled")
        // The revealed strip holds tan's pole at -3π/2, the costliest place to sample, and still costs under half.
        #expect(pan.evaluations * 2 < full.evaluations, "\(pan.evaluations) vs \(full.evaluations)")
        #expect(damage.allSatisfy { $0.intersection(app.plotRect) == $0 }, "only the plot repaints: \(damage)")
    }

    @Test func theGraphedProgramCompilesOnceAndIsRedrawnWhenChanged() {
        let (app, image) = drawn(Self.tangent, viewport: .standard)
        // The frames that search the points of interest and mark them, then nothing.
        var frames = 0
        while app.needsRedraw && frames < 50 { _ = app.draw(into: image.buffer); frames += 1 }
        #expect(frames < 10)
        #expect(app.draw(into: image.buffer).isEmpty, "nothing changed, nothing drawn")
        app.showGraph(Self.root)
        let damage = app.draw(into: image.buffer)
        #expect(damage.contains { $0.intersection(app.plotRect) == app.plotRect })
        #expect(app.plot?.curves.newest == Self.root)
    }

    @Test func theCompiledProgramAgreesWithTheTreeAndEnclosesTangentsPole() {
        let e: Expression = .binary(.divide, .binary(.add, .unary(.sine, .variable("M")), .variable("M")), .variable("M"))
        let f = ProgramFunction(expression: e, variable: "M")
        for x in [-3.0, -0.5, 0.25, 1, 7.5] {
            #expect(f.value(at: x) == e.value(using: ["M": x]))
        }
        let tan = ProgramFunction(expression: .unary(.tangent, .variable("M")), variable: "M")
        #expect(tan.enclosure(from: 1.5, to: 1.6)?.isContinuous == false)
        #expect(tan.enclosure(from: 0.1, to: 0.2)?.isContinuous == true)
    }
}
