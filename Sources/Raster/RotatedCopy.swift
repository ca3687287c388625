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
}
