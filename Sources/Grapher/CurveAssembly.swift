import Raster

/// What a stretch of a polyline between two anchor columns became: its points after the first, as the
/// simplifier kept them, relative to the viewport's origin. At one scale and one vertical position, the
/// same columns always give the same stretch, so a horizontal pan takes it as it is.
struct AssembledStretch {
    var points: [Point]
    /// The points the stretch added to its run (repeats are not counted).
    var runPoints: Int
    /// Where it ends: the anchor at its last column boundary.
    var end: Point
}

/// The sampler's events, fed column by column, as screen polylines and dots (see `CurveSampler`).
///
/// Points are kept relative to the viewport's origin (x·sx, −y·sy) while the polylines are cut at the band
/// and simplified, and put on the screen only when a polyline is done: o + (x·sx, −y·sy) is the same
/// number as the screen position o.x + x·sx, o.y − y·sy, and nothing before that depends on where the
/// origin is but through the band, which moves only with a vertical pan. Polylines are simplified one
/// stretch at a time, from anchor to anchor, as the stretches come.
struct CurveAssembly {
    typealias Event = CurveSampler.Event
    let origin: Point
    let sx: Double, sy: Double
    let frame: Rect
    /// Points far off screen are cut where the segment leaves a band a few heights tall (relative y).
    let bandTop: Double, bandBottom: Double
    let tolerance: Double

    var polylines: [[Point]] = []
    var strokeBreaks: [[Int]] = []
    var dots: [CurveDot] = []
    /// The simplifier's answers remembered from frame to frame (the sampler's, lent for the frame).
    var runs = SimplifiedRuns()

    /// The polyline being built: simplified up to its last anchor, and the points since, from that anchor.
    private var kept: [Point] = []
    private let current = PointRun(capacity: 64)
    private var breaks: [Int] = []
    /// A stroke break at the last anchor, kept once the polyline goes on past it.
    private var pendingBreak: Int?
    private var previous: Point?
    /// Points in the run since the last break, whether that break is proven (undefined or infinite
    /// values, a proven jump), and where the run before it ended if a curve arrived there.
    private var runPoints = 0
    private var breakProven = true
    private var lastGapEnd: Point?
    /// A hole or a jump over an undefined point, drawn once the curve is seen to go on past it.
    private var pendingMarkers: [CurveDot] = []
    /// The last event was this point, and it went on (an anchor may follow it).
    private var lastPoint: Point?

    /// The stretch being walked, while it may yet be kept: where the polyline stood when it began.
    private var recording: (keptStart: Int, runPoints: Int)?

    /// The band of `CurveSampler`: the same for every frame at one scale and vertical position.
    static func band(frame: Rect, origin: Point) -> (top: Double, bottom: Double) {
        (frame.y - 2 * frame.height - 8 - origin.y, frame.maxY + 2 * frame.height + 8 - origin.y)
    }

    init(viewport: Viewport, frame: Rect, tolerance: Double) {
        origin = viewport.origin(in: frame)
        sx = viewport.pixelsPerUnitX
        sy = viewport.pixelsPerUnitY
        self.frame = frame
        (bandTop, bandBottom) = Self.band(frame: frame, origin: origin)
        self.tolerance = tolerance
        // A polyline's simplified points: a flank of tan keeps a hundred or two, which grown from one
        // copied them seven times a frame.
        kept.reserveCapacity(256)
    }

    private func relative(_ x: Double, _ y: Double) -> Point {
        // −(y·sy) exactly, so that origin.y + it is the screen's origin.y − y·sy to the last bit.
        var ry = -(y * sy)
        if !ry.isFinite { ry = ry > 0 ? 1e300 : -1e300 }
        return Point(x: x * sx, y: ry)
    }

    private func screen(_ p: Point) -> Point { Point(x: origin.x + p.x, y: origin.y + p.y) }

    private func inBand(_ p: Point) -> Bool { p.y >= bandTop && p.y <= bandBottom }

    /// The common events first, inlined where the columns are walked: a point that goes on from the last
    /// inside the band, or beyond the same edge of it, with no marker waiting; everything else takes `addEvent`.
    @inline(__always)
    mutating func add(_ event: Event) {
        if case let .point(x, y) = event, let p = previous, pendingMarkers.isEmpty {
            let q = relative(x, y)
            if !(p.x == q.x && p.y == q.y) {
                if inBand(p), inBand(q), !current.isEmpty {
                    current.append(q)
                    runPoints += 1
                    previous = q
                    lastPoint = q
                    return
                }
                // Both beyond one edge, as the samples that close in on a pole are: nothing to draw or cut,
                // and the run goes on (what `addEvent` does with them, a call each, 600 a pinch frame of tan).
                if (p.y < bandTop && q.y < bandTop) || (p.y > bandBottom && q.y > bandBottom) {
                    recording = nil
                    runPoints += 1
                    previous = q
                    lastPoint = q
                    return
                }
            }
        }
        addEvent(event)
    }

    private mutating func addEvent(_ event: Event) {
        lastPoint = nil
        switch event {
        case .gap:
            recording = nil
            breakRun(proven: true)
        case .unknown:
            recording = nil
            breakRun(proven: false)
        case let .dot(x, y, filled):
            recording = nil
            // The sampler marked this jump itself: no hole markers of our own on top.
            lastGapEnd = nil
            var py = origin.y - y * sy
            if !py.isFinite { py = py > 0 ? 1e300 : -1e300 }
            let p = Point(x: origin.x + x * sx, y: py)
            if p.y >= frame.y - 4, p.y <= frame.maxY + 4 { dots.append(CurveDot(center: p, isFilled: filled)) }
        case let .point(x, y):
            let q = relative(x, y)
            if let p = previous {
                if p.x == q.x && p.y == q.y { return }
                // The curve goes on: a hole or jump just behind it is confirmed.
                if !pendingMarkers.isEmpty {
                    recording = nil
                    dots.append(contentsOf: pendingMarkers)
                    pendingMarkers.removeAll(keepingCapacity: true)
                }
                let pIn = inBand(p), qIn = inBand(q)
                if pIn && qIn && !current.isEmpty {
                    // The common case, inside the band: no cut.
                    current.append(q)
                    runPoints += 1
                    previous = q
                    lastPoint = q
                    return
                }
                if !(pIn && qIn) { recording = nil }
                let leaves = appendClipped(p, q)
                // Where the band (fixed on screen) cuts the curve, the cut and the sample inside are
                // anchors too: the segment between them lies on the sampled one wherever the cut falls,
                // and the stretches beyond them do not depend on it.
                if pIn != qIn, current.count >= 2 {
                    flush(through: current.count - 2)
                    flush(through: current.count - 1)
                }
                if leaves { finish(provenBreak: false) }
            } else {
                recording = nil
                // The curve resumes less than a pixel from where it stopped across a proven break: at
                // the same height a removable hole, a ring; higher or lower a jump over a point where
                // the function is undefined, a ring on each side (neither value is reached).
                if let g = lastGapEnd, abs(q.x - g.x) < 1, breakProven {
                    func onScreen(_ p: Point) -> Bool { p.y >= frame.y && p.y <= frame.maxY }
                    let gs = screen(g), qs = screen(q)
                    if abs(q.y - g.y) < 1 {
                        let mid = Point(x: (gs.x + qs.x) / 2, y: (gs.y + qs.y) / 2)
                        if onScreen(mid) { pendingMarkers.append(CurveDot(center: mid, isFilled: false)) }
                    } else {
                        for p in [gs, qs] where onScreen(p) { pendingMarkers.append(CurveDot(center: p, isFilled: false)) }
                    }
                }
                lastGapEnd = nil
                if inBand(q) { current.append(q) }
            }
            runPoints += 1
            previous = q
            lastPoint = q
        }
    }

    /// The end of an anchor column: the polyline's stretch ends at the point just added.
    mutating func markAnchor() {
        if let q = lastPoint, !kept.isEmpty || current.count > 1, current.last == q {
            flush(through: current.count - 1)
        }
    }

    /// True where a kept stretch can go on: the last event was the anchor point, which ends the polyline.
    var atStretchStart: Bool {
        if let q = lastPoint, current.count == 1, current[0] == q, pendingMarkers.isEmpty { return true }
        return false
    }

    /// A stretch begins here (at an anchor column boundary): remember it, to keep it if it is clean.
    mutating func beginStretch() {
        recording = atStretchStart ? (kept.count, runPoints) : nil
    }

    /// At the end of the stretch, after `markAnchor`: the stretch, if it was one run of points within
    /// the band from anchor to anchor.
    mutating func endStretch() -> AssembledStretch? {
        defer { recording = nil }
        guard let r = recording, atStretchStart, !kept.isEmpty else { return nil }
        let start = r.keptStart == 0 ? 1 : r.keptStart
        guard start < kept.count else { return nil }
        return AssembledStretch(points: Array(kept[start...]), runPoints: runPoints - r.runPoints, end: current[0])
    }

    /// A kept stretch instead of its columns' events: the same points, breaks and run as walking them.
    mutating func append(_ stretch: AssembledStretch) {
        if let b = pendingBreak { breaks.append(b) }
        if kept.isEmpty { kept.append(current[0]) }
        kept.append(contentsOf: stretch.points)
        pendingBreak = kept.count - 1
        current[0] = stretch.end
        previous = stretch.end
        lastPoint = stretch.end
        runPoints += stretch.runPoints
    }

    /// Simplifies the points up to `index` onto the polyline; the point there starts the next stretch.
    private mutating func flush(through index: Int) {
        guard index > 0 else { return }
        if let b = pendingBreak { breaks.append(b) }
        current.withUnsafeBufferPointer { points in
            runs.append(UnsafeBufferPointer(rebasing: points[0...index]), tolerance: tolerance, to: &kept)
        }
        pendingBreak = kept.count - 1
        current.removeFirst(index)
    }

    private mutating func breakRun(proven: Bool) {
        if previous != nil {
            lastGapEnd = runPoints >= 2 && proven ? previous : nil
            finish(provenBreak: proven)
            breakProven = proven
            runPoints = 0
        } else {
            if !proven { lastGapEnd = nil }
            breakProven = breakProven && proven
        }
        if !pendingMarkers.isEmpty { pendingMarkers.removeAll(keepingCapacity: true) }
        previous = nil
    }

    /// Ends the polyline being built and puts it on the screen.
    mutating func finish(provenBreak: Bool) {
        // A lone point is an isolated point of the graph only between two proven breaks; next to an
        // unknown stretch it is just the last thing known.
        if kept.isEmpty && current.count == 1 {
            let p = screen(current[0])
            if runPoints == 1, breakProven, provenBreak, p.y >= frame.y - 4, p.y <= frame.maxY + 4,
               p.x >= frame.x - 4, p.x <= frame.maxX + 4 {
                dots.append(CurveDot(center: p, isFilled: true))
            }
        } else if !kept.isEmpty || current.count > 1 {
            flush(through: current.count - 1)
            let o = origin
            polylines.append(kept.map { Point(x: o.x + $0.x, y: o.y + $0.y) })
            strokeBreaks.append(breaks)
        }
        kept.removeAll(keepingCapacity: true)
        current.removeAll()
        breaks.removeAll(keepingCapacity: true)
        pendingBreak = nil
        recording = nil
    }

    /// Adds the part of segment p→q inside the band; true when the polyline leaves the band there and
    /// must end.
    private mutating func appendClipped(_ p: Point, _ q: Point) -> Bool {
        let top = bandTop, bottom = bandBottom
        func at(_ yEdge: Double) -> Point {
            let t = (yEdge - p.y) / (q.y - p.y)
            return Point(x: p.x + (q.x - p.x) * t, y: yEdge)
        }
        let pIn = inBand(p), qIn = inBand(q)
        switch (pIn, qIn) {
        case (true, true):
            if current.isEmpty { current.append(p) }
            current.append(q)
            return false
        case (true, false):
            if current.isEmpty { current.append(p) }
            current.append(at(q.y < top ? top : bottom))
            return true
        case (false, true):
            current.append(at(p.y < top ? top : bottom))
            current.append(q)
            return false
        case (false, false):
            // Crossing the whole band from one side to the other.
            if (p.y < top) != (q.y < top) {
                current.append(at(p.y < top ? top : bottom))
                current.append(at(q.y < top ? top : bottom))
                return true
            }
            return false
        }
    }
}
