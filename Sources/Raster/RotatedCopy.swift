extension PixelBuffer {
    /// Copies `rect` of the upright XRGB8888 `picture` into this scanout buffer, turned by `rotation`,
    /// packing to RGB565 when this buffer is 16-bit. Returns the scanout rectangle it wrote.
    /// This buffer must be the picture's size turned (`rotation.turned`).
    @discardableResult
    public func copyRotated(_ rect: IntRect, from picture: PixelBuffer, rotation: ScreenRotation) -> IntRect {
        precondition(picture.format == .xrgb8888 && picture.strideBytes % 4 == 0, "the picture is XRGB8888")
        precondition(rotation.turned(width: picture.width, height: picture.height) == (width, height),
                     "the scanout is the picture turned")
        let source = rect.intersection(picture.bounds)
        guard !source.isEmpty else { return .zero }
        let target = rotation.scanoutRect(source, width: picture.width, height: picture.height)
        let stride = picture.strideBytes / 4
        let walk = rotation.sourceWalk(width: picture.width, height: picture.height, stride: stride)
        let pixels = UnsafeMutableBufferPointer(start: picture.base.assumingMemoryBound(to: UInt32.self),
                                                count: stride * (picture.height - 1) + picture.width)
        switch format {
        case .xrgb8888 where walk.stepX == 1:
            copyRows(UnsafePointer(pixels.baseAddress!), walk, into: target)
        case .xrgb8888 where walk.stepY == 1 || walk.stepY == -1:
            copyTransposed(UnsafePointer(pixels.baseAddress!), walk, into: target)
        case .xrgb8888: copyWalking(pixels, walk, into: target) { $0 }
        case .rgb565: copyWalking(pixels, walk, into: target) { RGB565.pack($0) }
        }
        return target
    }

    /// The hot loop: every scanout pixel of `target` reads its picture pixel along `walk`, and each
    /// scanout row segment is written in order (fbdev and dumb buffers are often write-combined). A
    /// quarter turn reads the picture down its columns, so it goes in 32 x 32 tiles: the 32 picture rows
    /// a tile reads stay in L1 cache while 16 scanout rows use each line of them.
    @inline(__always)
    func copyWalking<Pixel>(_ pixels: UnsafeMutableBufferPointer<UInt32>, _ walk: (origin: Int, stepX: Int, stepY: Int),
                            into target: IntRect, convert: (UInt32) -> Pixel) {
        let readsAlongRows = walk.stepX == 1 || walk.stepX == -1
        let tile = readsAlongRows ? (width: target.width, height: target.height) : (width: 32, height: 32)
        var y0 = target.y
        while y0 < target.maxY {
            let y1 = min(y0 + tile.height, target.maxY)
            var x0 = target.x
            while x0 < target.maxX {
                let x1 = min(x0 + tile.width, target.maxX)
                for ty in y0..<y1 {
                    let row = UnsafeMutableBufferPointer(start: (base + ty * strideBytes).assumingMemoryBound(to: Pixel.self), count: width)
                    var i = walk.origin + x0 * walk.stepX + ty * walk.stepY
                    for tx in x0..<x1 {
                        row[tx] = convert(pixels[i])
                        i += walk.stepX
                    }
                }
                x0 = x1
            }
            y0 = y1
        }
    }

    /// Upright: each scanout row segment is one picture row segment, moved 64 bytes a step.
    func copyRows(_ pixels: UnsafePointer<UInt32>, _ walk: (origin: Int, stepX: Int, stepY: Int), into target: IntRect) {
        for ty in target.y..<target.maxY {
            let from = pixels + walk.origin + target.x + ty * walk.stepY
            let to = base + ty * strideBytes + target.x * 4
            Spans.move(from: UnsafeRawPointer(from), to: to, byteCount: target.width * 4)
        }
    }

    /// A quarter turn, in 32 x 32 tiles (their picture rows stay in L1) of 4 x 4 blocks: four vector loads
    /// along four picture rows, transposed in registers, four vector stores along four scanout rows.
    /// `walk.stepY` is ±1 (a scanout column runs along a picture row) and `walk.stepX` ±stride.
    func copyTransposed(_ pixels: UnsafePointer<UInt32>, _ walk: (origin: Int, stepX: Int, stepY: Int), into target: IntRect) {
        let ascending = walk.stepY == 1
        @inline(__always) func load(_ i: Int) -> SIMD4<UInt32> {
            UnsafeRawPointer(pixels + i).loadUnaligned(as: SIMD4<UInt32>.self)
        }
        @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
            (base + y * strideBytes).assumingMemoryBound(to: UInt32.self)
        }
        @inline(__always) func single(_ tx: Int, _ ty: Int) {
            row(ty)[tx] = pixels[walk.origin + tx * walk.stepX + ty * walk.stepY]
        }
        var y0 = target.y
        while y0 < target.maxY {
            let y1 = min(y0 + 32, target.maxY)
            var x0 = target.x
            while x0 < target.maxX {
                let x1 = min(x0 + 32, target.maxX)
                var ty = y0
                while ty + 4 <= y1 {
                    // Descending, the picture pixels run up the scanout: the same transpose, rows swapped.
                    let (r0, r1, r2, r3) = ascending ? (row(ty), row(ty + 1), row(ty + 2), row(ty + 3))
                                                     : (row(ty + 3), row(ty + 2), row(ty + 1), row(ty))
                    var first = walk.origin + x0 * walk.stepX + ty * walk.stepY - (ascending ? 0 : 3)
                    let step = walk.stepX
                    var tx = x0
                    while tx + 4 <= x1 {
                        // Scanout rows ty...ty+3 read four neighbouring pixels of one picture row.
                        let a = load(first), b = load(first + step), c = load(first + 2 * step), d = load(first + 3 * step)
                        // The transpose in six shuffles: even and odd lanes of concatenated pairs.
                        let ab = SIMD8(lowHalf: a, highHalf: b), cd = SIMD8(lowHalf: c, highHalf: d)
                        let even = SIMD8(lowHalf: ab.evenHalf, highHalf: cd.evenHalf)  // a0 a2 b0 b2 c0 c2 d0 d2
                        let odd = SIMD8(lowHalf: ab.oddHalf, highHalf: cd.oddHalf)     // a1 a3 b1 b3 c1 c3 d1 d3
                        UnsafeMutableRawPointer(r0 + tx).storeBytes(of: even.evenHalf, as: SIMD4<UInt32>.self)
                        UnsafeMutableRawPointer(r1 + tx).storeBytes(of: odd.evenHalf, as: SIMD4<UInt32>.self)
                        UnsafeMutableRawPointer(r2 + tx).storeBytes(of: even.oddHalf, as: SIMD4<UInt32>.self)
                        UnsafeMutableRawPointer(r3 + tx).storeBytes(of: odd.oddHalf, as: SIMD4<UInt32>.self)
                        first += 4 * step
                        tx += 4
                    }
                    for x in tx..<x1 { for y in ty..<(ty + 4) { single(x, y) } }
                    ty += 4
                }
                for y in ty..<y1 { for x in x0..<x1 { single(x, y) } }
                x0 = x1
            }
            y0 = y1
        }
    }
}
