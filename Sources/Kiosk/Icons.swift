import Raster

/// Vector icons for keys whose symbol no font can be trusted to hold.
enum Icons {
    /// 📈: two axes and a rising, waving curve.
    static func graph(in canvas: inout Canvas, rect: IntRect, _ color: Color) {
        let s = Double(min(rect.width, rect.height)) * 0.6
        let x0 = Double(rect.x) + (Double(rect.width) - s) / 2, y0 = Double(rect.y) + (Double(rect.height) - s) / 2
        let w = max(1.5, s / 14)
        canvas.strokeLine(from: Point(x: x0, y: y0), to: Point(x: x0, y: y0 + s), width: w, color)
        canvas.strokeLine(from: Point(x: x0, y: y0 + s), to: Point(x: x0 + s, y: y0 + s), width: w, color)
        var points: [Point] = []
        for i in 0...16 {
            let t = Double(i) / 16
            let wave = libm_sin_k(t * 9) * 0.12
            points.append(Point(x: x0 + s * (0.1 + 0.85 * t), y: y0 + s * (0.85 - 0.7 * t - wave)))
        }
        // One polyline, not a line a segment: its joins are blended once, not darkened by each neighbour.
        canvas.strokePolyline(points, width: w * 1.2, color)
    }

    /// ⌫: a left-pointing tag with a cross.
    static func backspace(in canvas: inout Canvas, rect: IntRect, _ color: Color) {
        let h = Double(min(rect.height, rect.width)) * 0.42
        let wdt = h * 1.5
        let cx = Double(rect.x) + Double(rect.width) / 2, cy = Double(rect.y) + Double(rect.height) / 2
        let left = cx - wdt / 2, right = cx + wdt / 2, top = cy - h / 2, bottom = cy + h / 2
        let tip = left + h / 2
        let w = max(1.5, h / 10)
        let outline = [Point(x: left, y: cy), Point(x: tip, y: top), Point(x: right, y: top),
                       Point(x: right, y: bottom), Point(x: tip, y: bottom), Point(x: left, y: cy)]
        for i in 1..<outline.count { canvas.strokeLine(from: outline[i - 1], to: outline[i], width: w, color) }
        let xc = (tip + right) / 2 + h * 0.05, d = h * 0.2
        canvas.strokeLine(from: Point(x: xc - d, y: cy - d), to: Point(x: xc + d, y: cy + d), width: w, color)
        canvas.strokeLine(from: Point(x: xc - d, y: cy + d), to: Point(x: xc + d, y: cy - d), width: w, color)
    }

    /// The Tools key, the same in every language: three sliders, each rail with its knob somewhere else
    /// (the tools set a value, a step, two bounds). Square, in the middle of the key.
    static func tools(in canvas: inout Canvas, rect: IntRect, _ color: Color) {
        let s = Double(min(rect.width, rect.height)) * 0.56
        let x0 = Double(rect.x) + (Double(rect.width) - s) / 2, y0 = Double(rect.y) + (Double(rect.height) - s) / 2
        let w = max(1.5, s / 12), knob = max(2.5, s / 7)
        for (row, at) in [0.7, 0.3, 0.55].enumerated() {
            let y = y0 + s * (0.15 + 0.35 * Double(row))
            canvas.strokeLine(from: Point(x: x0, y: y), to: Point(x: x0 + s, y: y), width: w, color)
            canvas.fillCircle(center: Point(x: x0 + s * at, y: y), radius: knob, color)
        }
    }

    /// ‹ for the back key.
    static func chevronLeft(in canvas: inout Canvas, rect: IntRect, _ color: Color) {
        let h = Double(rect.height) * 0.4
        let cx = Double(rect.x) + Double(rect.height) * 0.45, cy = Double(rect.y) + Double(rect.height) / 2
        let w = max(2, h / 6)
        canvas.strokeLine(from: Point(x: cx + h / 4, y: cy - h / 2), to: Point(x: cx - h / 4, y: cy), width: w, color)
        canvas.strokeLine(from: Point(x: cx - h / 4, y: cy), to: Point(x: cx + h / 4, y: cy + h / 2), width: w, color)
    }
}

@_extern(c, "sin") func libm_sin_k(_ x: Double) -> Double
