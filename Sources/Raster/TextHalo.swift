/// A halo around a line of text: its coverage grown by a radius, to be blended in the background's colour
/// before the text itself, so text drawn over lines and curves stays readable (a knockout shaped like the text).
public struct TextHalo: Sendable {
    public let mask: GlyphMask
    /// Where the mask's top-left corner lies from the pen's start on the baseline, for text drawn from a
    /// whole-pixel start (as `Canvas.draw(_:x:baseline:_:)` then places each glyph).
    public let offsetX: Int
    public let offsetY: Int

    /// The halo of `layout`: every pixel within `radius` of an inked pixel, as covered as the most covered
    /// pixel that near (an octagon, so corners stay round).
    public init(_ layout: TextLayout, radius: Int) {
        let r = max(0, radius)
        var left = Int.max, top = Int.max, right = Int.min, bottom = Int.min
        for placed in layout.placed {
            guard let g = placed.glyph, g.mask.width > 0, g.mask.height > 0 else { continue }
            let x = Int(placed.penX.rounded()) + g.bearingX, y = -g.bearingY
            left = min(left, x); top = min(top, y)
            right = max(right, x + g.mask.width); bottom = max(bottom, y + g.mask.height)
        }
        guard left < right, top < bottom else {
            mask = GlyphMask(width: 0, height: 0, coverage: [])
            offsetX = 0
            offsetY = 0
            return
        }
        let width = right - left + 2 * r, height = bottom - top + 2 * r
        var ink = [UInt8](repeating: 0, count: width * height)
        for placed in layout.placed {
            guard let g = placed.glyph else { continue }
            let x0 = Int(placed.penX.rounded()) + g.bearingX - left + r, y0 = -g.bearingY - top + r
            for row in 0..<g.mask.height {
                for col in 0..<g.mask.width {
                    let i = (y0 + row) * width + x0 + col
                    ink[i] = max(ink[i], g.mask.coverage[row * g.mask.width + col])
                }
            }
        }
        // Thin strokes are never fully covered at small sizes: a halo as faint as them would let a line show
        // through; three times as strong (up to full) knocks it out and keeps a soft edge.
        let halo = TextHalo.dilated(ink, width: width, height: height, radius: r).map { UInt8(min(255, 3 * Int($0))) }
        mask = GlyphMask(width: width, height: height, coverage: halo)
        offsetX = left - r
        offsetY = top - r
    }

    /// Each pixel the largest coverage within `radius` of it: a square of radius − 1, then a plus of radius 1,
    /// an octagon (round enough at two pixels); each pass a running maximum along rows or columns, so a label
    /// costs a few operations a pixel once, when its halo is made.
    static func dilated(_ ink: [UInt8], width: Int, height: Int, radius: Int) -> [UInt8] {
        guard radius > 0 else { return ink }
        var a = ink, b = [UInt8](repeating: 0, count: ink.count)
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeMutableBufferPointer { b in
                if radius > 1 {
                    maxPass(from: a, into: b, count: height, length: width, step: 1, stride: width, radius: radius - 1)
                    maxPass(from: b, into: a, count: width, length: height, step: width, stride: 1, radius: radius - 1)
                }
                // The plus: the larger of the row's and the column's neighbours.
                maxPass(from: a, into: b, count: height, length: width, step: 1, stride: width, radius: 1)
                for y in 0..<height {
                    for x in 0..<width {
                        let i = y * width + x
                        var m = b[i]
                        if y > 0 { m = max(m, a[i - width]) }
                        if y + 1 < height { m = max(m, a[i + width]) }
                        b[i] = m
                    }
                }
            }
        }
        return b
    }

    /// For each of `count` lines (`stride` apart) of `length` values (`step` apart): each value the largest
    /// within `radius` of it along its line.
    private static func maxPass(from source: UnsafeMutableBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt8>,
                                count: Int, length: Int, step: Int, stride: Int, radius: Int) {
        for line in 0..<count {
            let base = line * stride
            for i in 0..<length {
                var m: UInt8 = 0
                for j in max(0, i - radius)...min(length - 1, i + radius) { m = max(m, source[base + j * step]) }
                target[base + i * step] = m
            }
        }
    }
}

extension Canvas {
    /// Blends a text's halo in one colour, for the text drawn at pen start `x` (a whole pixel) on `baseline`.
    public mutating func draw(_ halo: TextHalo, x: Int, baseline: Int, _ color: Color) {
        draw(halo.mask, x: x + halo.offsetX, y: baseline + halo.offsetY, color)
    }
}
