import Calculator
import CalculatorBrain
import Grapher
@testable import Kiosk
import Raster
import Testing
import ProgramGraphs

/// The graphs the kiosk-proofing found wrong at the edges, drawn from the brain's own programs and
/// enclosures (not hand-written test functions).
@Suite struct GraphEdgeTests {
    static let m = Expression.variable("M")
    static let frame = Rect(x: 0, y: 0, width: 800, height: 480)

    func curve(_ e: Expression, _ v: Viewport = .standard) -> SampledCurve {
        var sampler = CurveSampler()
        return sampler.sample(ProgramFunction(expression: e, variable: "M"), viewport: v, frame: Self.frame)
    }

    static let viewports = [Viewport.standard, Viewport(originOffsetX: 0.37, originOffsetY: 0, pixelsPerUnit: 40),
                            Viewport(originOffsetX: -1500, originOffsetY: 0, pixelsPerUnit: 1000),
                            Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: 3)]

    @Test func aDefinedEndIsNeverAHole() {
        let outside = Expression.unary(.squareRoot, .binary(.subtract, .unary(.square, Self.m), .constant(1)))
        let inside = Expression.unary(.squareRoot, .binary(.subtract, .constant(4), .unary(.square, Self.m)))
        for e in [outside, inside] {
            for v in Self.viewports {
                let c = curve(e, v)
                #expect(c.dots.allSatisfy { $0.isFilled }, "\(e) at \(v): \(c.dots)")
                #expect(!c.polylines.isEmpty)
            }
        }
    }

    /// √(M − M) is 0 wherever M is a number: one line along the axis across the whole view, which the
    /// independent operands' enclosure ([a − b, b − a], so √ of it "partly defined") never let the sampler draw.
    @Test func aDependentDifferenceIsDrawnAcrossTheView() {
        let e = Expression.unary(.squareRoot, .binary(.subtract, Self.m, Self.m))
        for v in Self.viewports {
            let c = curve(e, v)
            #expect(c.polylines.count == 1 && c.dots.isEmpty, "\(v): \(c.polylines.count) lines, \(c.dots.count) dots")
            let xs = c.polylines.flatMap { $0.map(\.x) }, ys = c.polylines.flatMap { $0.map(\.y) }
            #expect((xs.min() ?? .infinity) <= 0 && (xs.max() ?? 0) >= Self.frame.maxX, "\(v)")
            #expect(ys.allSatisfy { abs($0 - v.origin(in: Self.frame).y) < 0.5 })
        }
    }

    @Test func aJumpOverAnUndefinedPointShowsARingOnEachSide() {
        // √(M²) ÷ M is −1 left of 0, 1 right of it, undefined at 0: neither value is reached there.
        let e = Expression.binary(.divide, .unary(.squareRoot, .unary(.square, Self.m)), Self.m)
        for v in [Viewport.standard, Viewport(originOffsetX: 0.37, originOffsetY: 0, pixelsPerUnit: 40)] {
            let c = curve(e, v)
            let o = v.origin(in: Self.frame)
            let rings = c.dots.filter { !$0.isFilled }
            #expect(rings.count == 2 && c.dots.count == 2, "\(c.dots)")
            for y in [o.y - v.pixelsPerUnitY, o.y + v.pixelsPerUnitY] {
                #expect(rings.contains { abs($0.center.x - o.x) < 1 && abs($0.center.y - y) < 1 }, "no ring at \(y): \(rings)")
            }
            #expect(c.polylines.count == 2)
        }
    }

    @Test func sinOfReciprocalHasNoMarkersItCannotProve() {
        let e = Expression.unary(.sine, .unary(.reciprocal, Self.m))
        for v in Self.viewports + [Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: 1e6)] {
            let c = curve(e, v)
            #expect(c.dots.isEmpty, "\(v): \(c.dots.count) dots, e.g. \(c.dots.prefix(3))")
        }
    }

    @Test func sineAtTheExtremeZoomsHasNoStrayMarker() {
        for scale in [Viewport.minimumPixelsPerUnit, 1e-6, Viewport.maximumPixelsPerUnit] {
            for offset in [0.0, 0.37, 1e6] {
                let c = curve(.unary(.sine, Self.m), Viewport(originOffsetX: offset, originOffsetY: 0, pixelsPerUnit: scale))
                #expect(c.dots.isEmpty, "scale \(scale), offset \(offset): \(c.dots)")
            }
        }
    }

    @Test func theMToTheMFamilyIsOneLineForPositiveX() {
        let family: [Expression] = [.binary(.power, Self.m, Self.m), .binary(.power, .binary(.add, Self.m, .constant(1)), Self.m),
                                    .binary(.power, .constant(0), Self.m)]
        for e in family {
            for v in [Viewport.standard, Viewport(originOffsetX: -300, originOffsetY: 100, pixelsPerUnit: 100)] {
                let c = curve(e, v)
                let o = v.origin(in: Self.frame)
                // (0^M left of 0 is +∞ throughout, which no enclosure here can prove cheaply: that half may
                // spend its whole share; the right half must not suffer for it.)
                if e != .binary(.power, .constant(0), Self.m) { #expect(!c.budgetExhausted, "\(e)") }
                // Right of the origin: one polyline that starts within a pixel of x = 0 and leaves the screen.
                let right = c.polylines.filter { $0.contains { $0.x > o.x + 1 } }
                #expect(right.count == 1, "\(e): \(right.count) lines right of 0")
                if let line = right.first {
                    #expect(line.first!.x - o.x < 1)
                    #expect(line.last!.x >= 800 || line.last!.y <= 0)
                }
                #expect(!c.dots.contains { $0.center.x > o.x + 1 }, "\(e): dots right of 0")
                // Left of it only isolated points, each at an integer, each filled: the function is defined there.
                for dot in c.dots where dot.center.x < o.x - 1 {
                    let x = v.worldX(forScreenX: dot.center.x, in: Self.frame)
                    #expect(dot.isFilled && abs(x - x.rounded()) < 1e-9, "\(e): dot at x = \(x)")
                }
            }
        }
        // M^M at −1 is −1 and at −2 is 1/4: both are there.
        let c = curve(.binary(.power, Self.m, Self.m))
        #expect(c.dots.contains { abs($0.center.x - 350) < 0.5 && abs($0.center.y - 290) < 0.5 })
        #expect(c.dots.contains { abs($0.center.x - 300) < 0.5 && abs($0.center.y - 227.5) < 0.5 })
    }

    /// Zoomed far out, the brain's own tan and 1/sin hold a pole in most columns; the picture stays
    /// point-symmetric about the origin (an odd function) and is as dense on the right as on the left.
    @Test(arguments: [0.5, 0.05, 5])
    func oddProgramsZoomedOutArePointSymmetric(scale: Double) {
        let v = Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: scale)
        for e in [Expression.unary(.tangent, Self.m), .unary(.reciprocal, .unary(.sine, Self.m))] {
            let c = curve(e, v)
            let image = PixelImage(width: 800, height: 480)
            var canvas = Canvas(buffer: image.buffer)
            canvas.clear(Color(rgb: 0xffffff))
            for line in c.polylines where line.count > 1 { canvas.strokePolyline(line, width: 2, Color(rgb: 0)) }
            for dot in c.dots { canvas.fillCircle(center: dot.center, radius: 3.5, Color(rgb: 0)) }
            var bad = 0, left = 0, right = 0
            for y in 0..<480 {
                for x in 0..<800 {
                    let p = Int(image.buffer.xrgb(x: x, y: y) & 0xff), q = Int(image.buffer.xrgb(x: 799 - x, y: 479 - y) & 0xff)
                    if abs(p - q) > 85 { bad += 1 }
                    if p < 128 { if x < 400 { left += 1 } else { right += 1 } }
                }
            }
            #expect(bad == 0, "\(e) at \(scale) px/unit: \(bad) pixels differ from their mirror image")
            #expect(left > 0 && abs(left - right) * 20 <= left + right, "\(e): ink left \(left), right \(right)")
        }
    }
}

/// Where a frame's budget runs out, the screen draws again until the picture settles, and it does settle.
@Suite struct GraphRefinementTests {
    func settle(_ app: KioskApp, _ image: PixelImage) -> Int {
        var frames = 0
        repeat {
            _ = app.draw(into: image.buffer)
            frames += 1
        } while app.needsRedraw && frames < 50
        return frames
    }

    /// tan at 0.5 px/unit: a pole in two columns of three. Settled, every column holding a pole is inked from
    /// the top of the plot to the bottom: each branch beside the pole is proven continuous and runs off
    /// the screen, so that is what the enclosures prove.
    @Test func tanZoomedOutSettlesWithEveryPoleColumnFilled() {
        let app = makeApp(800, 480)
        app.showGraph(GraphPaneTests.tangent)
        app.viewport = Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: 0.5)
        let image = PixelImage(width: 800, height: 480)
        let frames = settle(app, image)
        #expect(frames > 1 && frames < 10, "\(frames) frames")
        let frame = app.plotFrame, v = app.viewport
        let curve = Palette(.light).curve.xrgb
        var p = Double.pi / 2 + (v.worldX(forScreenX: frame.x + 2, in: frame) / .pi).rounded(.up) * .pi
        var poles = 0
        while v.screenX(forWorldX: p, in: frame) < frame.maxX - 2 {
            let x = Int(v.screenX(forWorldX: p, in: frame))
            for y in [Int(frame.y) + 2, Int(frame.maxY) - 3] {
                #expect((x - 1...x + 1).contains { image.buffer.xrgb(x: $0, y: y) == curve }, "pole at \(p), row \(y)")
            }
            poles += 1
            p += .pi
        }
        #expect(poles > 100)
    }

    @Test(arguments: [0.5, 1e-9, 50])
    func everyGraphSettles(scale: Double) {
        let m = Expression.variable("M")
        let programs: [Expression] = [.binary(.power, .constant(0), m), .unary(.sine, .unary(.reciprocal, m)),
                                      .unary(.reciprocal, .unary(.sine, m)), .binary(.power, m, m)]
        for e in programs {
            let app = makeApp(800, 480)
            app.showGraph(try! GraphRequest(making: e, variable: "M"))
            app.viewport = Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: scale)
            let frames = settle(app, PixelImage(width: 800, height: 480))
            #expect(frames < 10, "\(e) at \(scale): \(frames) frames")
        }
    }
}
