extension Canvas {
    /// Moves the pixels inside `rect` (local coordinates, clipped) by (dx, dy), as a pan moves a picture:
    /// what moves out of the rectangle is dropped, and the strips it uncovers keep their old pixels for the
    /// caller to redraw. Records the whole rectangle as damage.
    public mutating func scroll(_ rect: IntRect, dx: Int, dy: Int) {
        let r = rect.offsetBy(dx: originX, dy: originY).intersection(clip)
        guard !r.isEmpty else { return }
        damage.add(r)
        // The part of r whose pixels stay inside r once moved, as a source.
        let source = r.intersection(r.offsetBy(dx: -dx, dy: -dy))
        guard !source.isEmpty, dx != 0 || dy != 0 else { return }
        let bytes = buffer.format.bytesPerPixel
        let rowBytes = source.width * bytes
        // Rows go in the order that never overwrites a row before it is read.
        for i in 0..<source.height {
            let y = dy > 0 ? source.maxY - 1 - i : source.y + i
            let from = buffer.base + y * buffer.strideBytes + source.x * bytes
            let to = buffer.base + (y + dy) * buffer.strideBytes + (source.x + dx) * bytes
            Spans.move(from: UnsafeRawPointer(from), to: to, byteCount: rowBytes)
        }
    }
}

extension Spans {
    /// Copies `byteCount` bytes between places that do not overlap (a picture kept off screen and the
    /// screen), front to back: 64 bytes a step, then 16, then one pixel at a time (`byteCount` is whole
    /// pixels of 2 or 4 bytes).
    @inline(__always)
    static func copy(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, byteCount: Int) {
        var i = 0
        while i &+ 64 <= byteCount {
            let a = source.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt32>.self)
            let b = source.loadUnaligned(fromByteOffset: i &+ 16, as: SIMD4<UInt32>.self)
            let c = source.loadUnaligned(fromByteOffset: i &+ 32, as: SIMD4<UInt32>.self)
            let d = source.loadUnaligned(fromByteOffset: i &+ 48, as: SIMD4<UInt32>.self)
            target.storeBytes(of: a, toByteOffset: i, as: SIMD4<UInt32>.self)
            target.storeBytes(of: b, toByteOffset: i &+ 16, as: SIMD4<UInt32>.self)
            target.storeBytes(of: c, toByteOffset: i &+ 32, as: SIMD4<UInt32>.self)
            target.storeBytes(of: d, toByteOffset: i &+ 48, as: SIMD4<UInt32>.self)
            i &+= 64
        }
        while i &+ 16 <= byteCount {
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt32>.self), toByteOffset: i, as: SIMD4<UInt32>.self)
            i &+= 16
        }
        while i &+ 2 <= byteCount {
            if i &+ 4 <= byteCount {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: i, as: UInt32.self), toByteOffset: i, as: UInt32.self)
                i &+= 4
            } else {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: i, as: UInt16.self), toByteOffset: i, as: UInt16.self)
                i &+= 2
            }
        }
    }

    /// Copies `byteCount` bytes that may overlap, 16 at a time in the direction that reads every byte
    /// before it is overwritten (memmove, without `rep movsb`, which callgrind counts per byte).
    @inline(__always)
    static func move(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, byteCount: Int) {
        guard byteCount > 0, UnsafeRawPointer(target) != source else { return }
        if UnsafeRawPointer(target) < source {
            var i = 0
            while i + 64 <= byteCount {
                let a = source.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt32>.self)
                let b = source.loadUnaligned(fromByteOffset: i + 16, as: SIMD4<UInt32>.self)
                let c = source.loadUnaligned(fromByteOffset: i + 32, as: SIMD4<UInt32>.self)
                let d = source.loadUnaligned(fromByteOffset: i + 48, as: SIMD4<UInt32>.self)
                target.storeBytes(of: a, toByteOffset: i, as: SIMD4<UInt32>.self)
                target.storeBytes(of: b, toByteOffset: i + 16, as: SIMD4<UInt32>.self)
                target.storeBytes(of: c, toByteOffset: i + 32, as: SIMD4<UInt32>.self)
                target.storeBytes(of: d, toByteOffset: i + 48, as: SIMD4<UInt32>.self)
                i += 64
            }
            while i + 16 <= byteCount {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt32>.self), toByteOffset: i, as: SIMD4<UInt32>.self)
                i += 16
            }
            // Rows of pixels end in whole 4-byte pixels: the last few move one pixel at a time.
            while i + 4 <= byteCount {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: i, as: UInt32.self), toByteOffset: i, as: UInt32.self)
                i += 4
            }
            while i < byteCount {
                target.storeBytes(of: source.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self)
                i += 1
            }
        } else {
            var end = byteCount
            while end >= 64 {
                let a = source.loadUnaligned(fromByteOffset: end - 64, as: SIMD4<UInt32>.self)
                let b = source.loadUnaligned(fromByteOffset: end - 48, as: SIMD4<UInt32>.self)
                let c = source.loadUnaligned(fromByteOffset: end - 32, as: SIMD4<UInt32>.self)
                let d = source.loadUnaligned(fromByteOffset: end - 16, as: SIMD4<UInt32>.self)
                target.storeBytes(of: a, toByteOffset: end - 64, as: SIMD4<UInt32>.self)
                target.storeBytes(of: b, toByteOffset: end - 48, as: SIMD4<UInt32>.self)
                target.storeBytes(of: c, toByteOffset: end - 32, as: SIMD4<UInt32>.self)
                target.storeBytes(of: d, toByteOffset: end - 16, as: SIMD4<UInt32>.self)
                end -= 64
            }
            while end >= 16 {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: end - 16, as: SIMD4<UInt32>.self), toByteOffset: end - 16, as: SIMD4<UInt32>.self)
                end -= 16
            }
            while end >= 4 {
                end -= 4
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: end, as: UInt32.self), toByteOffset: end, as: UInt32.self)
            }
            while end > 0 {
                end -= 1
                target.storeBytes(of: source.load(fromByteOffset: end, as: UInt8.self), toByteOffset: end, as: UInt8.self)
            }
        }
    }
}
