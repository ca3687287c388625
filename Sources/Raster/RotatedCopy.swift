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

    /// A quarter turn, in tiles of 16 scanout rows (one 64-byte line of each picture row they read)
    /// by 128 columns (128 picture lines, 8 kB, stay in L1), walked in blocks of 8 scanout rows by 4
    /// columns: four vector loads along each of four picture rows, two 4 x 4 transposes in registers,
    /// eight vector stores, each scanout row written left to right and never read.
    /// `walk.stepY` is ±1 (a scanout column runs along a picture row) and `walk.stepX` ±stride.
    func copyTransposed(_ pixels: UnsafePointer<UInt32>, _ walk: (origin: Int, stepX: Int, stepY: Int), into target: IntRect) {
        let ascending = walk.stepY == 1
        let step = walk.stepX
        @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
            (base + y &* strideBytes).assumingMemoryBound(to: UInt32.self)
        }
        @inline(__always) func single(_ tx: Int, _ ty: Int) {
            row(ty)[tx] = pixels[walk.origin &+ tx &* walk.stepX &+ ty &* walk.stepY]
        }
        var y0 = target.y
        while y0 < target.maxY {
            let y1 = min(y0 + 16, target.maxY)
            var x0 = target.x
            while x0 < target.maxX {
                let x1 = min(x0 + 128, target.maxX)
                var ty = y0
                while ty + 8 <= y1 {
                    // Descending, the picture pixels run up the scanout: the same transposes, rows reversed.
                    let first = ascending ? ty : ty + 7, next = ascending ? 1 : -1
                    let r0 = row(first), r1 = row(first &+ next), r2 = row(first &+ 2 &* next), r3 = row(first &+ 3 &* next)
                    let r4 = row(first &+ 4 &* next), r5 = row(first &+ 5 &* next)
                    let r6 = row(first &+ 6 &* next), r7 = row(first &+ 7 &* next)
                    var p = pixels + (walk.origin &+ x0 &* step &+ ty &* walk.stepY &- (ascending ? 0 : 7))
                    var tx = x0
                    while tx &+ 4 <= x1 {
                        // Scanout rows ty...ty+7 read eight neighbouring pixels of four picture rows.
                        let (a0, a1, a2, a3) = Self.transpose(Self.load(p), Self.load(p + step),
                                                              Self.load(p + 2 &* step), Self.load(p + 3 &* step))
                        let (b0, b1, b2, b3) = Self.transpose(Self.load(p + 4), Self.load(p + step + 4),
                                                              Self.load(p + 2 &* step + 4), Self.load(p + 3 &* step + 4))
                        Self.store(a0, r0 + tx); Self.store(a1, r1 + tx); Self.store(a2, r2 + tx); Self.store(a3, r3 + tx)
                        Self.store(b0, r4 + tx); Self.store(b1, r5 + tx); Self.store(b2, r6 + tx); Self.store(b3, r7 + tx)
                        p += 4 &* step
                        tx &+= 4
                    }
                    for x in tx..<x1 { for y in ty..<(ty + 8) { single(x, y) } }
                    ty += 8
                }
                for y in ty..<y1 { for x in x0..<x1 { single(x, y) } }
                x0 = x1
            }
            y0 = y1
        }
    }

    @inline(__always)
    static func load(_ p: UnsafePointer<UInt32>) -> SIMD4<UInt32> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self)
    }

    @inline(__always)
    static func store(_ v: SIMD4<UInt32>, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<UInt32>.self)
    }

    /// Rows a, b, c, d become columns. Written lane by lane, LLVM lowers it to the classic SSE/NEON
    /// sequence (unpack low/high, then move the 64-bit halves): eight shuffles, where evenHalf/oddHalf
    /// of SIMD8 cost more.
    @inline(__always)
    static func transpose(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, _ c: SIMD4<UInt32>, _ d: SIMD4<UInt32>)
        -> (SIMD4<UInt32>, SIMD4<UInt32>, SIMD4<UInt32>, SIMD4<UInt32>) {
        let ab0 = SIMD4(a[0], b[0], a[1], b[1]), ab1 = SIMD4(a[2], b[2], a[3], b[3])
        let cd0 = SIMD4(c[0], d[0], c[1], d[1]), cd1 = SIMD4(c[2], d[2], c[3], d[3])
        return (SIMD4(lowHalf: ab0.lowHalf, highHalf: cd0.lowHalf), SIMD4(lowHalf: ab0.highHalf, highHalf: cd0.highHalf),
                SIMD4(lowHalf: ab1.lowHalf, highHalf: cd1.lowHalf), SIMD4(lowHalf: ab1.highHalf, highHalf: cd1.highHalf))
    }
}
