import Raster

/// Where the trace's readout goes: never over an axis label (drawn under it, the box would hide the number
/// the label is), nor over the point it reads, nor over the tools' boxes.
extension GraphView {
    /// The first place for a box of this size that covers no axis label and not `point`: the top right,
    /// then down the right side, then the top left and down the left side, 8 pixels in from the plot's edges.
    /// Where every place covers something, the one covering the least label (a tools' box counts more, and
    /// the point more still).
    func readoutBox(width: Double, height: Double, clearOf point: Point, boxes: [Rect] = []) -> Rect {
        let area = Rect(plotRect)
        let labels = drawnAxes.map { ($0.xLabels + $0.yLabels).map(\.rect) } ?? []
        let margin = 8.0, step = 4.0
        let xs = [area.maxX - width - margin, area.x + margin]
        let lowest = max(area.y + margin, area.maxY - height - margin)
        var best: (box: Rect, cost: Double)?
        for x in xs {
            var y = area.y + margin
            while true {
                let box = Rect(x: x, y: y, width: width, height: height)
                let cost = Self.readoutCost(box, labels: labels, point: point, boxes: boxes)
                if cost == 0 { return box }
                if best == nil || cost < best!.cost { best = (box, cost) }
                if y >= lowest { break }
                y = min(y + step, lowest)
            }
        }
        return best?.box ?? Rect(x: xs[0], y: area.y + margin, width: width, height: height)
    }

    /// How much of the labels' area (with their halos) the box covers; covering the point costs more than any.
    static func readoutCost(_ box: Rect, labels: [Rect], point: Point, boxes: [Rect] = []) -> Double {
        var cost = 0.0
        for r in boxes where r.x < box.maxX && box.x < r.maxX && r.y < box.maxY && box.y < r.maxY { cost += 1e6 }
        for r in labels {
            let w = min(box.maxX, r.maxX + 3) - max(box.x, r.x - 3), h = min(box.maxY, r.maxY + 3) - max(box.y, r.y - 3)
            if w > 0 && h > 0 { cost += w * h }
        }
        let reach = 12.0
        if point.x > box.x - reach && point.x < box.maxX + reach && point.y > box.y - reach && point.y < box.maxY + reach {
            cost += 1e9
        }
        return cost
    }
}
