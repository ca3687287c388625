/// The hot loops: one row of pixels at a time, over raw buffer pointers.
enum Spans {
    /// Stores `value` in `count` pixels from `start`: 128 pixels per step in 32 vector stores (a pointer and
    /// its end, three instructions a step besides the stores; LLVM unrolls no more than 32 in full), the rest in
    /// pieces of 64, 32, 16, 8 and 4, the last 4 ending at the end (over pixels already stored); under 4 pixels
    /// one at a time (memset would be `rep stosb`, which callgrind counts per byte and which is slow to start).
    @inline(__always)
    static func store(_ start: UnsafeMutablePointer<UInt32>, count: Int, _ value: UInt32) {
        guard count >= 4 else {
            for i in 0..<max(0, count) { start[i] = value }
            return
        }
        let raw = UnsafeMutableRawPointer(start)
        let four = SIMD4<UInt32>(repeating: value)
        let bytes = count &* 4
        var p = raw
        let wholeSteps = raw + (bytes & ~511)
        while p < wholeSteps {
            storeVectors(32, four, p)
            p += 512
        }
        var i = p - raw
        if bytes &- i >= 256 { storeVectors(16, four, raw + i); i &+= 256 }
        if bytes &- i >= 128 { storeVectors(8, four, raw + i); i &+= 128 }
        if bytes &- i >= 64 { storeVectors(4, four, raw + i); i &+= 64 }
        if bytes &- i >= 32 { storeVectors(2, four, raw + i); i &+= 32 }
        if bytes &- i > 16 { storeVectors(1, four, raw + i) }
        raw.storeBytes(of: four, toByteOffset: bytes &- 16, as: SIMD4<UInt32>.self)
    }

    /// `count` (a constant) copies of `four` from `p`.
    @inline(__always)
    static func storeVectors(_ count: Int, _ four: SIMD4<UInt32>, _ p: UnsafeMutableRawPointer) {
        for k in 0..<count { p.storeBytes(of: four, toByteOffset: k &* 16, as: SIMD4<UInt32>.self) }
    }

    /// Stores `value` in a block `width` pixels wide and `height` rows tall, rows `strideBytes` apart.
    /// Each width its own loop: a one-pixel column (a vertical grid line) one store a row, a wide block
    /// `store`'s vector steps a row, and a narrow one (axes, ticks) plain stores without `store`'s setup.
    @inline(__always)
    static func storeBlock(_ start: UnsafeMutableRawPointer, width: Int, height: Int, strideBytes: Int, _ value: UInt32) {
        var row = start
        if width == 1 {
            // The narrow loop below, vectorised for wider blocks, spends a dozen instructions on each of these.
            for _ in 0..<max(0, height) {
                row.storeBytes(of: value, as: UInt32.self)
                row += strideBytes
            }
            return
        }
        if width >= 16 {
            // Rows that follow one another in memory (a whole buffer's width): one run of stores.
            if strideBytes == width &* 4 {
                store(row.assumingMemoryBound(to: UInt32.self), count: width &* max(0, height), value)
                return
            }
            for _ in 0..<max(0, height) {
                store(row.assumingMemoryBound(to: UInt32.self), count: width, value)
                row += strideBytes
            }
            return
        }
        for _ in 0..<max(0, height) {
            let pixels = row.assumingMemoryBound(to: UInt32.self)
            for i in 0..<max(0, width) { pixels[i] = value }
            row += strideBytes
        }
    }

    /// Blends `color` at one coverage over `count` pixels, with the rounding of `Blend.over`.
    @inline(__always)
    static func blend(_ start: UnsafeMutablePointer<UInt32>, count: Int, _ color: Color, coverage: UInt32) {
        let t = UInt32(color.alpha) * coverage + 128
        let a = (t + (t >> 8)) >> 8
        if a == 0 { return }
        let opaque = color.xrgb
        if a == 255 { store(start, count: count, opaque); return }
        var p = start
        let end = start + max(0, count)
        while p < end { p.pointee = blendAlpha(p.pointee, opaque, a); p += 1 }
    }

    /// Blends one row of 8-bit coverage in `color` onto XRGB pixels, exactly as `Blend.over` per pixel:
    /// every product is divided by 255 rounding half up, which `(t + t >> 8) >> 8` with `t = v + 128`
    /// computes exactly for the sums that occur (at most 255 · 255 + 128).
    /// Glyph rows are mostly empty or fully covered, so four coverage bytes are tested at once; the
    /// others (a glyph's edges) are blended four together (`blendFour`).
    @inline(__always)
    static func blendCoverage(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt32>,
                              count: Int, _ color: Color) {
        let alpha = UInt32(color.alpha)
        let opaque = color.xrgb
        let solid = alpha == 255
        let split = FourPixelBlend(color)
        var i = 0
        while i + 4 <= count {
            let four = UnsafeRawPointer(source + i).loadUnaligned(as: UInt32.self)
            if four == 0 { i += 4; continue }
            if four == ~0 && solid {
                UnsafeMutableRawPointer(target + i).storeBytes(of: SIMD4(repeating: opaque), as: SIMD4<UInt32>.self)
                i += 4
                continue
            }
            blendFour(four, into: target + i, redBlue: split.redBlue, greenX: split.greenX, alpha: split.alpha)
            i += 4
        }
        while i < count {
            blendOne(target + i, UInt32(source[i]), alpha, opaque)
            i += 1
        }
    }

    /// `blendCoverage` that also zeroes the coverage it read: the stroke scratch's blend pass.
    /// Eight coverage bytes are tested at once, and each four that hold any are blended together
    /// (`blendFour`), with no branch per pixel.
    @inline(__always)
    static func blendCoverageAndClear(_ source: UnsafeMutablePointer<UInt8>, into target: UnsafeMutablePointer<UInt32>,
                                      count: Int, _ color: Color) {
        let split = FourPixelBlend(color)
        var i = 0
        while i + 8 <= count {
            blendEightAndClear(source + i, into: target + i, split, solid: split.alpha == 255)
            i += 8
        }
        while i < count {
            blendOne(target + i, UInt32(source[i]), split.alpha, color.xrgb)
            source[i] = 0
            i += 1
        }
    }

    /// A colour split for `blendFour`: its 0x00RR00BB and 0x00XX00GG halves in 16-bit lanes.
    struct FourPixelBlend {
        let redBlue: SIMD8<UInt16>, greenX: SIMD8<UInt16>, alpha: UInt32
        init(_ color: Color) {
            let opaque = color.xrgb
            redBlue = unsafeBitCast(SIMD4<UInt32>(repeating: opaque & 0x00FF_00FF), to: SIMD8<UInt16>.self)
            greenX = unsafeBitCast(SIMD4<UInt32>(repeating: (opaque >> 8) & 0x00FF_00FF), to: SIMD8<UInt16>.self)
            alpha = UInt32(color.alpha)
        }
    }

    /// `blendCoverageAndClear` of exactly eight pixels (one chunk of the stroke scratch): one load of the
    /// coverage, and each four that hold any blended together. `solid` is whether the colour's alpha is 255:
    /// a constant where this is inlined, so that the loop around it does not test the alpha every four.
    @inline(__always)
    static func blendEightAndClear(_ source: UnsafeMutablePointer<UInt8>, into target: UnsafeMutablePointer<UInt32>,
                                   _ split: FourPixelBlend, solid: Bool) {
        let eight = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
        if eight == 0 { return }
        UnsafeMutableRawPointer(source).storeBytes(of: 0, as: UInt64.self)
        let low = UInt32(truncatingIfNeeded: eight), high = UInt32(truncatingIfNeeded: eight >> 32)
        let alpha = solid ? 255 : split.alpha
        if low != 0 { blendFour(low, into: target, redBlue: split.redBlue, greenX: split.greenX, alpha: alpha, highMultiply: true) }
        if high != 0 { blendFour(high, into: target + 4, redBlue: split.redBlue, greenX: split.greenX, alpha: alpha, highMultiply: true) }
    }

    /// `blendOne` of four pixels at once, in 16-bit lanes: each pixel's blue and red (`redBlue`, the
    /// colour's 0x00RR00BB) and green and X (`greenX`) as `blendAlpha` computes them, so the same
    /// rounding; a = 0 gives the pixel back and a = 255 the colour, as `blendOne` does. The X byte's
    /// weight is 0 or 255, so it too is kept or replaced (by the colour's 0) as `blendOne` leaves it.
    @inline(__always)
    static func blendFour(_ four: UInt32, into target: UnsafeMutablePointer<UInt32>,
                          redBlue: SIMD8<UInt16>, greenX: SIMD8<UInt16>, alpha: UInt32, highMultiply: Bool = false) {
        var c = SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(four, to: SIMD4<UInt8>.self))
        if alpha != 255 { let t = c &* alpha &+ 128; c = (t &+ (t &>> 8)) &>> 8 }
        // X's weight, 0xFF where c is not 0: (0 - c) >> 8 has its third byte set for c in 1...255.
        let x = ((SIMD4<UInt32>(repeating: 0) &- c) &>> 8) & 0x00FF_0000
        let weightRB = c | c &<< 16, weightGX = c | x
        let aRB = unsafeBitCast(weightRB, to: SIMD8<UInt16>.self), aGX = unsafeBitCast(weightGX, to: SIMD8<UInt16>.self)
        // 255 - a as a ^ 255 (every weight is at most 255): written as a subtraction, LLVM rebuilt the lanes
        // one by one.
        let iRB = unsafeBitCast(weightRB ^ 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let iGX = unsafeBitCast(weightGX ^ 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let d = UnsafeRawPointer(target).loadUnaligned(as: SIMD4<UInt32>.self)
        let dRB = unsafeBitCast(d & 0x00FF_00FF, to: SIMD8<UInt16>.self)
        let dGX = unsafeBitCast(d, to: SIMD8<UInt16>.self) &>> 8
        let rb = divide255(redBlue &* aRB &+ dRB &* iRB &+ 128, highMultiply: highMultiply)
        let gx = divide255(greenX &* aGX &+ dGX &* iGX &+ 128, highMultiply: highMultiply)
        let out = unsafeBitCast(rb, to: SIMD4<UInt32>.self) | unsafeBitCast(gx, to: SIMD4<UInt32>.self) &<< 8
        UnsafeMutableRawPointer(target).storeBytes(of: out, as: SIMD4<UInt32>.self)
    }

    /// (t + t >> 8) >> 8 in each lane: t / 255 rounded as `blendAlpha` rounds, for the sums that occur.
    /// `highMultiply` takes it as (t · 257) >> 16, one high multiply and the same for every 16-bit t (t + t / 256
    /// never steps over a multiple of 256 that t + ⌊t / 256⌋ misses): the stroke's blend asks for it; the
    /// glyph blend does not, since there LLVM leaves the widening to 32-bit lanes as an unspecialised generic call.
    @inline(__always)
    static func divide255(_ t: SIMD8<UInt16>, highMultiply: Bool) -> SIMD8<UInt16> {
        if highMultiply { return SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: t) &* 257) &>> 16) }
        return (t &+ (t &>> 8)) &>> 8
    }

    @inline(__always)
    static func blendOne(_ pixel: UnsafeMutablePointer<UInt32>, _ c: UInt32, _ alpha: UInt32, _ opaque: UInt32) {
        if c == 0 { return }
        var a = c
        if alpha != 255 {
            let t = alpha * c + 128
            a = (t + (t >> 8)) >> 8
            if a == 0 { return }
        }
        if a == 255 { pixel.pointee = opaque; return }
        pixel.pointee = blendAlpha(pixel.pointee, opaque, a)
    }

    /// `opaque` over `d` at alpha `a` (1...254); red and blue share one multiply in 16-bit lanes.
    @inline(__always)
    static func blendAlpha(_ d: UInt32, _ opaque: UInt32, _ a: UInt32) -> UInt32 {
        let ia = 255 - a
        var rb = (opaque & 0x00FF_00FF) * a + (d & 0x00FF_00FF) * ia + 0x0080_0080
        rb = ((rb + ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var g = ((opaque >> 8) & 0xFF) * a + ((d >> 8) & 0xFF) * ia + 128
        g = ((g + (g >> 8)) >> 8) & 0xFF
        return rb | g << 8
    }
}
