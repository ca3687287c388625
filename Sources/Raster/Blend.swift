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

    /// Source-over of a premultiplied ARGB pixel (0xAARRGGBB, each channel already scaled by alpha),
    /// as images and cached layers store them: dst' = src + dst·(1 − a). Exact at a = 0 and 255.
    @inline(__always)
    public static func overPremultiplied(_ dst: UInt32, _ src: UInt32) -> UInt32 {
        let a = src >> 24
        if a == 0 { return addSaturating(dst & 0x00FF_FFFF, src) }
        if a == 255 { return src & 0x00FF_FFFF }
        let ia = 255 - a
        let dr = (dst >> 16) & 0xFF, dg = (dst >> 8) & 0xFF, db = dst & 0xFF
        let r = min(255, ((src >> 16) & 0xFF) + (dr * ia + 127) / 255)
        let g = min(255, ((src >> 8) & 0xFF) + (dg * ia + 127) / 255)
        let b = min(255, (src & 0xFF) + (db * ia + 127) / 255)
        return r << 16 | g << 8 | b
    }

    /// Alpha 0 with colour is additive light in premultiplied terms; channels clamp at 255.
    static func addSaturating(_ dst: UInt32, _ src: UInt32) -> UInt32 {
        let r = min(255, ((dst >> 16) & 0xFF) + ((src >> 16) & 0xFF))
        let g = min(255, ((dst >> 8) & 0xFF) + ((src >> 8) & 0xFF))
        let b = min(255, (dst & 0xFF) + (src & 0xFF))
        return r << 16 | g << 8 | b
    }

    /// A straight-alpha colour in premultiplied form.
    @inline(__always)
    public static func premultiplied(_ color: Color) -> UInt32 {
        let a = UInt32(color.alpha)
        func scale(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
        return a << 24 | scale(color.red) << 16 | scale(color.green) << 8 | scale(color.blue)
    }
}
