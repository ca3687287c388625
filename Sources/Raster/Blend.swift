/// Source-over blending of one colour onto an XRGB pixel.
public enum Blend {
    /// `coverage` 0...255 scales the colour's own alpha. Exact at 0 (unchanged) and 255 (replaced).
    @inline(__always)
    public static func over(_ dst: UInt32, _ color: Color, coverage: UInt32) -> UInt32 {
        let a = (UInt32(color.alpha) * coverage + 127) / 255
        if a == 0 { return dst }
        if a == 255 { return color.xrgb }
        let ia = 255 - a
        let dr = (dst >> 16) & 0xFF, dg = (dst >> 8) & 0xFF, db = dst & 0xFF
        let r = (UInt32(color.red) * a + dr * ia + 127) / 255
        let g = (UInt32(color.green) * a + dg * ia + 127) / 255
        let b = (UInt32(color.blue) * a + db * ia + 127) / 255
        return r << 16 | g << 8 | b
    }
}
