import Raster

/// Memory the screen scans out: a DRM dumb buffer or an fbdev page. It is written, never read:
/// on a Pi, dumb buffers are mapped write-combined, so a read is uncached and an order of magnitude
/// slower than one from ordinary memory (why Xorg's modesetting driver and Weston keep a shadow, and
/// why the kernel has DRM_CAP_DUMB_PREFER_SHADOW). The kiosk draws into a cached shadow; a page
/// only ever receives rectangles of it, row by row in address order. The buffer is private, so no
/// code can read a page: the type is the proof.
struct ScanoutPage {
    private let memory: PixelBuffer

    init(_ memory: PixelBuffer) {
        self.memory = memory
    }

    var width: Int { memory.width }
    var height: Int { memory.height }
    var format: PixelFormat { memory.format }

    /// Writes `rect` of the upright `picture`, turned; returns the page rectangle written.
    @discardableResult
    func write(_ rect: IntRect, from picture: PixelBuffer, rotation: ScreenRotation) -> IntRect {
        memory.copyRotated(rect, from: picture, rotation: rotation)
    }
}
