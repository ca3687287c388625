/// The refinement of one column: what it needs of the sampler (depths and scales) as plain values, so the
/// recursion passes no copy of the sampler's caches along (a copy of them costs retains at every call).
struct ColumnRefiner {
    typealias Event = CurveSampler.Event
    let visualDepth: Int
    let certaintyDepth: Int
    let fallbackDepth: Int
    let cachedScaleX: Double
    let cachedScaleY: Double

    private func emitRight(_ b: Double, _ fb: Double, _ out: inout [Event]) {
        out.append(fb.isFinite ? .point(b, fb) : .gap)
    }

    /// `provenContinuous`: an enclosure of an enclosing interval already proved the function continuous
    /// and defined here, which holds for every part of it, so no part needs an enclosure of its own.
    func refine<F: GraphableFunction>(_ f: F, _ c: inout EvaluationCounter, _ a: Double, _ fa: Double,
                                              _ b: Double, _ fb: Double, depth: Int, provenContinuous: Bool = false,
                                              known: Enclosure? = nil, gentle: Bool = false, _ out: inout [Event]) {
        let m = a + (b - a) / 2
        let splittable = m > a && m < b
        if provenContinuous {
            // Already proven: this part needs no enclosure of its own, so no budget to enter.
            refineContinuous(f, &c, a, fa, b, fb, m: m, splittable: splittable, tall: true, acrossChord: false, depth: depth, &out)
            return
        }
        guard known != nil || c.canSpend(1) else {
            // Out of budget: never join what was not checked.
            c.starve()
            out.append(.unknown)
            emitRight(b, fb, &out)
            return
        }
        if c.hasEnclosures, let e = known ?? c.enclosure(f, a, fa, b, fb) {
            switch e.definedness {
            case .nowhere:
                out.append(.gap)
                emitRight(b, fb, &out)
                return
            case .everywhere where e.isContinuous:
                let tall = (e.upper - e.lower) * cachedScaleY > 1 || !(e.upper - e.lower).isFinite
                // Within a quarter pixel of its ends' values, the curve turns no corner the chord could cut off.
                let slack = 0.25 / cachedScaleY
                let withinEnds = e.lower >= min(fa, fb) - slack && e.upper <= max(fa, fb) + slack
                refineContinuous(f, &c, a, fa, b, fb, m: m, splittable: splittable, tall: tall && !gentle,
                                 acrossChord: withinEnds, depth: depth, &out)
                return
            case .everywhere where (e.upper - e.lower) * cachedScaleY <= 0.5 && fa.isFinite && fb.isFinite:
                // Continuity unproven, but every value lies within half a pixel: a jump there cannot show,
                // and the chord is within a pixel of every point of the graph (sin at 1e-9 px/unit).
                emitRight(b, fb, &out)
                return
            default:
                // A break or a domain edge lies inside: locate it to well below a pixel.
                if depth < certaintyDepth, splittable {
                    guard c.canSpend(4) else {
                        c.starve()
                        out.append(.unknown)
                        emitRight(b, fb, &out)
                        return
                    }
                    let fm = c.value(f, m)
                    splitSymmetrically(f, &c, a, fa, m, fm, b, fb, depth: depth + 1, &out)
                    return
                }
                if e.definedness == .everywhere, fa.isFinite, fb.isFinite, abs(fb - fa) * cachedScaleY > 1,
                   c.canSpend(5), isolatedBreak(f, &c, a, b) {
                    // A jump: which side holds the value at the jump itself? When the jump sits exactly
                    // on an end (as at a grid point), that end's value is the one reached; otherwise the
                    // midpoint tells.
                    func near(_ u: Double, _ v: Double) -> Bool { abs(u - v) * cachedScaleY < 0.5 }
                    let leftReached: Bool
                    if near(c.value(f, b.nextDown), fa) {
                        leftReached = false
                    } else if near(c.value(f, a.nextUp), fb) {
                        leftReached = true
                    } else {
                        let fm = c.value(f, m)
                        leftReached = fm.isFinite && abs(fm - fa) <= abs(fm - fb)
                    }
                    out.append(.dot(a, fa, filled: leftReached))
                    out.append(.gap)
                    out.append(.dot(b, fb, filled: !leftReached))
                } else {
                    // Defined throughout yet not proven continuous, down to 2⁻³⁰ px: a jump, a pole, or
                    // values the enclosure cannot resolve (sin(1/x) near 0). Not joined, and no marker.
                    // Partly defined: an undefined point lies inside, a proven break.
                    out.append(e.definedness == .everywhere ? .unknown : .gap)
                }
                emitRight(b, fb, &out)
                return
            }
        }
        fallback(f, &c, a, fa, b, fb, m: m, splittable: splittable, depth: depth, &out)
    }

    /// Refines both halves of a split interval. Halves whose enclosure already settles them (nowhere
    /// defined, or continuous) go first and may use the whole budget left; halves that still hold a break
    /// share what is left equally. So which half is resolved never depends on left or right, and the
    /// picture of an odd function stays point-symmetric even where the budget runs out.
    private func splitSymmetrically<F: GraphableFunction>(_ f: F, _ c: inout EvaluationCounter, _ a: Double, _ fa: Double,
                                                         _ m: Double, _ fm: Double, _ b: Double, _ fb: Double,
                                                         depth: Int, _ out: inout [Event]) {
        let left = c.enclosure(f, a, fa, m, fm), right = c.enclosure(f, m, fm, b, fb)
        func settled(_ e: Enclosure?) -> Bool {
            guard let e else { return false }
            return e.definedness == .nowhere || (e.definedness == .everywhere && e.isContinuous)
        }
        switch (settled(left), settled(right)) {
        case (true, false) where depth >= visualDepth && right != nil:
            emitSettled(left!, fa, m, fm, &out)
            refine(f, &c, m, fm, b, fb, depth: depth, known: right, &out)
        case (true, false):
            refine(f, &c, a, fa, m, fm, depth: depth, known: left, &out)
            refine(f, &c, m, fm, b, fb, depth: depth, known: right, &out)
        case (false, true) where depth >= visualDepth:
            // What refining the settled right half first would emit, emitted after the left's: it spends
            // nothing, so the order changes nothing but saves moving the events.
            refine(f, &c, a, fa, m, fm, depth: depth, known: left, &out)
            emitSettled(right!, fm, b, fb, &out)
        case (false, true):
            // The right half's events first, then the left's, swapped into place without an array of their own.
            let start = out.count
            refine(f, &c, m, fm, b, fb, depth: depth, known: right, &out)
            let middle = out.count
            refine(f, &c, a, fa, m, fm, depth: depth, known: left, &out)
            out.withUnsafeMutableBufferPointer { Self.rotate($0, start, middle) }
        default:
            let total = c.columnLeft, half = total / 2
            c.columnLeft = half
            refine(f, &c, a, fa, m, fm, depth: depth, known: left, &out)
            let leftSpent = half - c.columnLeft
            c.columnLeft = half
            refine(f, &c, m, fm, b, fb, depth: depth, known: right, &out)
            c.columnLeft = total - leftSpent - (half - c.columnLeft)
        }
    }

    /// What `refine` emits for a half its enclosure `e` settles, below the look's depth while enclosures are
    /// at hand: nothing is evaluated, only a gap where it is undefined (or starts infinite) and its end.
    /// A pole's bisection settles a half at every level; emitted here, it costs no call of `refine`.
    private func emitSettled(_ e: Enclosure, _ fa: Double, _ b: Double, _ fb: Double, _ out: inout [Event]) {
        if e.definedness == .nowhere || !fa.isFinite { out.append(.gap) }
        emitRight(b, fb, &out)
    }

    /// Moves `events[middle...]` before `events[start..<middle]`, in place (three reversals). Reversing
    /// slices of the array instead copied each slice out and back, with an allocation: it was most of the
    /// cost of a level of a pole's bisection, which rotates the events below it at every level. Slices of
    /// the buffer reverse where they lie.
    static func rotate(_ buffer: UnsafeMutableBufferPointer<Event>, _ start: Int, _ middle: Int) {
        var events = buffer
        events[start..<middle].reverse()
        events[middle...].reverse()
        events[start...].reverse()
    }

    /// A break at the bottom of the bisection gets jump markers only when the curve is proven continuous
    /// for a pixel on each side of it: then it is one break, not a tangle the enclosure cannot resolve.
    private func isolatedBreak<F: GraphableFunction>(_ f: F, _ c: inout EvaluationCounter, _ a: Double, _ b: Double) -> Bool {
        let pixel = 1 / cachedScaleX
        for (lo, hi) in [(a - pixel, a), (b, b + pixel)] {
            guard let e = c.enclosure(f, lo, hi), e.definedness == .everywhere, e.isContinuous else { return false }
        }
        return true
    }

    /// Over an interval known continuous and defined: bisect only for the look of the curve, where it is
    /// taller than a pixel (`tall`) and its midpoint leaves the chord (`leavesChord`).
    private func refineContinuous<F: GraphableFunction>(_ f: F, _ c: inout EvaluationCounter, _ a: Double, _ fa: Double,
                                                        _ b: Double, _ fb: Double, m: Double, splittable: Bool,
                                                        tall: Bool, acrossChord: Bool, depth: Int, _ out: inout [Event]) {
        let wantsLook = tall && depth < visualDepth && splittable && fa.isFinite && fb.isFinite
        // Out of budget the proven chord is drawn, and the column is refined again with a larger share.
        if wantsLook && !c.canSpend(1) { c.starve() }
        if wantsLook, c.canSpend(1) {
            let fm = c.value(f, m)
            if fm.isFinite && leavesChord(a, fa, m, fm, b, fb, acrossChord: acrossChord) && depth + 1 < visualDepth {
                // Both halves are proven continuous by this interval's enclosure: straight on, without
                // `refine`'s checks (what `refine(provenContinuous: true)` does). (At the look's depth each
                // half would emit only its end, which is what the chord below emits: no calls for that.)
                let left = a + (m - a) / 2, right = m + (b - m) / 2
                refineContinuous(f, &c, a, fa, m, fm, m: left, splittable: left > a && left < m, tall: true,
                                 acrossChord: acrossChord, depth: depth + 1, &out)
                refineContinuous(f, &c, m, fm, b, fb, m: right, splittable: right > m && right < b, tall: true,
                                 acrossChord: acrossChord, depth: depth + 1, &out)
            } else if !fm.isFinite {
                refine(f, &c, a, fa, m, fm, depth: depth + 1, provenContinuous: false, &out)
                refine(f, &c, m, fm, b, fb, depth: depth + 1, provenContinuous: false, &out)
            } else {
                out.append(.point(m, fm))
                emitRight(b, fb, &out)
            }
            return
        }
        if !fa.isFinite { out.append(.gap) }
        emitRight(b, fb, &out)
    }

    /// Whether the midpoint's sample (m, fm) leaves the chord from (a, fa) to (b, fb) by more than the look
    /// allows: a quarter pixel measured vertically, and, where the curve stays within its ends' values
    /// (`acrossChord`: its enclosure says it turns no corner there), a tenth of a pixel (the simplifier's
    /// tolerance) measured across the chord. On a steep flank the vertical offset is the slope times the
    /// distance from the chord: measured vertically alone (and with every steep column bisected three levels
    /// whatever its midpoint showed), tan's flanks near its poles came out as dozens of points a column within
    /// a hundredth of a pixel of their chords, which the simplifier dropped again. A half split because its
    /// midpoint left the chord is drawn through that midpoint: two half-chords, about a quarter as far from the
    /// curve. Where the curve may leave its ends' values (the tip of a steep V), the vertical rule alone decides,
    /// since a midpoint close to a steep chord says nothing of a corner beside it.
    @inline(__always)
    private func leavesChord(_ a: Double, _ fa: Double, _ m: Double, _ fm: Double, _ b: Double, _ fb: Double,
                             acrossChord: Bool) -> Bool {
        let offset = abs(fm - (fa + fb) / 2) * cachedScaleY
        guard offset > 0.25 else { return false }
        guard acrossChord else { return true }
        // The distance from the chord is offset · dx / |chord|; compared squared, without a root.
        let dx = (b - a) * cachedScaleX, dy = (fb - fa) * cachedScaleY
        return offset * offset * (dx * dx) > Self.chordTolerance * Self.chordTolerance * (dx * dx + dy * dy)
    }

    /// How far (pixels) a midpoint may lie from its chord, measured across it, and the chord still be drawn.
    static let chordTolerance = 0.1

    /// NumWorks' rule: join only if the midpoint lies between the ends; bisect to a fixed depth.
    private func fallback<F: GraphableFunction>(_ f: F, _ c: inout EvaluationCounter, _ a: Double, _ fa: Double,
                                                _ b: Double, _ fb: Double, m: Double, splittable: Bool,
                                                depth: Int, _ out: inout [Event]) {
        let bothFinite = fa.isFinite && fb.isFinite
        guard depth < fallbackDepth, splittable, c.canSpend(1) else {
            let starved = depth < fallbackDepth && splittable
            if starved { c.starve() }
            // At the bottom: join only what is visibly continuous.
            if !(bothFinite && abs(fb - fa) * cachedScaleY < 1) { out.append(starved ? .unknown : .gap) }
            emitRight(b, fb, &out)
            return
        }
        if !fa.isFinite && !fb.isFinite && depth > 0 {
            out.append(.gap)
            emitRight(b, fb, &out)
            return
        }
        let fm = c.value(f, m)
        if bothFinite && fm.isFinite {
            let between = (fm >= min(fa, fb)) && (fm <= max(fa, fb))
            let deviation = abs(fm - (fa + fb) / 2) * cachedScaleY
            let flat = abs(fb - fa) * cachedScaleY <= 1 && abs(fm - fa) * cachedScaleY <= 1
            if (between || flat) && (deviation <= 0.25 || depth >= visualDepth) {
                out.append(.point(m, fm))
                emitRight(b, fb, &out)
                return
            }
        } else if !fa.isFinite && !fb.isFinite && !fm.isFinite {
            out.append(.gap)
            emitRight(b, fb, &out)
            return
        }
        fallback(f, &c, a, fa, m, fm, m: a + (m - a) / 2, splittable: a + (m - a) / 2 > a && a + (m - a) / 2 < m,
                 depth: depth + 1, &out)
        fallback(f, &c, m, fm, b, fb, m: m + (b - m) / 2, splittable: m + (b - m) / 2 > m && m + (b - m) / 2 < b,
                 depth: depth + 1, &out)
    }
}
