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
        withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 64) { temp in
            let low = temp.baseAddress!
            Self.transposePlanes(from: UnsafeRawPointer(p), pictureStride: walk.stepX &* 4, to: q,
                                 scanoutStride: ascending ? strideBytes : -strideBytes, chunks: chunks, bands: bands,
                                 bandSteps: (64 &* walk.stepY, 16 &* strideBytes), low: low, high: low + 1024)
        }
        let tiled = IntRect(x: target.x, y: target.y, width: chunks * 32, height: bands * 16)
        return (IntRect(x: tiled.maxX, y: target.y, width: target.maxX - tiled.maxX, height: tiled.height),
                IntRect(x: target.x, y: tiled.maxY, width: target.width, height: target.maxY - tiled.maxY))
    }

    /// `bands` bands of 16 scanout rows (`scanoutStride` bytes apart from `q0`), each `chunks` tiles of 32
    /// columns; scanout row k of column j is the 4-byte pixel at `p0 + j · pictureStride + 4k`; each band
    /// `bandSteps` bytes further in the picture and the scanout.
    ///
    /// A tile is 32 picture rows' 64 bytes (`gatherPair`): each row's four groups of four pixels go to four
    /// planes of 512 bytes, a row's group 16 bytes after the last row's. Read back 64 bytes at a time as the
    /// four lanes of 16 (`ld4`, from `SIMD16`'s even and odd halves), a plane gives four scanout rows four
    /// pixels at a time, written eight at a time (`scatterPlane`). Per 512 pixels: 64 `ldp` and 64 `stp` into
    /// the planes, 32 `ld4` and 64 `stp` out, and the addresses (a transpose in registers spends two shuffles
    /// a register, 0.5 instructions a pixel). Two buffers in turn, each two planes at `low` and two at `high`
    /// (2048 bytes on for the second), so the planes' addresses change from tile to tile: held the same, LLVM
    /// kept all 32 read addresses in registers and spilled them; and `high` comes apart from `low`, or LLVM
    /// folds it into offsets from `low` beyond what one `stp` can reach. Loads, stores and de-interleaving only move bits,
    /// so every pixel arrives unchanged.
    @inline(never)
    static func transposePlanes(from p0: UnsafeRawPointer, pictureStride s: Int, to q0: UnsafeMutableRawPointer,
                                scanoutStride t: Int, chunks: Int, bands: Int, bandSteps: (picture: Int, scanout: Int),
                                low: UnsafeMutableRawPointer, high: UnsafeMutableRawPointer) {
        var flip = 0
        for band in 0..<bands {
            var p = p0 + band &* bandSteps.picture, q = q0 + band &* bandSteps.scanout
            for _ in 0..<chunks {
                let lower = low + flip, upper = high + flip
                flip ^= 2048
                // Sixteen pairs of rows, each at its own constant offset (a loop over them spent adds on the offsets).
                gatherPair(p, s, lower, upper, 0); p += 2 &* s
                gatherPair(p, s, lower, upper, 32); p += 2 &* s
                gatherPair(p, s, lower, upper, 64); p += 2 &* s
                gatherPair(p, s, lower, upper, 96); p += 2 &* s
                gatherPair(p, s, lower, upper, 128); p += 2 &* s
                gatherPair(p, s, lower, upper, 160); p += 2 &* s
                gatherPair(p, s, lower, upper, 192); p += 2 &* s
                gatherPair(p, s, lower, upper, 224); p += 2 &* s
                gatherPair(p, s, lower, upper, 256); p += 2 &* s
                gatherPair(p, s, lower, upper, 288); p += 2 &* s
                gatherPair(p, s, lower, upper, 320); p += 2 &* s
                gatherPair(p, s, lower, upper, 352); p += 2 &* s
                gatherPair(p, s, lower, upper, 384); p += 2 &* s
                gatherPair(p, s, lower, upper, 416); p += 2 &* s
                gatherPair(p, s, lower, upper, 448); p += 2 &* s
                gatherPair(p, s, lower, upper, 480); p += 2 &* s
                scatterPlane(lower, q, t)
                scatterPlane(lower + 512, q + 4 &* t, t)
                scatterPlane(upper, q + 8 &* t, t)
                scatterPlane(upper + 512, q + 12 &* t, t)
                q += 128
            }
        }
    }

    /// Picture rows j and j + 1 (64 bytes each, at `p` and `p + s`) into the planes at `o`: pixels 0-3 to
    /// `lower`, 4-7 to `lower + 512`, 8-11 to `upper`, 12-15 to `upper + 512`, row j + 1's after row j's.
    @inline(__always)
    static func gatherPair(_ p: UnsafeRawPointer, _ s: Int, _ lower: UnsafeMutableRawPointer, _ upper: UnsafeMutableRawPointer,
                           _ o: Int) {
        let b = p + s
        let a0 = p.loadUnaligned(as: SIMD4<UInt32>.self), a1 = p.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self)
        let a2 = p.loadUnaligned(fromByteOffset: 32, as: SIMD4<UInt32>.self), a3 = p.loadUnaligned(fromByteOffset: 48, as: SIMD4<UInt32>.self)
        let b0 = b.loadUnaligned(as: SIMD4<UInt32>.self), b1 = b.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self)
        let b2 = b.loadUnaligned(fromByteOffset: 32, as: SIMD4<UInt32>.self), b3 = b.loadUnaligned(fromByteOffset: 48, as: SIMD4<UInt32>.self)
        put(a0, b0, lower + o)
        put(a1, b1, lower + (o &+ 512))
        put(a2, b2, upper + o)
        put(a3, b3, upper + (o &+ 512))
    }

    /// Four scanout rows (`r`, `t` bytes apart) of 32 pixels from one plane at `u`: each 64 bytes (four picture
    /// rows' four pixels) de-interleaved into the four rows' four pixels.
    @inline(__always)
    static func scatterPlane(_ u: UnsafeMutableRawPointer, _ r: UnsafeMutableRawPointer, _ t: Int) {
        let r1 = r + t, r2 = r + 2 &* t, r3 = r + 3 &* t
        @inline(__always) func eight(_ v: UnsafeMutableRawPointer, _ x: Int) {
            let a = columnsOfFour(v), b = columnsOfFour(v + 64)
            put(a.0, b.0, r + x); put(a.1, b.1, r1 + x); put(a.2, b.2, r2 + x); put(a.3, b.3, r3 + x)
        }
        eight(u, 0); eight(u + 128, 32); eight(u + 256, 64); eight(u + 384, 96)
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
