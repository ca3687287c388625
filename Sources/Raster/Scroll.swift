extension Canvas {
    /// Moves the pixels inside `rect` (local coordinates, clipped) by (dx, dy), as a pan moves a picture:
    /// what moves out of the rectangle is dropped, and the strips it uncovers keep their old pixels for the
    /// caller to redraw. Records the whole rectangle as damage.
    ///
    /// `redrawn` (local coordinates) is what the caller paints over whole once the pixels moved: where such a
    /// rectangle takes whole rows of the moved part, or whole columns at either of its ends, those pixels are
    /// not moved (they would be painted over), and keep what they held.
    public mutating func scroll(_ rect: IntRect, dx: Int, dy: Int, redrawn: [IntRect] = []) {
        let r = rect.offsetBy(dx: originX, dy: originY).intersection(clip)
        guard !r.isEmpty else { return }
        damage.add(r)
        // The part of r whose pixels stay inside r once moved, where they go.
        var target = r.intersection(r.offsetBy(dx: dx, dy: dy))
        guard !target.isEmpty, dx != 0 || dy != 0 else { return }
        var skippedRows: [Range<Int>] = []
        for local in redrawn {
            let g = local.offsetBy(dx: originX, dy: originY)
            if g.y <= target.y && g.maxY >= target.maxY {
                if g.x <= target.x && g.maxX > target.x {
                    target = IntRect(x: g.maxX, y: target.y, width: max(0, target.maxX - g.maxX), height: target.height)
                } else if g.maxX >= target.maxX && g.x < target.maxX {
                    target = IntRect(x: target.x, y: target.y, width: max(0, g.x - target.x), height: target.height)
                }
            } else if g.x <= target.x && g.maxX >= target.maxX && g.y < target.maxY && g.maxY > target.y {
                skippedRows.append(g.y..<g.maxY)
            }
        }
        guard target.width > 0 else { return }
        let bytes = buffer.format.bytesPerPixel
        let rowBytes = target.width * bytes
        // Rows go in the order that never overwrites a row before it is read.
        for i in 0..<target.height {
            let y = dy > 0 ? target.maxY - 1 - i : target.y + i
            if !skippedRows.isEmpty && skippedRows.contains(where: { $0.contains(y) }) { continue }
            let from = buffer.base + (y - dy) * buffer.strideBytes + (target.x - dx) * bytes
            let to = buffer.base + y * buffer.strideBytes + target.x * bytes
            Spans.move(from: UnsafeRawPointer(from), to: to, byteCount: rowBytes)
        }
    }
}

extension Spans {
    /// Copies `byteCount` bytes between places that do not overlap (a picture kept off screen and the
    /// screen), front to back: `blockBytes` (256) a step, the rest in pieces of 128, 64, 32 and 16 bytes, the
    /// last 16 ending at the end (over bytes already copied, copied again unchanged); a run under 16 bytes
    /// a pixel at a time (`byteCount` is whole pixels of 2 or 4 bytes).
    @inline(__always)
    static func copy(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, byteCount: Int) {
        guard byteCount >= 16 else { copyPixels(from: source, to: target, byteCount); return }
        let lastAt = byteCount &- 16
        moveForward(from: source, to: target, byteCount: byteCount)
        target.storeBytes(of: source.loadUnaligned(fromByteOffset: lastAt, as: SIMD4<UInt32>.self), toByteOffset: lastAt, as: SIMD4<UInt32>.self)
    }

    /// Copies `byteCount` bytes that may overlap, in the direction that reads every byte before it is
    /// overwritten (memmove, without `rep movsb`, which callgrind counts per byte), as `copy` does; the 16
    /// bytes at the far end are read before anything is written and written last.
    @inline(__always)
    static func move(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, byteCount: Int) {
        guard byteCount > 0, UnsafeRawPointer(target) != source else { return }
        if UnsafeRawPointer(target) < source {
            guard byteCount >= 16 else { copyPixels(from: source, to: target, byteCount); return }
            let lastAt = byteCount &- 16
            let last = source.loadUnaligned(fromByteOffset: lastAt, as: SIMD4<UInt32>.self)
            moveForward(from: source, to: target, byteCount: byteCount)
            target.storeBytes(of: last, toByteOffset: lastAt, as: SIMD4<UInt32>.self)
        } else {
            guard byteCount >= 16 else { copyPixelsBackwards(from: source, to: target, byteCount); return }
            let first = source.loadUnaligned(as: SIMD4<UInt32>.self)
            moveBackward(from: source, to: target, byteCount: byteCount)
            target.storeBytes(of: first, as: SIMD4<UInt32>.self)
        }
    }

    /// The bytes a step of `copy` and `move` take: sixteen 16-byte vectors, in two halves of eight.
    static let blockBytes = 256

    /// Every 16 bytes of `0..<byteCount` (at least 16) but the last 16, front to back, each read before it is
    /// written: safe for a move towards lower addresses (no load lies below an earlier store).
    @inline(__always)
    static func moveForward(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, byteCount: Int) {
        var i = 0
        while i &+ blockBytes <= byteCount {
            moveVectors(8, from: source + i, to: target + i)
            moveVectors(8, from: source + (i &+ 128), to: target + (i &+ 128))
            i &+= blockBytes
        }
        if byteCount &- i >= 128 { moveVectors(8, from: source + i, to: target + i); i &+= 128 }
        if byteCount &- i >= 64 { moveVectors(4, from: source + i, to: target + i); i &+= 64 }
        if byteCount &- i >= 32 { moveVectors(2, from: source + i, to: target + i); i &+= 32 }
        if byteCount &- i > 16 { moveVectors(1, from: source + i, to: target + i) }
    }

    /// Every 16 bytes of `0..<byteCount` (at least 16) but the first 16, back to front: safe for a move
    /// towards higher addresses.
    @inline(__always)
    static func moveBackward(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, byteCount: Int) {
        var end = byteCount
        while end >= blockBytes {
            end &-= blockBytes
            moveVectors(8, from: source + (end &+ 128), to: target + (end &+ 128))
            moveVectors(8, from: source + end, to: target + end)
        }
        if end >= 128 { end &-= 128; moveVectors(8, from: source + end, to: target + end) }
        if end >= 64 { end &-= 64; moveVectors(4, from: source + end, to: target + end) }
        if end >= 32 { end &-= 32; moveVectors(2, from: source + end, to: target + end) }
        if end > 16 { moveVectors(1, from: source + (end &- 16), to: target + (end &- 16)) }
    }

    /// `count` (a constant, at most 8) 16-byte vectors, all loaded, then all stored.
    @inline(__always)
    static func moveVectors(_ count: Int, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
        let a = source.loadUnaligned(as: SIMD4<UInt32>.self)
        let b = count > 1 ? source.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self) : a
        let c = count > 2 ? source.loadUnaligned(fromByteOffset: 32, as: SIMD4<UInt32>.self) : a
        let d = count > 3 ? source.loadUnaligned(fromByteOffset: 48, as: SIMD4<UInt32>.self) : a
        let e = count > 4 ? source.loadUnaligned(fromByteOffset: 64, as: SIMD4<UInt32>.self) : a
        let f = count > 5 ? source.loadUnaligned(fromByteOffset: 80, as: SIMD4<UInt32>.self) : a
        let g = count > 6 ? source.loadUnaligned(fromByteOffset: 96, as: SIMD4<UInt32>.self) : a
        let h = count > 7 ? source.loadUnaligned(fromByteOffset: 112, as: SIMD4<UInt32>.self) : a
        target.storeBytes(of: a, as: SIMD4<UInt32>.self)
        if count > 1 { target.storeBytes(of: b, toByteOffset: 16, as: SIMD4<UInt32>.self) }
        if count > 2 { target.storeBytes(of: c, toByteOffset: 32, as: SIMD4<UInt32>.self) }
        if count > 3 { target.storeBytes(of: d, toByteOffset: 48, as: SIMD4<UInt32>.self) }
        if count > 4 { target.storeBytes(of: e, toByteOffset: 64, as: SIMD4<UInt32>.self) }
        if count > 5 { target.storeBytes(of: f, toByteOffset: 80, as: SIMD4<UInt32>.self) }
        if count > 6 { target.storeBytes(of: g, toByteOffset: 96, as: SIMD4<UInt32>.self) }
        if count > 7 { target.storeBytes(of: h, toByteOffset: 112, as: SIMD4<UInt32>.self) }
    }

    /// `byteCount` bytes (under 16 where used) a pixel (4, or 2 at the end) at a time, front to back.
    @inline(__always)
    static func copyPixels(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, _ byteCount: Int) {
        var i = 0
        while i &+ 4 <= byteCount {
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: i, as: UInt32.self), toByteOffset: i, as: UInt32.self)
            i &+= 4
        }
        if i &+ 2 <= byteCount {
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: i, as: UInt16.self), toByteOffset: i, as: UInt16.self)
        }
    }

    /// `byteCount` (under 16) bytes back to front, two at a time.
    @inline(__always)
    static func copyPixelsBackwards(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, _ byteCount: Int) {
        var end = byteCount
        while end >= 2 {
            end &-= 2
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: end, as: UInt16.self), toByteOffset: end, as: UInt16.self)
        }
    }
}
