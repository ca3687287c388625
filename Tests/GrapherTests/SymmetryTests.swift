import Foundation
import Grapher
import Raster
import Testing

/// 1/sin(x): a pole every π, the other function the issue saw starve from left to right.
struct Cosecant: GraphableFunction {
    func value(at x: Double) -> Double { 1 / sin(x) }
    func enclosure(from a: Double, to b: Double) -> Enclosure? {
        // sin's zeros are tan's poles shifted by π/2; the same margins hold.
        let inner = Tan().enclosure(from: a - .pi / 2, to: b - .pi / 2)
        guard let inner, inner.isContinuous, b - a < .pi / 2 else {
            return Enclosure(lower: -.infinity, upper: .infinity, isContinuous: false, definedness: .everywhere)
        }
        let (lo, hi) = widened(1 / sin(a), 1 / sin(b))
        // No zero of sin inside, and 1/sin is monotone only between its turning points: bound it by its
        // ends and by ±1, the least |1/sin|.
        let turn = sin(a) > 0 ? 1.0 : -1.0
        return Enclosure(lower: min(lo, turn), upper: max(hi, turn), isContinuous: true, definedness: .everywhere)
    }
}

/// Draws a sampled curve as the view does (no axes, no labels), so pictures can be compared pixel by pixel.
private func picture(_ f: some GraphableFunction, _ v: Viewport) -> (PixelImage, SampledCurve) {
    var sampler = CurveSampler()
    let curve = sampler.sample(f, viewport: v, frame: plot800)
    let image = PixelImage(width: 800, height: 480)
    var canvas = Canvas(buffer: image.buffer)
    canvas.clear(Color(rgb: 0xffffff))
    let ink = Color(rgb: 0x000000)
    for line in curve.polylines where line.count > 1 { canvas.strokePolyline(line, width: 2, ink) }
    for dot in curve.dots {
        if dot.isFilled {
            canvas.fillCircle(center: dot.center, radius: 3.5, ink)
        } else {
            canvas.strokeCircle(center: dot.center, radius: 3.5, width: 1.5, ink)
        }
    }
    return (image, curve)
}

/// Pixels whose ink differs by more than a third from the pixel point-reflected through the screen's centre.
private func asymmetricPixels(_ image: PixelImage) -> Int {
    var count = 0
    for y in 0..<480 {
        for x in 0..<800 {
            let p = Int(image.buffer.xrgb(x: x, y: y) & 0xff), q = Int(image.buffer.xrgb(x: 799 - x, y: 479 - y) & 0xff)
            if abs(p - q) > 85 { count += 1 }
        }
    }
    return count
}

@Suite struct SymmetryTests {
    /// The origin sits at the centre of the screen, on a pixel corner, so the point reflection about it maps
    /// pixels to pixels; an odd function's picture must map onto itself at every zoom, budget or no budget.
    @Test(arguments: [1e-9, 1e-3, 0.5, 2, 50, 3000, 1e9])
    func oddFunctionsArePointSymmetric(scale: Double) {
        let v = Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: scale)
        let functions: [(String, any GraphableFunction)] = [("tan", Tan()), ("1/x", Reciprocal()), ("1/sin", Cosecant()),
                                                             ("sin(1/x)", SinOfReciprocal())]
        for (name, f) in functions {
            let (image, curve) = picture(f, v)
            let bad = asymmetricPixels(image)
            #expect(bad == 0, "\(name) at \(scale) px/unit: \(bad) pixels differ from their mirror image (budget exhausted: \(curve.budgetExhausted))")
        }
    }

    /// Zoomed far out, tan and 1/sin hold a pole in most columns: the budget must not run out from the
    /// left, so the right half of the screen holds as much ink as the left.
    @Test func zoomedFarOutTheBudgetIsSharedAcrossTheScreen() {
        let v = Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: 0.5)
        for f in [Tan(), Cosecant()] as [any GraphableFunction] {
            let (image, curve) = picture(f, v)
            var left = 0, right = 0
            for y in 0..<480 {
                for x in 0..<800 where image.buffer.xrgb(x: x, y: y) & 0xff < 128 {
                    if x < 400 { left += 1 } else { right += 1 }
                }
            }
            #expect(left > 0 && abs(left - right) * 20 < left + right, "left \(left), right \(right)")
            // A starved stretch is never drawn as isolated points.
            #expect(curve.dots.isEmpty, "\(curve.dots.count) dots")
        }
    }
}
