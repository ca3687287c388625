import SeededRandom
import Foundation
import Grapher
import Raster
import Testing

private func sample(_ f: some GraphableFunction, _ v: Viewport = .standard) -> SampledCurve {
    var s = CurveSampler()
    return s.sample(f, viewport: v, frame: plot800)
}

/// Every drawn segment's world x-interval, for checking that none spans a pole.
private func segments(_ c: SampledCurve, _ v: Viewport) -> [(Double, Double)] {
    c.polylines.flatMap { line in zip(line, line.dropFirst()).map { (worldX($0.0, v), worldX($0.1, v)) } }
}

private func visibleTanPoles(_ v: Viewport) -> [Double] {
    var poles: [Double] = []
    var p = Tan.firstPole(atOrAbove: v.worldX(forScreenX: 0, in: plot800))
    while p < v.worldX(forScreenX: 800, in: plot800) && poles.count < 100_000 {
        poles.append(p)
        p = Tan.firstPole(atOrAbove: p.nextUp + 1e-12 * abs(p))
        if p <= poles.last! { break }
    }
    return poles
}

private func crosses(_ seg: (Double, Double), _ pole: Double, margin: Double) -> Bool {
    min(seg.0, seg.1) < pole - margin && max(seg.0, seg.1) > pole + margin
}

/// Every drawn segment that spans one of the (ascending) poles by more than the pole's margin, with that pole.
/// Only the poles inside a segment's span can be crossed, so each segment looks at those (a binary search), and
/// the caller expects once on the list: at 0.1 px/unit a view holds 2,500 poles and thousands of segments, and an
/// `#expect` per pair made the random-viewport test tens of millions of checks.
private func poleCrossings(_ segs: [(Double, Double)], _ poles: [Double]) -> [(segment: (Double, Double), pole: Double)] {
    var found: [(segment: (Double, Double), pole: Double)] = []
    for seg in segs {
        let lo = min(seg.0, seg.1), hi = max(seg.0, seg.1)
        var first = 0, past = poles.count
        while first < past { let mid = (first + past) / 2; if poles[mid] <= lo { first = mid + 1 } else { past = mid } }
        for p in poles[first...] {
            if p >= hi { break }
            if crosses(seg, p, margin: Tan.poleMargin(p)) { found.append((seg, p)) }
        }
    }
    return found
}

@Suite struct CurveSamplerTests {
    @Test(arguments: [true, false]) func tanBreaksAtEveryPoleAndReachesTheEdges(withEnclosure: Bool) {
        let v = Viewport.standard
        let c = sample(Tan(withEnclosure: withEnclosure), v)
        let poles = visibleTanPoles(v)
        #expect(poles.count == 6)
        #expect(c.polylines.count == poles.count + 1)
        for seg in segments(c, v) { for p in poles { #expect(!crosses(seg, p, margin: Tan.poleMargin(p))) } }
        // Each branch runs off the top and the bottom of the screen.
        for line in c.polylines.dropFirst().dropLast() {
            #expect(line.map(\.y).min()! < 0 && line.map(\.y).max()! > 480)
        }
        #expect(c.dots.isEmpty)
    }

    @Test(arguments: [true, false]) func reciprocalBreaksExactlyAtZeroAtEveryZoom(withEnclosure: Bool) {
        for scale in [1e-9, 1e-3, 1, 50, 1e4, 1e9] {
            // y scaled so the hyperbola crosses the screen at every x scale.
            let v = Viewport(originOffsetX: 0.37, originOffsetY: 0, pixelsPerUnitX: scale, pixelsPerUnitY: 1000 / scale)
            let c = sample(Reciprocal(withEnclosure: withEnclosure), v)
            #expect(c.polylines.count == 2, "scale \(scale)")
            for seg in segments(c, v) { #expect(!(seg.0 < 0 && seg.1 > 0), "scale \(scale)") }
            #expect(c.polylines.allSatisfy { $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
        }
    }

    @Test(arguments: [true, false]) func inverseSquareBreaksAtOne(withEnclosure: Bool) {
        for scale in [0.5, 50, 333.3, 1e6] {
            let v = Viewport(originOffsetX: -scale, originOffsetY: 200, pixelsPerUnitX: scale, pixelsPerUnitY: 1e5 / (scale * scale))
            let c = sample(Reciprocal(pole: 1, squared: true, withEnclosure: withEnclosure), v)
            #expect(c.polylines.count == 2, "scale \(scale)")
            for seg in segments(c, v) { #expect(!(seg.0 < 1 && seg.1 > 1), "scale \(scale)") }
        }
    }

    @Test(arguments: [true, false]) func squareRootStartsAtTheOrigin(withEnclosure: Bool) {
        let v = Viewport(originOffsetX: 0.3, originOffsetY: 0, pixelsPerUnit: 50)
        let c = sample(SquareRoot(withEnclosure: withEnclosure), v)
        #expect(c.polylines.count == 1)
        let start = c.polylines[0][0]
        let o = v.origin(in: plot800)
        // Within a hundredth of a pixel of the origin.
        #expect(abs(start.x - o.x) < 0.01 && abs(start.y - o.y) < 0.2)
        #expect(c.polylines[0].last!.x >= 800)
    }

    @Test(arguments: [true, false]) func logarithmDivesDownAtItsDomainEdge(withEnclosure: Bool) {
        let v = Viewport(originOffsetX: -300, originOffsetY: 0, pixelsPerUnit: 50)
        let c = sample(NaturalLog(withEnclosure: withEnclosure), v)
        #expect(c.polylines.count == 1)
        let line = c.polylines[0]
        let o = v.origin(in: plot800)
        #expect(line[0].x >= o.x && line[0].x - o.x < 1)
        #expect(line.map(\.y).max()! > 480)
    }

    @Test func squareHasNoVisibleKink() {
        let v = Viewport(originOffsetX: 0, originOffsetY: 200, pixelsPerUnit: 50)
        for f in [Square(), Square(withEnclosure: false)] {
            let c = sample(f, v)
            #expect(c.polylines.count == 1)
            for (p, q) in zip(c.polylines[0], c.polylines[0].dropFirst()) {
                // The true curve at the segment's middle is within half a pixel of the drawn chord, measured
                // across the chord (what the eye sees; on the steep flanks a vertical gap overstates it).
                let mx = (worldX(p, v) + worldX(q, v)) / 2
                let truePoint = v.screenPoint(x: mx, y: mx * mx, in: plot800)
                let dx = q.x - p.x, dy = q.y - p.y
                let across = abs((truePoint.x - p.x) * dy - (truePoint.y - p.y) * dx) / (dx * dx + dy * dy).squareRoot()
                if (p.y + q.y) / 2 > -960 && (p.y + q.y) / 2 < 1440 { #expect(across < 0.5) }
                #expect(q.x >= p.x)
            }
        }
    }

    @Test func constantsAreOneStraightLine() {
        for f in [Constant(c: 2), Constant(c: 2, withEnclosure: false)] {
            let c = sample(f)
            #expect(c.polylines.count == 1)
            #expect(c.polylines[0].allSatisfy { $0.y == 140 })
            #expect(c.polylines[0].first!.x <= 0 && c.polylines[0].last!.x >= 800)
            #expect(c.evaluations < 3 * 800)
        }
    }

    @Test func nothingIsDrawnWhereNothingIsDefined() {
        for f in [Constant(c: .nan), Constant(c: .nan, withEnclosure: false),
                  Constant(c: .infinity, withEnclosure: false), Constant(c: -.infinity, withEnclosure: false),
                  Constant(c: .infinity)] {
            let c = sample(f)
            #expect(c.polylines.isEmpty && c.dots.isEmpty)
        }
    }

    @Test func hugeValuesStayFiniteOnScreen() {
        for scale in [Viewport.minimumPixelsPerUnit, 1, Viewport.maximumPixelsPerUnit] {
            let c = sample(Huge(), Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: scale))
            #expect(c.polylines.allSatisfy { $0.allSatisfy { $0.x.isFinite && $0.y.isFinite && abs($0.y) < 1e4 } })
        }
    }

    @Test func everyFunctionSurvivesEveryScaleClamp() {
        let functions: [any GraphableFunction] = [Tan(), Tan(withEnclosure: false), Reciprocal(), SquareRoot(), NaturalLog(),
                                                  SinOfReciprocal(), SinOfReciprocal(withEnclosure: false), Square(),
                                                  Constant(c: 1), Huge(), Steps(), Sinc(), XSinOfReciprocal()]
        for f in functions {
            for scale in [Viewport.minimumPixelsPerUnit, Viewport.maximumPixelsPerUnit] {
                for offset in [0.0, 1e6, -Viewport.maximumOriginOffset] {
                    var s = CurveSampler()
                    let c = s.sample(f, viewport: Viewport(originOffsetX: offset, originOffsetY: 0, pixelsPerUnit: scale), frame: plot800)
                    #expect(c.evaluations <= (s.budgetPerColumn + 2) * 804 + 2)
                    #expect(c.polylines.allSatisfy { $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
                }
            }
        }
    }

    @Test(arguments: [true, false]) func sinOfReciprocalStaysWithinTheBudget(withEnclosure: Bool) {
        for scale in [50.0, 1e4, 1e-3] {
            var s = CurveSampler()
            let f = Counting(SinOfReciprocal(withEnclosure: withEnclosure))
            let c = s.sample(f, viewport: Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnit: scale), frame: plot800)
            #expect(f.values + f.enclosures == c.evaluations)
            #expect(c.evaluations <= (s.budgetPerColumn + 2) * 804 + 2)
            print("sin(1/x) at \(scale) px/unit, enclosure \(withEnclosure): \(c.evaluations) evaluations, exhausted \(c.budgetExhausted)")
        }
    }

    @Test func jumpsGetARingAndAFilledDot() {
        let c = sample(Steps(), Viewport(originOffsetX: 0, originOffsetY: 0, pixelsPerUnitX: 100, pixelsPerUnitY: 10))
        // floor(πx) jumps at x = n/π: 25 jumps on screen, each with one ring and one filled dot.
        let rings = c.dots.filter { !$0.isFilled }, filled = c.dots.filter(\.isFilled)
        #expect(rings.count >= 24 && rings.count == filled.count)
        for r in rings { #expect(filled.contains { abs($0.center.x - r.center.x) < 0.01 && abs($0.center.y - r.center.y) > 9 }) }
        for seg in c.polylines.flatMap({ zip($0, $0.dropFirst()) }) { #expect(seg.0.y == seg.1.y) }
    }

    @Test func aJumpOnAGridPointFillsTheValueTheFunctionTakesThere() {
        let c = sample(Floor())
        // floor jumps at −4…4 (at ±8 only partly on screen): at n the value is n, the upper dot.
        let rings = c.dots.filter { !$0.isFilled }, filled = c.dots.filter(\.isFilled)
        #expect(rings.count >= 8 && filled.count >= 8)
        // (Where the upper dot would be above the screen, it is not drawn.)
        for r in rings where r.center.y - 50 >= 0 {
            let partner = filled.first { abs($0.center.x - r.center.x) < 0.01 }
            #expect(partner.map { abs($0.center.y - (r.center.y - 50)) < 0.5 } == true)
        }
    }

    @Test func anIsolatedPointIsADot() {
        let c = sample(OnlyAtZero())
        #expect(c.polylines.isEmpty)
        #expect(c.dots == [CurveDot(center: Point(x: 400, y: 240), isFilled: true)])
    }

    @Test(arguments: [true, false]) func aRemovableHoleIsARing(withEnclosure: Bool) {
        let c = sample(Sinc(withEnclosure: withEnclosure))
        #expect(c.polylines.count == 2)
        #expect(c.dots.count == 1)
        #expect(c.dots.first.map { !$0.isFilled && abs($0.center.x - 400) < 0.5 && abs($0.center.y - 190) < 0.5 } == true)
    }

    @Test func noDrawnSegmentCrossesAPoleOverRandomViewports() {
        var rng = SplitMix64(state: 42)
        for _ in 0..<60 {
            let scale = pow(10, Double.random(in: -1...6, using: &rng))
            let v = Viewport(originOffsetX: Double.random(in: -4000...4000, using: &rng),
                             originOffsetY: Double.random(in: -500...500, using: &rng), pixelsPerUnit: scale)
            let tanCurve = sample(Tan(), v)
            let poles = visibleTanPoles(v)
            let crossings = poleCrossings(segments(tanCurve, v), poles)
            // The search itself sees a segment across a pole, the last one included.
            if let first = poles.first, let last = poles.last {
                #expect(poleCrossings([(first - 1, first + 1), (last + 1, last - 1)], poles).map(\.pole) == [first, last])
            }
            #expect(crossings.isEmpty, "scale \(scale): \(crossings.count) crossings, first \(crossings.prefix(3))")
            for f in [Reciprocal(), Reciprocal(withEnclosure: false)] {
                let across = segments(sample(f, v), v).filter { $0.0 < 0 && $0.1 > 0 }
                #expect(across.isEmpty, "scale \(scale): \(across.prefix(3))")
            }
            // The fallback is held to the same rule where poles are at least a few pixels apart.
            if scale * .pi > 8 {
                let crossings = poleCrossings(segments(sample(Tan(withEnclosure: false), v), v), poles)
                #expect(crossings.isEmpty, "fallback, scale \(scale): \(crossings.count) crossings, first \(crossings.prefix(3))")
            }
        }
    }

    @Test func panningSamplesOnlyTheNewStrip() {
        var s = CurveSampler()
        let f = Counting(Tan())
        let v = Viewport.standard
        let full = s.sample(f, viewport: v, frame: plot800)
        let fullCost = f.values + f.enclosures
        f.values = 0; f.enclosures = 0
        let panned = s.sample(f, viewport: v.panned(by: -20, 0), frame: plot800)
        let panCost = f.values + f.enclosures
        #expect(panned.sampledColumns <= 21)
        #expect(panned.reusedColumns >= 780)
        #expect(panCost == panned.evaluations)
        #expect(panCost * 10 < fullCost)
        // A vertical pan costs nothing at all.
        f.values = 0; f.enclosures = 0
        _ = s.sample(f, viewport: v.panned(by: -20, 35), frame: plot800)
        #expect(f.values + f.enclosures == 0)
        // The same curve, shifted: the reused samples draw the same thing.
        var fresh = CurveSampler()
        let direct = fresh.sample(Tan(), viewport: v.panned(by: -20, 0), frame: plot800)
        #expect(direct.polylines.count == panned.polylines.count)
        print("tan 800x480: full frame \(fullCost) evaluations (\(full.evaluations)), 20 px pan frame \(panCost)")
    }

    @Test func aZoomStartsAfresh() {
        var s = CurveSampler()
        _ = s.sample(Square(), viewport: .standard, frame: plot800)
        let zoomed = s.sample(Square(), viewport: Viewport.standard.pinched(scaleFactor: 1.1, about: Point(x: 400, y: 240), in: plot800), frame: plot800)
        #expect(zoomed.reusedColumns == 0)
    }
}
