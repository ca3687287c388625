/// How a quarter-turned copy moves its pixels. `blocks` shuffles 8 x 8 blocks in registers (`transposeBands`), the
/// form SSE2 counts best; `planes` transposes 16 x 32 tiles through a small buffer read back with `ld4`
/// (`transposePlanes`), the form AArch64 counts best. Either writes the same pixels.
enum QuarterTurn {
    case blocks, planes

    /// This machine's: AArch64 has `ld4`, which de-interleaves 64 bytes into four registers in one instruction;
    /// SSE2 has nothing like it and would shuffle each of its lanes.
    static var native: QuarterTurn {
        #if arch(arm64)
        .planes
        #else
        .blocks
        #endif
    }
}

extension PixelBuffer {
    /// The tiles of 16 scanout rows by 32 columns that `target` holds whole, from its top-left corner, copied
    /// by `transposePlanes`; returns what it left (the columns right of the last tile, the rows below it).
    /// `walk.stepY` is ±1 and `walk.stepX` ±stride, as for `copyTransposed`.
    func copyTransposedTiles(_ pixels: UnsafePointer<UInt32>, _ walk: (origin: Int, stepX: Int, stepY: Int),
                             into target: IntRect) -> (right: IntRect, below: IntRect) {
        let chunks = target.width / 32, bands = target.height / 16
        guard chunks > 0 && bands > 0 else { return (target, .zero) }
        let ascending = walk.stepY == 1
        // Descending, the picture pixels run up the scanout: the same tiles, scanout rows taken upwards.
        let first = ascending ? target.y : target.y + 15
        let p = pixels + (walk.origin &+ target.x &* walk.stepX &+ target.y &* walk.stepY &- (ascending ? 0 : 15))
        let q = base + first &* strideBytes + target.x &* 4
        withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 64) { plane in
            let low = plane.baseAddress!
            Self.transposePlanes(from: UnsafeRawPointer(p), pictureStride: walk.stepX &* 4, to: q,
                                 scanoutStride: ascending ? strideBytes : -strideBytes, chunks: chunks, bands: bands,
                                 bandSteps: (64 &* walk.stepY, 16 &* strideBytes), low: low, high: low + 1024, step: 64)
        }
        let tiled = IntRect(x: target.x, y: target.y, width: chunks * 32, height: bands * 16)
        return (IntRect(x: tiled.maxX, y: target.y, width: target.maxX - tiled.maxX, height: tiled.height),
                IntRect(x: target.x, y: tiled.maxY, width: target.width, height: target.maxY - tiled.maxY))
    }

    /// `bands` bands of 16 scanout rows (`scanoutStride` bytes apart from `q0`), each `chunks` tiles of 32
    /// columns; scanout row k of column j is the 4-byte pixel at `p0 + j · pictureStride + 4k`; each band
    /// `bandSteps` bytes further in the picture and the scanout.
    ///
    /// A tile is 32 picture rows' 64 bytes, each read de-interleaved by one `ld4` (`columnsOfFour`) that steps
    /// on to the next row by itself (post-indexed by the stride): lane m of its register r is pixel r + 4m.
    /// Four rows' registers r go side by side into 64 bytes of a 2048-byte plane (`gatherFour`), which a second
    /// `ld4` reads back de-interleaved into scanout rows r, r + 4, r + 8 and r + 12, four columns each, written
    /// eight columns a `stp` (`scatterBlocks`), each scanout row left to right. Per 512 pixels: 32 `ld4` and 64
    /// `stp` in, 32 `ld4` and 64 `stp` out, 18 `add` for the addresses and 3 for the loop, 0.42 instructions a
    /// pixel (a transpose in registers spends two shuffles a register, 0.5 a pixel). The plane is read in order, `step` bytes at a time: passed in rather than written as 64, it is
    /// no constant LLVM can fold into offsets, and each read steps on by itself (`ld4` takes no offset, so each
    /// fixed offset cost an `add`). Two planes in turn, each half at `low` and half at `high` (`low + 1024`, passed
    /// apart so that every store into the plane is one `stp` with an offset it can reach), 2048 bytes on for the
    /// second: held the same, the plane's 32 read addresses did not change from tile to tile, and LLVM kept them
    /// all out of the loop and spilled them. Loads, stores and de-interleaving only move bits, so every pixel arrives
    /// unchanged.
    @inline(never)
    static func transposePlanes(from p0: UnsafeRawPointer, pictureStride s: Int, to q0: UnsafeMutableRawPointer,
                                scanoutStride t: Int, chunks: Int, bands: Int, bandSteps: (picture: Int, scanout: Int),
                                low: UnsafeMutableRawPointer, high: UnsafeMutableRawPointer, step: Int) {
        var flip = 0
        for band in 0..<bands {
            var p = p0 + band &* bandSteps.picture, q = q0 + band &* bandSteps.scanout
            for _ in 0..<chunks {
                let lower = low + flip, upper = high + flip
                flip ^= 2048
                gatherFour(&p, s, lower, upper, 0); gatherFour(&p, s, lower, upper, 64)
                gatherFour(&p, s, lower, upper, 128); gatherFour(&p, s, lower, upper, 192)
                gatherFour(&p, s, lower, upper, 256); gatherFour(&p, s, lower, upper, 320)
                gatherFour(&p, s, lower, upper, 384); gatherFour(&p, s, lower, upper, 448)
                scatterBlocks(UnsafeRawPointer(lower), step, q, t)
                q += 128
            }
        }
    }

    /// Four picture rows from `p` (`s` bytes apart, `p` left after them), each de-interleaved: their registers r
    /// side by side into the plane's 64 bytes at `o + 512 r`.
    @inline(__always)
    static func gatherFour(_ p: inout UnsafeRawPointer, _ s: Int, _ low: UnsafeMutableRawPointer,
                           _ high: UnsafeMutableRawPointer, _ o: Int) {
        let a = columnsOfFour(p); p += s
        let b = columnsOfFour(p); p += s
        let c = columnsOfFour(p); p += s
        let d = columnsOfFour(p); p += s
        put(a.0, b.0, low + o); put(c.0, d.0, low + (o &+ 32))
        put(a.1, b.1, low + (o &+ 512)); put(c.1, d.1, low + (o &+ 544))
        put(a.2, b.2, high + o); put(c.2, d.2, high + (o &+ 32))
        put(a.3, b.3, high + (o &+ 512)); put(c.3, d.3, high + (o &+ 544))
    }

    /// The plane, read from `u` in order `step` (64) bytes at a time, into 16 scanout rows (`q`, `t` bytes apart)
    /// of 32 pixels: its 64 bytes at `512 r + 128 h` hold columns 8h to 8h + 3 of rows r, r + 4, r + 8 and r + 12,
    /// de-interleaved; the 64 after them columns 8h + 4 to 8h + 7.
    @inline(__always)
    static func scatterBlocks(_ u: UnsafeRawPointer, _ step: Int, _ q: UnsafeMutableRawPointer, _ t: Int) {
        var u = u, row = q
        @inline(__always) func four() {
            let a = row, b = a + 4 &* t, c = b + 4 &* t, d = c + 4 &* t
            @inline(__always) func eight(_ x: Int) {
                let left = columnsOfFour(u); u += step
                let right = columnsOfFour(u); u += step
                put(left.0, right.0, a + x); put(left.1, right.1, b + x)
                put(left.2, right.2, c + x); put(left.3, right.3, d + x)
            }
            eight(0); eight(32); eight(64); eight(96)
            row += t
        }
        four(); four(); four(); four()
    }

    /// Lanes 0, 4, 8, 12 of the 16 pixels at `u`, then 1, 5, 9, 13, then 2 and 3 likewise: one `ld4` on AArch64.
    @inline(__always)
    static func columnsOfFour(_ u: UnsafeRawPointer) -> (SIMD4<UInt32>, SIMD4<UInt32>, SIMD4<UInt32>, SIMD4<UInt32>) {
        let x = u.loadUnaligned(as: SIMD16<UInt32>.self)
        let even = x.evenHalf, odd = x.oddHalf
        return (even.evenHalf, odd.evenHalf, even.oddHalf, odd.oddHalf)
    }

    /// Two groups of four pixels, one after the other: separate stores (`stp`), so LLVM does not fuse the two
    /// de-interleaves behind them into one shuffle of both loads, which it then cannot make an `ld4`.
    @inline(__always)
    static func put(_ v: SIMD4<UInt32>, _ w: SIMD4<UInt32>, _ q: UnsafeMutableRawPointer) {
        q.storeBytes(of: v, as: SIMD4<UInt32>.self)
        q.storeBytes(of: w, toByteOffset: 16, as: SIMD4<UInt32>.self)
    }
}
