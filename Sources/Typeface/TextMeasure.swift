import Raster

/// How much room a line of text takes: the advance width and the face's ascent and descent.
public struct TextExtent: Equatable, Sendable {
    public let width: Double
    public let ascent: Double
    public let descent: Double
    public var height: Double { ascent + descent }
}

// Measuring for layout. It only asks the GlyphSource, so any face works, FreeType or not.
extension Font {
    /// Width (sum of advances and kerning), ascent and descent of `text` on one line.
    public func extent(of text: String) -> TextExtent {
        let layout = TextLayout(text, font: self)
        return TextExtent(width: layout.width, ascent: layout.ascent, descent: layout.descent)
    }

    /// True when `text` fits a box `width` wide and `height` tall (the face's ascent plus descent).
    public func fits(_ text: String, width: Double, height: Double = .infinity) -> Bool {
        let e = extent(of: text)
        return e.width <= width && e.height <= height
    }

    /// This font if `text` fits the box, else the largest smaller pixel size that fits, but never
    /// below `minimumPixelSize` (which is returned even when it still overflows).
    public func shrunkToFit(_ text: String, width: Double, height: Double = .infinity,
                            minimumPixelSize: Int = 1) -> Font {
        let largest = pixelSize
        let smallest = min(max(1, minimumPixelSize), largest)
        guard !(width.isNaN || height.isNaN) else { return Font(source: source, pixelSize: smallest) }
        let full = extent(of: text)
        if full.width <= width && full.height <= height { return self }
        // Advances scale almost linearly with size: start from the proportional guess, then correct it.
        var scale = 1.0
        if full.width > 0 { scale = min(scale, max(0, width) / full.width) }
        if full.height > 0 { scale = min(scale, max(0, height) / full.height) }
        var size = min(largest - 1, max(smallest, Int(Double(largest) * scale)))
        func fitsAt(_ s: Int) -> Bool { Font(source: source, pixelSize: s).fits(text, width: width, height: height) }
        while size > smallest && !fitsAt(size) { size -= 1 }
        while size + 1 < largest && fitsAt(size + 1) { size += 1 }
        return Font(source: source, pixelSize: size)
    }
}

extension TextLayout {
    /// The box the glyphs' ink covers, with x from the pen start and y from the baseline (negative is up),
    /// when drawn with pens rounded to whole pixels as `Canvas.draw(_:x:baseline:_:)` does. nil without ink.
    public var inkBounds: IntRect? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for placed in placed {
            guard let glyph = placed.glyph, glyph.mask.width > 0, glyph.mask.height > 0 else { continue }
            let x = Int(placed.penX.rounded()) + glyph.bearingX, y = -glyph.bearingY
            minX = min(minX, x); minY = min(minY, y)
            maxX = max(maxX, x + glyph.mask.width); maxY = max(maxY, y + glyph.mask.height)
        }
        guard minX < maxX else { return nil }
        return IntRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
