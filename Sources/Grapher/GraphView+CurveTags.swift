import Raster

/// Curves tagged on the plot: where the title strip numbers the curves (too many, too long titles for a
/// small screen), each curve carries its number beside it, so colour is not the only way to tell them apart.
extension GraphView {
    /// Each tagged curve's tag beside its rightmost point on screen, in its colour on a halo of the
    /// background: on whichever side of that point the curves leave free, clear of the tags before it.
    func drawTags(_ sampled: [(curve: GraphCurve, samples: SampledCurve)], into canvas: inout Canvas) {
        let area = Rect(plotRect)
        let m = font.metrics
        let height = (m.ascent + m.descent).rounded(.up)
        let inked = sampled.filter { $0.curve.tag != nil }.flatMap { $0.samples.polylines.joined() }
        var placed: [Rect] = []
        for (curve, samples) in sampled.reversed() {
            guard let tag = curve.tag else { continue }
            let layout = TextLayout(tag, font: font)
            let width = layout.width.rounded(.up)
            var anchor: Point?
            for line in samples.polylines {
                for p in line where p.x >= area.x + 2 && p.x <= area.maxX - 2 && p.y >= area.y + 2 && p.y <= area.maxY - 2 {
                    if anchor == nil || p.x > anchor!.x { anchor = p }
                }
            }
            guard let a = anchor else { continue }
            let sides = [(-width - 5, -height - 3), (-width - 5, 3), (-width / 2, -height - 6), (-width / 2, 6),
                         (-2 * width - 8, -height / 2)]
            var best: (rect: Rect, cost: Int)?
            for (dx, dy) in sides {
                var r = Rect(x: (a.x + dx).rounded(), y: (a.y + dy).rounded(), width: width, height: height)
                r.x = min(max(r.x, area.x + 2), area.maxX - width - 2)
                r.y = min(max(r.y, area.y + 2), area.maxY - height - 2)
                let cost = Self.tagCost(r, inked: inked, placed: placed)
                if best == nil || cost < best!.cost { best = (r, cost) }
                if cost == 0 { break }
            }
            guard let r = best?.rect else { continue }
            placed.append(r)
            let x = Int(r.x), baseline = Int((r.y + m.ascent).rounded())
            canvas.draw(TextHalo(layout, radius: AxisLabelCache.haloRadius(font)), x: x, baseline: baseline, style.background)
            canvas.draw(layout, x: Double(x), baseline: Double(baseline), curve.color)
        }
    }

    /// How many curve points a tag would cover, and far more for covering another tag.
    static func tagCost(_ r: Rect, inked: [Point], placed: [Rect]) -> Int {
        var cost = 0
        for p in inked where p.x > r.x - 2 && p.x < r.maxX + 2 && p.y > r.y - 2 && p.y < r.maxY + 2 { cost += 1 }
        for q in placed where q.x < r.maxX + 2 && r.x < q.maxX + 2 && q.y < r.maxY + 2 && r.y < q.maxY + 2 { cost += 10_000 }
        return cost
    }
}
