/// An 8-bit coverage mask: 0 is transparent, 255 is fully covered.
public struct GlyphMask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let coverage: [UInt8]
    public init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(coverage.count >= max(0, width) * max(0, height), "mask smaller than its size")
        self.width = max(0, width)
        self.height = max(0, height)
        self.coverage = coverage
    }
}

/// One rasterized glyph, placed relative to the pen on the baseline.
public struct Glyph: Sendable {
    public let mask: GlyphMask
    /// From the pen to the mask's left edge.
    public let bearingX: Int
    /// From the baseline up to the mask's top edge.
    public let bearingY: Int
    /// How far the pen moves, in pixels.
    public let advance: Double
    public init(mask: GlyphMask, bearingX: Int, bearingY: Int, advance: Double) {
        self.mask = mask; self.bearingX = bearingX; self.bearingY = bearingY; self.advance = advance
    }
}

/// Vertical metrics of a face at one pixel size.
public struct FontMetrics: Sendable, Equatable {
    public let ascent: Double
    public let descent: Double
    public let lineHeight: Double
    public init(ascent: Double, descent: Double, lineHeight: Double) {
        self.ascent = ascent; self.descent = descent; self.lineHeight = lineHeight
    }
}

/// Where glyphs come from. Raster defines it; Typeface implements it with FreeType,
/// so nothing above Raster ever sees the font library.
public protocol GlyphSource: AnyObject {
    /// nil when the face has no glyph for the scalar.
    func glyph(for scalar: Unicode.Scalar, pixelSize: Int) -> Glyph?
    /// Extra advance between two scalars, in pixels (usually ≤ 0).
    func kerning(_ left: Unicode.Scalar, _ right: Unicode.Scalar, pixelSize: Int) -> Double
    func metrics(pixelSize: Int) -> FontMetrics
}

/// A glyph source at one size: what text drawing and measuring take.
public struct Font {
    public let source: any GlyphSource
    public let pixelSize: Int
    public init(source: any GlyphSource, pixelSize: Int) {
        self.source = source
        self.pixelSize = max(1, pixelSize)
    }
    public var metrics: FontMetrics { source.metrics(pixelSize: pixelSize) }
}
