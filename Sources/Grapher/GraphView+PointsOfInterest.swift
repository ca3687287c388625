import Raster

/// The marks of points of interest, their search spread over frames, and the trace that snaps to them.
extension GraphView {
    /// Starts a search when the visible curves or x-range changed, and gives the running one this frame's
    /// share of work, but only once the view holds still for a frame: a pan or pinch moves the range
    /// every frame, and its frames stay as cheap as they were. A finished search replaces the marks; the
    /// plot is drawn again when they changed.
    mutating func searchPointsOfInterest() {
        let area = Rect(plotRect)
        let shown = curves.filter { !$0.isHidden && $0.provable != nil }
        let key = PointSearchKey(ids: shown.map(\.id), lower: viewport.worldX(forScreenX: area.x, in: area),
                                 upper: viewport.worldX(forScreenX: area.maxX, in: area))
        if key != searchedKey && key != search?.key {
            let kept = pointsOfInterest.filter { $0.curves.allSatisfy(key.ids.contains) }
            if kept != pointsOfInterest { pointsOfInterest = kept; plotDirty = true }
            if shown.isEmpty || !(key.lower < key.upper) {
                search = nil
                searchedKey = key
            } else {
                let functions = shown.compactMap(\.provable)
                search = (key, PointsOfInterestSearch(curves: functions, from: key.lower, to: key.upper,
                                                      budget: style.pointSearchBudget))
            }
            return
        }
        guard var running = search else { return }
        search = nil // the job is mutated outside the view: no copy of its arrays
        running.job.advance(work: style.pointSearchWorkPerFrame)
        guard running.job.isFinished else { search = running; return }
        var found = running.job.report.points
        for i in found.indices { found[i].curves = found[i].curves.map { running.key.ids[$0] } }
        searchedKey = running.key
        if found != pointsOfInterest { pointsOfInterest = found; plotDirty = true }
    }

    /// The points whose curves are all shown, where they sit on screen.
    func visibleMarks() -> [(point: PointOfInterest, at: Point)] {
        let area = Rect(plotRect)
        let shown = Set(curves.filter { !$0.isHidden }.map(\.id))
        return pointsOfInterest.filter { $0.curves.allSatisfy(shown.contains) }.map {
            ($0, viewport.screenPoint(x: $0.x, y: $0.shownY, in: area))
        }
    }

    /// A small diamond, hollow, in its curve's colour (an intersection in the title's colour, being on two):
    /// unlike the round dots that mark jumps.
    func drawMark(_ point: PointOfInterest, at p: Point, into canvas: inout Canvas) {
        let r = style.markRadius
        let color = point.kind == .intersection ? style.title : color(of: point.curves[0])
        canvas.fillCircle(center: p, radius: r * 0.7, style.background)
        canvas.strokePolyline([Point(x: p.x, y: p.y - r), Point(x: p.x + r, y: p.y), Point(x: p.x, y: p.y + r),
                               Point(x: p.x - r, y: p.y), Point(x: p.x, y: p.y - r)], width: 1.5, color)
    }

    func color(of id: Int) -> Color { curves.first { $0.id == id }?.color ?? style.curve }

    /// What the trace shows for a finger at `finger`: the marked point within `style.snapRadius` of it, if
    /// any; else the point at the finger's x on the shown curve nearest the finger there, or the marked
    /// point of that curve within `style.snapRadius` of that point.
    public func traceReading(at finger: Point) -> TraceReading? {
        if let p = TraceReading.snapped(finger: finger, to: visibleMarks(), within: style.snapRadius) {
            return TraceReading(curveID: p.curves[0], x: p.x, y: p.shownY, point: p)
        }
        let area = Rect(plotRect)
        let x = viewport.worldX(forScreenX: finger.x, in: area)
        var values: [Int: Double] = [:]
        var candidates: [(id: Int, screenY: Double)] = []
        for curve in curves.reversed() where !curve.isHidden {
            let y = curve.function.value(at: x)
            values[curve.id] = y
            candidates.append((curve.id, y.isFinite ? viewport.screenY(forWorldY: y, in: area) : .nan))
        }
        guard let id = TraceReading.nearestCurve(toScreenY: finger.y, among: candidates) else { return nil }
        // A finger held off the curve still snaps where the point it traces comes near a mark on that curve.
        let traced = viewport.screenPoint(x: x, y: values[id]!, in: area)
        if let p = TraceReading.snapped(finger: traced, to: visibleMarks().filter { $0.point.curves.contains(id) }, within: style.snapRadius) {
            return TraceReading(curveID: id, x: p.x, y: p.shownY, point: p)
        }
        return TraceReading(curveID: id, x: x, y: values[id]!)
    }

    /// What the trace shows: a held finger's reading where a finger is held; else the trace stands at the value
    /// tool's x.
    public var shownTrace: TraceReading? {
        traceLocation.map(traceReading(at:)) ?? markings.valueX.flatMap(traceReading(atX:))
    }

    /// The trace at a typed x (the value tool's): on the newest shown curve defined there; none where none is.
    public func traceReading(atX x: Double) -> TraceReading? {
        guard let curve = curves.reversed().first(where: { !$0.isHidden && $0.function.value(at: x).isFinite }) else { return nil }
        return TraceReading(curveID: curve.id, x: x, y: curve.function.value(at: x))
    }

    /// Crosshair, the tangent, a dot on the curve, and a box (at the top right, unless an axis label or the
    /// point is there: `readoutBox`): which curve (its colour and title), then the kind of a snapped point and
    /// the coordinates, then the slope.
    func drawTrace(_ reading: TraceReading, clearOf boxes: [Rect] = [], into canvas: inout Canvas) {
        let area = Rect(plotRect)
        let p = viewport.screenPoint(x: reading.x, y: reading.y, in: area)
        canvas.strokeDashedLine(from: Point(x: p.x, y: area.y), to: Point(x: p.x, y: area.maxY), width: 1, dash: 4, gap: 3, style.trace)
        canvas.strokeDashedLine(from: Point(x: area.x, y: p.y), to: Point(x: area.maxX, y: p.y), width: 1, dash: 4, gap: 3, style.trace)
        let slope = slope(at: reading)
        if let slope { drawTangent(at: reading, slope: slope, into: &canvas) }
        let curveColor = color(of: reading.curveID)
        canvas.fillCircle(center: p, radius: 5, style.background)
        canvas.fillCircle(center: p, radius: 4, curveColor)
        let coordinates = style.numbers.pair(reading.x, reading.y)
        let value = reading.point.map { style.pointNames.name(of: $0.kind) + " " + coordinates } ?? coordinates
        let ids = reading.point?.curves ?? [reading.curveID]
        // A tagged curve (the strip numbers them) is named with its tag: where the strip has only numbers, the
        // trace is where a curve's title shows.
        let name = ids.compactMap { id in curves.first { $0.id == id }.map { c in c.tag.map { "\($0): \(c.title)" } ?? c.title } }
            .joined(separator: " ∩ ")
        let m = font.metrics
        let swatch = (m.ascent * 0.7).rounded()
        let valueLayout = TextLayout(value, font: font)
        let slopeLayout = slope.map { TextLayout(slopeLine($0), font: font) }
        let widest = max(40, area.width - 16 - 12 - swatch - 6)
        let nameLayout = TextLayout.elided(name, font: font, width: min(widest, max(valueLayout.width, area.width * 0.6)), .middle).layout
        let lineHeight = m.lineHeight
        let boxWidth = min(area.width - 16, max(valueLayout.width, slopeLayout?.width ?? 0, swatch + 6 + nameLayout.width) + 12)
        let boxHeight = Double(slopeLayout == nil ? 2 : 3) * lineHeight + 8
        let box = readoutBox(width: boxWidth, height: boxHeight, clearOf: p, boxes: boxes)
        canvas.fill(box, style.background.withAlpha(230), cornerRadius: 4)
        let firstBaseline = (box.y + 4 + m.ascent).rounded()
        canvas.fill(Rect(x: box.x + 6, y: firstBaseline - m.ascent / 2 - swatch / 2, width: swatch, height: swatch), curveColor)
        canvas.draw(nameLayout, x: box.x + 6 + swatch + 6, baseline: firstBaseline, style.trace)
        canvas.draw(valueLayout, x: box.x + 6, baseline: firstBaseline + lineHeight, style.trace)
        if let slopeLayout { canvas.draw(slopeLayout, x: box.x + 6, baseline: firstBaseline + 2 * lineHeight, style.trace) }
    }
}

extension PointOfInterest {
    /// The height to show: 0 for a zero, else the middle of its enclosure (0 where that holds 0).
    public var shownY: Double {
        if kind == .zero || (y.lower <= 0 && y.upper >= 0) { return 0 }
        return y.lower / 2 + y.upper / 2
    }
}
