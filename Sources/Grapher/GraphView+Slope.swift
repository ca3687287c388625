import Raster

/// The slope at the traced point: dy/dx from the curve's own slope enclosure at that one x (for a program,
/// its symbolic derivative), the line of the readout that says it, and the tangent drawn through the point.
public enum TraceSlope: Equatable, Sendable {
    case value(Double)
    /// The derivative is not defined there (√ at 0, a kink, a pole of the slope).
    case undefined
}

extension GraphView {
    /// dy/dx at the reading's x on its curve; nil when the curve cannot say (it is not a `ProvableFunction`).
    /// The enclosure of the slope over the one point x holds the slope to a few ulps: its middle is shown.
    /// Where it is not defined everywhere, or unbounded there, the derivative is not defined.
    /// At a proved minimum or maximum the slope is 0, whatever the rounding of the x it is shown at.
    public func slope(at reading: TraceReading) -> TraceSlope? {
        guard let curve = curves.first(where: { $0.id == reading.curveID }), let provable = curve.provable else { return nil }
        if let kind = reading.point?.kind, kind == .minimum || kind == .maximum { return .value(0) }
        let e = provable.slopeEnclosure(from: reading.x, to: reading.x)
        guard e.definedness == .everywhere, e.lower.isFinite, e.upper.isFinite, e.lower <= e.upper else { return .undefined }
        return .value(e.lower / 2 + e.upper / 2)
    }

    /// The readout's line for a slope.
    func slopeLine(_ slope: TraceSlope) -> String {
        switch slope {
        case .value(let s): "dy/dx = " + NumberLabel.format(s, style: style.numbers)
        case .undefined: style.toolWords.slopeUndefined
        }
    }

    /// The tangent at the traced point, across the plot: a thin line in the trace's colour. Clipped by hand
    /// to the plot's edges, so a steep slope never hands the stroker far-off points.
    func drawTangent(at reading: TraceReading, slope: TraceSlope, into canvas: inout Canvas) {
        guard case .value(let s) = slope, reading.y.isFinite else { return }
        let area = Rect(plotRect)
        let p = viewport.screenPoint(x: reading.x, y: reading.y, in: area)
        // Screen pixels down per pixel right.
        let k = -s * viewport.pixelsPerUnitY / viewport.pixelsPerUnitX
        guard k.isFinite, p.x.isFinite, p.y.isFinite else { return }
        var ends: [Point] = []
        if abs(k) <= 1 {
            ends = [Point(x: area.x, y: p.y + k * (area.x - p.x)), Point(x: area.maxX, y: p.y + k * (area.maxX - p.x))]
        } else {
            ends = [Point(x: p.x + (area.y - p.y) / k, y: area.y), Point(x: p.x + (area.maxY - p.y) / k, y: area.maxY)]
        }
        // Keep it within a generous margin of the plot: the clip does the rest.
        let margin = 4 * (area.width + area.height)
        ends = ends.map { Point(x: min(max($0.x, area.x - margin), area.maxX + margin), y: min(max($0.y, area.y - margin), area.maxY + margin)) }
        canvas.strokeLine(from: ends[0], to: ends[1], width: max(1.5, style.curveWidth * 0.75), style.trace)
    }
}
