import Raster

extension Canvas {
    /// Draws laid-out text exactly as `draw(_:x:baseline:_:)` does (same pixels, same pen rounding),
    /// through a tight blit: per pixel it skips empty coverage, stores full coverage of an opaque
    /// colour, and blends the rest with red and blue packed in one word. RGB565 buffers take the
    /// general path.
    public mutating func drawText(_ layout: TextLayout, x: Double, baseline: Double, _ color: Color) {
        guard buffer.format == .xrgb8888 else { draw(layout, x: x, baseline: baseline, color); return }
        guard x.isFinite, baseline.isFinite, abs(x) < 1e9, abs(baseline) < 1e9, color.alpha > 0 else { return }
        let base = Int(baseline.rounded()) + originY
        var touched: IntRect?
        for placed in layout.placed {
            guard let glyph = placed.glyph else { continue }
            let mask = glyph.mask
            let left = Int((x + placed.penX).rounded()) + glyph.bearingX + originX
            let top = base - glyph.bearingY
            let target = IntRect(x: left, y: top, width: mask.width, height: mask.height).intersection(clip)
            guard !target.isEmpty else { continue }
            mask.coverage.withUnsafeBufferPointer { coverage in
                guard let first = coverage.baseAddress else { return }
                var source = first + (target.y - top) * mask.width + (target.x - left)
                for row in target.y..<target.maxY {
                    let pixels = (buffer.base + row * buffer.strideBytes).assumingMemoryBound(to: UInt32.self) + target.x
                    blendCoverageRow(UnsafeBufferPointer(start: source, count: target.width),
                                     into: UnsafeMutableBufferPointer(start: pixels, count: target.width), color)
                    source += mask.width
                }
            }
            touched = touched.map { $0.union(target) } ?? target
        }
        if let touched { damage.add(touched) }
    }
}

/// Blends one row of 8-bit coverage in `color` onto XRGB pixels, with the rounding of `Blend.over`:
/// every product is divided by 255 rounding half up, which `(t + t >> 8) >> 8` with `t = v + 128`
/// computes exactly for the products that occur (at most 255 · 255).
/// Glyph rows are mostly empty or fully covered, so four coverage bytes are tested at once.
@inline(__always)
func blendCoverageRow(_ coverage: UnsafeBufferPointer<UInt8>, into pixels: UnsafeMutableBufferPointer<UInt32>,
                      _ color: Color) {
    let count = min(coverage.count, pixels.count)
    guard count > 0, let source = coverage.baseAddress, let target = pixels.baseAddress else { return }
    let alpha = UInt32(color.alpha)
    let opaque = color.xrgb
    let solid = alpha == 255
    var i = 0
    while i + 4 <= count {
        let four = UnsafeRawPointer(source + i).loadUnaligned(as: UInt32.self)
        if four == 0 { i += 4; continue }
        if four == ~0 && solid {
            target[i] = opaque; target[i + 1] = opaque; target[i + 2] = opaque; target[i + 3] = opaque
            i += 4
            continue
        }
        blendPixel(target + i, four & 0xFF, alpha, opaque)
        blendPixel(target + i + 1, (four >> 8) & 0xFF, alpha, opaque)
        blendPixel(target + i + 2, (four >> 16) & 0xFF, alpha, opaque)
        blendPixel(target + i + 3, four >> 24, alpha, opaque)
        i += 4
    }
    while i < count {
        blendPixel(target + i, UInt32(source[i]), alpha, opaque)
        i += 1
    }
}

/// One pixel of `blendCoverageRow`.
@inline(__always)
private func blendPixel(_ pixel: UnsafeMutablePointer<UInt32>, _ c: UInt32, _ alpha: UInt32, _ opaque: UInt32) {
    if c == 0 { return }
    var a = c
    if alpha != 255 {
        let t = alpha * c + 128
        a = (t + (t >> 8)) >> 8
        if a == 0 { return }
    }
    if a == 255 { pixel.pointee = opaque; return }
    let ia = 255 - a
    let d = pixel.pointee
    // Red and blue share one multiply: each sits in its own 16-bit lane.
    var rb = (opaque & 0x00FF_00FF) * a + (d & 0x00FF_00FF) * ia + 0x0080_0080
    rb = ((rb + ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var g = ((opaque >> 8) & 0xFF) * a + ((d >> 8) & 0xFF) * ia + 128
    g = ((g + (g >> 8)) >> 8) & 0xFF
    pixel.pointee = rb | g << 8
}
