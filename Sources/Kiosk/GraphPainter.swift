import Grapher
import Raster

/// Draws a graph pane: background, grid, axes with labels, the curve and the trace.
struct GraphPainter {
    let palette: Palette
    let glyphs: any GlyphSource

    /// `plot` is the pane below its title strip, in screen pixels.
    func draw(in canvas: inout Canvas, plot: IntRect, viewport: GraphViewport,
              function: (any GraphableFunction)?, traceX: Double?) {
        canvas.fill(plot, palette.graphFace)
        canvas.withClip(plot, translate: true) { c in
            drawContents(&c, size: (Double(plot.width), Double(plot.height)), viewport: viewport,
                         function: function, traceX: traceX)
        }
    }

    private func drawContents(_ c: inout Canvas, size: (width: Double, height: Double), viewport: GraphViewport,
                              function: (any GraphableFunction)?, traceX: Double?) {
        let origin = viewport.origin(in: size)
        let ppu = viewport.pixelsPerUnit
        let step = tickStep(unitsPerPixel: 1 / ppu, minimumPixels: 70)
        let labelSize = max(9, min(18, Int(min(size.width, size.height) / 28)))
        let font = Font(source: glyphs, pixelSize: labelSize)
        // The axes pin to the nearest edge when the origin is off screen.
        let axisX = min(max(origin.y, 0), size.height - 1)
        let axisY = min(max(origin.x, 0), size.width - 1)
        let lineWidth = max(1, size.height / 480)

        // Grid and x labels.
        let firstX = (viewport.planeX(0, in: size) / step).rounded(.down)
        let lastX = (viewport.planeX(size.width, in: size) / step).rounded(.up)
        if lastX - firstX < 400 {
            var k = firstX
            while k <= lastX {
                let px = (origin.x + k * step * ppu).rounded() + 0.5
                c.fill(IntRect(x: Int(px), y: 0, width: 1, height: Int(size.height)), palette.grid)
                k += 1
            }
        }
        let topY = (origin.y - 0) / ppu, bottomY = (origin.y - size.height) / ppu
        let firstY = (bottomY / step).rounded(.down), lastY = (topY / step).rounded(.up)
        if lastY - firstY < 400 {
            var k = firstY
            while k <= lastY {
                let py = (origin.y - k * step * ppu).rounded()
                c.fill(IntRect(x: 0, y: Int(py), width: Int(size.width), height: 1), palette.grid)
                k += 1
            }
        }
        c.fill(Rect(x: 0, y: axisX - lineWidth / 2, width: size.width, height: lineWidth), palette.axis)
        c.fill(Rect(x: axisY - lineWidth / 2, y: 0, width: lineWidth, height: size.height), palette.axis)

        if let function {
            drawCurve(&c, size: size, viewport: viewport, function: function, width: max(2, size.height / 220))
        }
        // Labels, skipping zero and any that would leave the pane.
        if lastX - firstX < 400 {
            var k = firstX
            while k <= lastX {
                if k != 0 {
                    let text = TextLayout(numberText(k * step), font: font)
                    let px = origin.x + k * step * ppu
                    let baseline = axisX + 4 + text.ascent <= size.height ? axisX + 4 + text.ascent : axisX - 4 - abs(text.descent)
                    if px - text.width / 2 > 0 && px + text.width / 2 < size.width {
                        c.draw(text, x: px - text.width / 2, baseline: baseline, palette.tickText)
                    }
                }
                k += 1
            }
        }
        if lastY - firstY < 400 {
            var k = firstY
            while k <= lastY {
                if k != 0 {
                    let text = TextLayout(numberText(k * step), font: font)
                    let py = origin.y - k * step * ppu
                    let x = axisY + 5 + text.width <= size.width ? axisY + 5 : axisY - 5 - text.width
                    if py - text.ascent > 0 && py + text.ascent / 2 < size.height {
                        c.draw(text, x: x, baseline: py + text.ascent / 2, palette.tickText)
                    }
                }
                k += 1
            }
        }

        if let function, let traceX {
            drawTrace(&c, size: size, viewport: viewport, function: function, px: traceX, font: font)
        }
    }

    /// One sample per pixel column; the curve breaks where the function is undefined
    /// or where a jump's midpoint does not lie between its ends (a pole, not a steep slope).
    private func drawCurve(_ c: inout Canvas, size: (width: Double, height: Double), viewport: GraphViewport,
                           function: any GraphableFunction, width: Double) {
        let columns = Int(size.width.rounded(.up))
        var previous: Point?
        var previousX = 0.0
        var previousDefined = false
        func stroke(_ a: Point, _ b: Point) {
            if let (p, q) = clipSegment(a, b, top: -width * 2, bottom: size.height + width * 2) {
                c.strokeLine(from: p, to: q, width: width, palette.curve)
            }
        }
        for column in 0...columns {
            let px = Double(column)
            let x = viewport.planeX(px, in: size)
            let y = function.value(at: x)
            if column > 0 && y.isFinite != previousDefined {
                // A domain edge between two columns: the curve reaches it (√(M) starts at the origin).
                if let edge = domainEdge(function, definedAt: y.isFinite ? x : previousX,
                                         undefinedAt: y.isFinite ? previousX : x) {
                    let e = Point(x: viewport.screenX(edge.x, in: size), y: viewport.screenY(edge.y, in: size))
                    if let p = previous, !y.isFinite { stroke(p, e) }
                    if y.isFinite { previous = e; previousX = edge.x }
                }
            }
            previousDefined = y.isFinite
            guard y.isFinite else { previous = nil; continue }
            let point = Point(x: px, y: viewport.screenY(y, in: size))
            if let p = previous {
                // A guaranteed enclosure decides with certainty; without one, the midpoint test does.
                let range = function.enclosure(from: previousX, to: x)
                if let range, !range.isContinuous {
                    previous = point; previousX = x; continue
                }
                if range?.definedness != .everywhere && abs(point.y - p.y) > size.height / 4 {
                    let mx = (previousX + x) / 2
                    let my = viewport.screenY(function.value(at: mx), in: size)
                    let between = my.isFinite && my >= min(p.y, point.y) - 1 && my <= max(p.y, point.y) + 1
                    if !between { previous = point; previousX = x; continue }
                }
                stroke(p, point)
            }
            previous = point
            previousX = x
        }
    }

    private func drawTrace(_ c: inout Canvas, size: (width: Double, height: Double), viewport: GraphViewport,
                           function: any GraphableFunction, px: Double, font: Font) {
        let x = viewport.planeX(px, in: size)
        let y = function.value(at: x)
        c.fill(Rect(x: px - 0.5, y: 0, width: 1, height: size.height), palette.trace)
        let sy = viewport.screenY(y, in: size)
        if sy.isFinite && sy > -1e6 && sy < 1e6 {
            c.fill(Rect(x: 0, y: sy - 0.5, width: size.width, height: 1), palette.trace)
            c.fillCircle(center: Point(x: px, y: sy), radius: 5, palette.trace)
        }
        let text = TextLayout("x = \(numberText(x))   y = \(numberText(y))", font: font)
        let tx = min(max(4, px + 8), size.width - text.width - 4)
        c.fill(Rect(x: tx - 4, y: 4, width: text.width + 8, height: text.ascent + abs(text.descent) + 8), palette.graphFace)
        c.draw(text, x: tx, baseline: 8 + text.ascent, palette.traceText)
    }
}

/// The largest 1-2-5 × 10ⁿ step whose spacing is at least `minimumPixels`.
func tickStep(unitsPerPixel: Double, minimumPixels: Double) -> Double {
    let target = unitsPerPixel * minimumPixels
    guard target.isFinite, target > 0 else { return 1 }
    let decade = libm_pow(10, libm_floor(libm_log10(target)))
    for m in [1.0, 2, 5, 10] where decade * m >= target { return decade * m }
    return decade * 10
}

/// The part of segment a–b with top ≤ y ≤ bottom, or nil.
func clipSegment(_ a: Point, _ b: Point, top: Double, bottom: Double) -> (Point, Point)? {
    if (a.y < top && b.y < top) || (a.y > bottom && b.y > bottom) { return nil }
    func at(_ y: Double) -> Point {
        let t = (y - a.y) / (b.y - a.y)
        return Point(x: a.x + (b.x - a.x) * t, y: y)
    }
    var p = a, q = b
    if p.y < top { p = at(top) } else if p.y > bottom { p = at(bottom) }
    if q.y < top { q = at(top) } else if q.y > bottom { q = at(bottom) }
    return (p, q)
}

/// Bisects between a defined and an undefined x to the last defined point, or nil if it is not finite there.
func domainEdge(_ f: any GraphableFunction, definedAt good: Double, undefinedAt bad: Double) -> (x: Double, y: Double)? {
    var g = good, b = bad
    for _ in 0..<40 {
        let m = (g + b) / 2
        if m == g || m == b { break }
        if f.value(at: m).isFinite { g = m } else { b = m }
    }
    let y = f.value(at: g)
    return y.isFinite ? (g, y) : nil
}
