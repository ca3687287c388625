import CalculatorBrain
import Grapher
@testable import Kiosk
import Raster
import Testing

@Suite struct GraphPainterTests {
    struct Tangent: GraphableFunction {
        func value(at x: Double) -> Double { ProgramFunction(expression: .unary(.tangent, .variable("M")), variable: "M").value(at: x) }
    }

    /// Curve-coloured pixels in the columns around x = π/2: a false vertical line would fill them top to bottom.
    func poleColumnInk(viewport: GraphViewport) -> Int {
        let image = PixelImage(width: 400, height: 300)
        var canvas = Canvas(buffer: image.buffer)
        let palette = Palette(.light)
        let plot = IntRect(x: 0, y: 0, width: 400, height: 300)
        GraphPainter(palette: palette, glyphs: BlockGlyphs())
            .draw(in: &canvas, plot: plot, viewport: viewport, function: Tangent(), traceX: nil)
        let pole = Int(viewport.screenX(Double.pi / 2, in: (400, 300)))
        var ink = 0
        for x in max(0, pole - 1)...min(399, pole + 1) {
            for y in 100..<200 where image.buffer.xrgb(x: x, y: y) == palette.curve.xrgb { ink += 1 }
        }
        return ink
    }

    @Test func tangentBreaksAtItsPoleAtSeveralZooms() {
        for scale in [20.0, 50, 77, 120] {
            #expect(poleColumnInk(viewport: GraphViewport(pixelsPerUnit: scale)) < 10, "scale \(scale)")
        }
    }

    @Test func tickStepsAreOneTwoFive() {
        #expect(tickStep(unitsPerPixel: 1.0 / 50, minimumPixels: 70) == 2)
        #expect(tickStep(unitsPerPixel: 1.0 / 100, minimumPixels: 70) == 1)
        #expect(abs(tickStep(unitsPerPixel: 0.001, minimumPixels: 70) - 0.1) < 1e-12)
        #expect(tickStep(unitsPerPixel: 10, minimumPixels: 70) == 1000)
    }

    @Test func numbersReadLikeTheCalculator() {
        #expect(numberText(0.1 + 0.2) == "0.3")
        #expect(numberText(-0.0) == "0")
        #expect(numberText(2) == "2")
        #expect(numberText(1e13) == "1e13")
        #expect(numberText(-2.5) == "-2.5")
    }
}

@Suite struct DomainEdgeTests {
    struct Root: GraphableFunction {
        func value(at x: Double) -> Double { x.squareRoot() }
    }

    @Test func squareRootStartsAtTheOrigin() {
        let edge = domainEdge(Root(), definedAt: 0.013, undefinedAt: -0.007)
        #expect(edge != nil && abs(edge!.x) < 1e-9 && abs(edge!.y) < 1e-4)
        let image = PixelImage(width: 200, height: 100)
        var canvas = Canvas(buffer: image.buffer)
        let palette = Palette(.light)
        // Origin at a fractional pixel so no column lands on x = 0.
        let viewport = GraphViewport(originOffsetX: 0.37, originOffsetY: 0, pixelsPerUnit: 40)
        GraphPainter(palette: palette, glyphs: BlockGlyphs())
            .draw(in: &canvas, plot: IntRect(x: 0, y: 0, width: 200, height: 100), viewport: viewport,
                  function: Root(), traceX: nil)
        let origin = viewport.origin(in: (200, 100))
        // The curve's ink reaches the origin's pixel column.
        var ink = false
        for y in 40..<60 where image.buffer.xrgb(x: Int(origin.x), y: y) == palette.curve.xrgb { ink = true }
        #expect(ink)
    }
}

@Suite struct ProgramFunctionTests {
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
