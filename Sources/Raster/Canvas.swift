/// Where drawing happens: a pixel buffer seen through a clip and an origin.
/// Every primitive clips to both the clip and the buffer, and records what it touched as damage.
public struct Canvas {
    public let buffer: PixelBuffer
    /// In buffer pixels. Nothing is written outside it.
    public var clip: IntRect {
        didSet { clip = clip.intersection(buffer.bounds) }
    }
    /// Added to every coordinate a primitive is given.
    public var originX: Int = 0
    public var originY: Int = 0
    public var damage = DamageRegion()
    /// Coverage memory strokes reuse; share one between frames to avoid reallocating it.
    public var strokeScratch: StrokeScratch
    /// Where text went, for tests (nil: not kept).
    public var textLog: TextLog?

    /// `strokeScratch`: the one a caller keeps between frames; a new one (four allocations) otherwise.
    public init(buffer: PixelBuffer, strokeScratch: StrokeScratch? = nil) {
        self.buffer = buffer
        self.clip = buffer.bounds
        self.strokeScratch = strokeScratch ?? StrokeScratch()
    }

    /// Runs `body` with the clip narrowed to `rect` (in local coordinates) and the origin moved to its corner.
    public mutating func withClip(_ rect: IntRect, translate: Bool = false, _ body: (inout Canvas) -> Void) {
        let savedClip = clip, savedX = originX, savedY = originY
        clip = clip.intersection(rect.offsetBy(dx: originX, dy: originY))
        if translate { originX += rect.x; originY += rect.y }
        body(&self)
        clip = savedClip
        originX = savedX
        originY = savedY
    }

    /// Marks a rectangle (local coordinates) as changed, clipped.
    public mutating func markDamaged(_ rect: IntRect) {
        damage.add(rect.offsetBy(dx: originX, dy: originY).intersection(clip))
    }

    /// Writes one span of coverage: the single place that stores pixels, for both formats.
    @inline(__always)
    mutating func blendSpan(y: Int, x0: Int, x1: Int, color: Color, coverage: UInt32) {
        guard y >= clip.y, y < clip.maxY else { return }
        let a = max(x0, clip.x), b = min(x1, clip.maxX)
        guard a < b else { return }
        switch buffer.format {
        case .xrgb8888:
            let row = (buffer.base + y * buffer.strideBytes).assumingMemoryBound(to: UInt32.self)
            Spans.blend(row + a, count: b - a, color, coverage: coverage)
        case .rgb565:
            let row = buffer.row16(y)
            for i in a..<b { row[i] = RGB565.pack(Blend.over(RGB565.expand(row[i]), color, coverage: coverage)) }
        }
    }

    @inline(__always)
    mutating func blendPixel(x: Int, y: Int, color: Color, coverage: UInt32) {
        blendSpan(y: y, x0: x, x1: x + 1, color: color, coverage: coverage)
    }
}
