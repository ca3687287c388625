extension PixelBuffer {
    /// Copies `rect` of the upright XRGB8888 `picture` into this scanout buffer, turned by `rotation`,
    /// packing to RGB565 when this buffer is 16-bit. Returns the scanout rectangle it wrote.
    /// This buffer must be the picture's size turned (`rotation.turned`).
    @discardableResult
    public func copyRotated(_ rect: IntRect, from picture: PixelBuffer, rotation: ScreenRotation) -> IntRect {
        copyRotated(rect, from: picture, rotation: rotation, quarterTurn: .native)
    }

    /// `copyRotated` with a quarter turn's pixels moved one way or the other (tests compare both on any machine).
    @discardableResult
    func copyRotated(_ rect: IntRect, from picture: PixelBuffer, rotation: ScreenRotation, quarterTurn: QuarterTurn) -> IntRect {
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
            let from = UnsafePointer(pixels.baseAddress!)
            if quarterTurn == .planes {
                let rest = copyTransposedTiles(from, walk, into: target)
                copyTransposed(from, walk, into: rest.right)
                copyTransposed(from, walk, into: rest.below)
            } else {
                copyTransposed(from, walk, into: target)
            }
        case .xrgb8888: copyWalking(pixels, walk, into: target) { $0 }
        case .rgb565: copyWalking(pixels, walk, into: target) { RGB565.pack($0) }
        }
        return target
    }

    /// The hot loop: every scanout pixel of `target` reads its picture pixel along `walk`, and each
    /// scanout row segment is written in order (fbdev and dumb buffers are often write-combined). A
    /// quarter turn into RGB565 reads the picture down its columns, so it goes in 32 x 32 tiles: the 32
    /// picture rows a tile reads stay in L1 cache while 16 scanout rows use each line of them.
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

    /// A quarter turn: `transposeBands` copies bands of 8 scanout rows, eight columns a step, each
    /// band across the whole rectangle; columns and rows left over (sizes not a multiple of 8) go
    /// pixel by pixel. Every scanout row is written left to right and never read.
    /// `walk.stepY` is ±1 (a scanout column runs along a picture row) and `walk.stepX` ±stride.
    func copyTransposed(_ pixels: UnsafePointer<UInt32>, _ walk: (origin: Int, stepX: Int, stepY: Int), into target: IntRect) {
        guard !target.isEmpty else { return }
        let ascending = walk.stepY == 1
        @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
            (base + y &* strideBytes).assumingMemoryBound(to: UInt32.self)
        }
        @inline(__always) func single(_ tx: Int, _ ty: Int) {
            row(ty)[tx] = pixels[walk.origin &+ tx &* walk.stepX &+ ty &* walk.stepY]
        }
        let blocks = target.width / 8, blocked = target.x + blocks * 8
        let bands = target.height / 8, banded = target.y + bands * 8
        if blocks > 0 && bands > 0 {
            // Descending, the picture pixels run up the scanout: the same blocks, scanout rows taken upwards.
            let first = ascending ? target.y : target.y + 7
            let p = pixels + (walk.origin &+ target.x &* walk.stepX &+ target.y &* walk.stepY &- (ascending ? 0 : 7))
            Self.transposeBands(from: UnsafeRawPointer(p), BlockStrides(walk.stepX &* 4),
                                to: UnsafeMutableRawPointer(row(first) + target.x), BlockStrides(ascending ? strideBytes : -strideBytes),
                                blocks: blocks, bands: bands, bandSteps: (32 &* walk.stepY, 8 &* strideBytes))
        }
        if blocked < target.maxX {
            for y in target.y..<banded { for x in blocked..<target.maxX { single(x, y) } }
        }
        for y in banded..<target.maxY { for x in target.x..<target.maxX { single(x, y) } }
    }

    /// Byte offsets of eight rows `s` bytes apart, each one addressing mode away from the first
    /// (`s`, `2s`, `3s`, `4s`, `5s`, `2·3s`, `7s`): four registers instead of eight pointers.
    struct BlockStrides {
        let s1, s3, s5, s7: Int
        init(_ s: Int) { s1 = s; s3 = 3 &* s; s5 = 5 &* s; s7 = 7 &* s }

        @inline(__always)
        func row(_ k: Int) -> Int {
            switch k {
            case 0: 0
            case 1: s1
            case 2: s1 &* 2
            case 3: s3
            case 4: s1 &* 4
            case 5: s5
            case 6: s3 &* 2
            default: s7
            }
        }
    }

    /// `bands` bands of 8 scanout rows (`scanout.row(k)` bytes after `q0`), `blocks` blocks of 8
    /// columns each, from picture pixels where scanout row k of column j is the 4-byte pixel at
    /// `p0 + picture.row(j) + 4k`; each band `bandSteps` bytes further in the picture and the scanout.
    /// A band reads 32 bytes of each picture row; the next band reads the 32 after them, by then out of
    /// L1 (at 1920 pixels a row the lines of one picture column fall in 8 of a 32 kB 8-way L1's 64
    /// sets, so no more than 64 of them stay there, however the columns are tiled).
    ///
    /// Each pair of scanout rows takes two neighbouring pixels of each of four picture rows: two 8-byte
    /// loads fill a register (`movsd`, `movhps` on SSE2), and two such registers give both rows' four
    /// pixels with one two-source shuffle each (`shufps`). Eight pixels cost four loads, two shuffles,
    /// a register copy and two stores: 72 instructions a block of 64, and 5 for the loop. Not inlined:
    /// as its own function the eight scanout rows stay in registers, one index for all, where inlined
    /// LLVM advanced a pointer for each picture row.
    @inline(never)
    static func transposeBands(from p0: UnsafeRawPointer, _ picture: BlockStrides, to q0: UnsafeMutableRawPointer,
                               _ scanout: BlockStrides, blocks: Int, bands: Int, bandSteps: (picture: Int, scanout: Int)) {
        for band in 0..<bands {
            var p = p0 + band &* bandSteps.picture, q = q0 + band &* bandSteps.scanout
            let end = q + 32 &* blocks
            // Columns 4g...4g+3 of the block: picture rows a, b, c, d.
            @inline(__always) func four(_ g: Int) {
                let a = p + picture.row(4 &* g), b = p + picture.row(4 &* g &+ 1)
                let c = p + picture.row(4 &* g &+ 2), d = p + picture.row(4 &* g &+ 3)
                @inline(__always) func rows(_ k: Int) {
                    let ab = twoPairs(a + 4 &* k, b + 4 &* k), cd = twoPairs(c + 4 &* k, d + 4 &* k)
                    store(SIMD4(ab[0], ab[2], cd[0], cd[2]), q + scanout.row(k) + 16 &* g)
                    store(SIMD4(ab[1], ab[3], cd[1], cd[3]), q + scanout.row(k &+ 1) + 16 &* g)
                }
                rows(0); rows(2); rows(4); rows(6)
            }
            repeat {
                four(0); four(1)
                p += picture.s1 &* 8
                q += 32
            } while q != end
        }
    }

    /// Two neighbouring pixels at `a` then two at `b`, as the bits of four floats: in the float domain
    /// LLVM keeps the 8-byte loads and the two-source shuffle as written (`movsd`/`movhps`, `shufps`)
    /// instead of recombining them. Loads, stores and shuffles only move bits, so every pixel arrives
    /// unchanged.
    @inline(__always)
    static func twoPairs(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> SIMD4<Float> {
        unsafeBitCast(SIMD2(a.loadUnaligned(as: Double.self), b.loadUnaligned(as: Double.self)), to: SIMD4<Float>.self)
    }

    @inline(__always)
    static func store(_ v: SIMD4<Float>, _ p: UnsafeMutableRawPointer) {
        p.storeBytes(of: v, as: SIMD4<Float>.self)
    }
}
