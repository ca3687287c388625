import Raster

/// The tools' marks on the plot (`markings`): the shaded areas under the curves, drawn first, under the
/// grid; then, over everything but the trace, the line at the value's x with a dot on each curve, and the
/// boxes that say the values and the integrals, each in a corner clear of the axes' labels; a curve's line
/// in its colour.
extension GraphView {
    /// Each shown curve's integral over the marked area, as far as proved.
    public var areaIntegrals: [AreaIntegral] { areas.readings }

    /// Follows the marked area and gives its integrals this frame's share of work (they do not depend on
    /// the view, so they go on while it moves); the plot is drawn again when what they show changed.
    mutating func advanceAreas() {
        areas.follow(markings.area, shown: curves.filter { !$0.isHidden }.map(\.id), budget: AreaIntegrals.budget)
        // A frame's share, as the search for points of interest has.
        if areas.advance(work: style.pointSearchWorkPerFrame) { plotDirty = true }
    }

    /// The area between each integrated curve and the x-axis, a column at a time, in its colour, faint.
    func drawAreas(into canvas: inout Canvas) {
        guard let area = areas.area else { return }
        let plot = Rect(plotRect)
        let x0 = max(viewport.screenX(forWorldX: min(area.from, area.to), in: plot), plot.x)
        let x1 = min(viewport.screenX(forWorldX: max(area.from, area.to), in: plot), plot.maxX)
        guard x0 < x1 else { return }
        let axis = min(max(viewport.screenY(forWorldY: 0, in: plot), plot.y), plot.maxY)
        let first = Int(x0.rounded(.down)), last = Int(x1.rounded(.up))
        for reading in areas.readings {
            guard let curve = curves.first(where: { $0.id == reading.curveID }) else { continue }
            let fill = curve.color.withAlpha(56)
            for column in first..<last {
                // The column's middle, kept within the area's ends.
                let sx = min(max(Double(column) + 0.5, x0), x1)
                let y = curve.function.value(at: viewport.worldX(forScreenX: sx, in: plot))
                guard y.isFinite else { continue }
                let sy = min(max(viewport.screenY(forWorldY: y, in: plot), plot.y), plot.maxY)
                let top = Int(min(sy, axis).rounded()), bottom = Int(max(sy, axis).rounded())
                let left = max(column, Int(x0.rounded())), right = min(column + 1, Int(x1.rounded()))
                if bottom > top && right > left { canvas.fill(IntRect(x: left, y: top, width: right - left, height: bottom - top), fill) }
            }
        }
        for x in [area.from, area.to] {
            let sx = viewport.screenX(forWorldX: x, in: plot)
            guard sx >= plot.x && sx <= plot.maxX else { continue }
            canvas.strokeDashedLine(from: Point(x: sx, y: plot.y), to: Point(x: sx, y: plot.maxY), width: 1, dash: 4, gap: 3, style.trace)
        }
    }

    /// The value's line and dots, then the boxes. Returns where the boxes went (the trace's box keeps clear of them).
    @discardableResult
    func drawMarkings(axes: AxesLayout, into canvas: inout Canvas) -> [Rect] {
        let plot = Rect(plotRect)
        let numbers = style.numbers
        var boxes: [[(text: String, color: Color?)]] = []
        if let x = markings.valueX {
            let sx = viewport.screenX(forWorldX: x, in: plot)
            if sx >= plot.x && sx <= plot.maxX {
                canvas.strokeDashedLine(from: Point(x: sx, y: plot.y), to: Point(x: sx, y: plot.maxY), width: 1, dash: 4, gap: 3, style.trace)
            }
            var lines: [(String, Color?)] = [("x = " + NumberLabel.format(x, style: numbers), nil)]
            for curve in curves.reversed() where !curve.isHidden {
                let y = curve.function.value(at: x)
                lines.append((NumberLabel.format(y.isFinite ? y : .nan, style: numbers) + "   " + curve.title, curve.color))
                guard y.isFinite else { continue }
                let p = viewport.screenPoint(x: x, y: y, in: plot)
                guard p.x >= plot.x && p.x <= plot.maxX && p.y >= plot.y && p.y <= plot.maxY else { continue }
                canvas.fillCircle(center: p, radius: 5, style.background)
                canvas.fillCircle(center: p, radius: 4, curve.color)
            }
            boxes.append(lines)
        }
        if let area = areas.area, !areas.readings.isEmpty {
            let words = style.toolWords
            var lines: [(String, Color?)] = [("∫ " + words.from + " " + NumberLabel.format(area.from, style: numbers) + " "
                                              + words.to + " " + NumberLabel.format(area.to, style: numbers), nil)]
            for reading in areas.readings.reversed() {
                lines.append((integralLine(reading), curves.first { $0.id == reading.curveID }?.color))
            }
            boxes.append(lines)
        }
        var taken: [Rect] = (axes.xLabels + axes.yLabels).map(\.rect)
        var placed: [Rect] = []
        for lines in boxes {
            let box = drawBox(lines, avoiding: taken, into: &canvas)
            taken.append(box)
            placed.append(box)
        }
        return placed
    }

    /// How a curve's integral reads: its value to six digits and its proved enclosure, written outward;
    /// "uncertain" where a pole or a gap lies inside; "…" while the first pieces prove nothing yet.
    func integralLine(_ r: AreaIntegral) -> String {
        if r.isUncertain { return style.toolWords.integralUncertain }
        guard let lo = r.lower, let hi = r.upper else { return "…" }
        let bounds = IntegralText.bounds(lower: lo, upper: hi, digits: 8)
        let numbers = style.numbers
        return numbers.written(IntegralText.value(lower: lo, upper: hi)) + " ∈ [" + numbers.written(bounds.lower)
            + numbers.pairSeparator + numbers.written(bounds.upper) + "]" + (r.isFinished ? "" : " …")
    }

    /// A box of lines, each after a swatch of its colour when it has one, in the corner of the plot where it
    /// covers the fewest of `taken` (the top left first, then the bottom left, the bottom right, the top
    /// right). Returns where it went.
    func drawBox(_ lines: [(text: String, color: Color?)], avoiding taken: [Rect], into canvas: inout Canvas) -> Rect {
        let area = Rect(plotRect)
        let m = font.metrics
        let swatch = (m.ascent * 0.7).rounded()
        let widest = max(40, area.width - 16 - 12 - swatch - 6)
        let layouts = lines.map { TextLayout.elided($0.text, font: font, width: widest, .trailing).layout }
        let textWidth = zip(lines, layouts).map { ($0.color == nil ? 0 : swatch + 6) + $1.width }.max() ?? 0
        let size = (width: min(area.width - 16, textWidth + 12), height: Double(lines.count) * m.lineHeight + 8)
        let corners = [Point(x: area.x + 8, y: area.y + 8), Point(x: area.x + 8, y: area.maxY - 8 - size.height),
                       Point(x: area.maxX - 8 - size.width, y: area.maxY - 8 - size.height), Point(x: area.maxX - 8 - size.width, y: area.y + 8)]
        func covered(_ c: Point) -> Int {
            let r = Rect(x: c.x, y: c.y, width: size.width, height: size.height)
            return taken.filter { $0.x < r.maxX && r.x < $0.maxX && $0.y < r.maxY && r.y < $0.maxY }.count
        }
        let place = corners.min { covered($0) < covered($1) }!
        let box = Rect(x: place.x, y: place.y, width: size.width, height: size.height)
        canvas.fill(box, style.background.withAlpha(235), cornerRadius: 4)
        var baseline = (box.y + 4 + m.ascent).rounded()
        for (line, layout) in zip(lines, layouts) {
            var x = box.x + 6
            guard let color = line.color else {
                canvas.draw(layout, x: x, baseline: baseline, style.trace)
                baseline += m.lineHeight
                continue
            }
            canvas.fill(Rect(x: x, y: baseline - m.ascent / 2 - swatch / 2, width: swatch, height: swatch), color)
            x += swatch + 6
            // A curve's line in its colour, on the tick labels' halo: a pale curve colour still reads on the box.
            let pen = x.rounded()
            canvas.draw(TextHalo(layout, radius: AxisLabelCache.haloRadius(font)), x: Int(pen), baseline: Int(baseline), style.background)
            canvas.draw(layout, x: pen, baseline: baseline, color)
            baseline += m.lineHeight
        }
        return box
    }
}
