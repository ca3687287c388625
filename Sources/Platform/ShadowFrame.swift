import Raster

/// The upright picture the kiosk draws into, in cached memory, and what each scanout page still
/// lacks of it. A page is brought up to date just before it is shown, never while it is on screen,
/// and only by writing: see `ScanoutPage`.
struct ShadowFrame {
    let picture: PixelImage
    let rotation: ScreenRotation
    /// Per page: upright rectangles drawn since that page was last brought up to date.
    var missed: [[IntRect]]

    /// Every page starts out lacking the whole picture: fbdev memory holds whatever the console left.
    init(scanout: ScanoutPage, rotation: ScreenRotation, pages: Int) {
        self.init(scanoutWidth: scanout.width, scanoutHeight: scanout.height, rotation: rotation, pages: pages)
    }

    init(scanoutWidth: Int, scanoutHeight: Int, rotation: ScreenRotation, pages: Int) {
        let size = rotation.turned(width: scanoutWidth, height: scanoutHeight)
        picture = PixelImage(width: size.width, height: size.height)
        self.rotation = rotation
        missed = Array(repeating: [picture.buffer.bounds], count: pages)
    }

    /// Copies `damage` and whatever `page` missed into it; returns the scanout rectangles written.
    @discardableResult
    mutating func update(page: Int, of scanout: ScanoutPage, damage: [IntRect]) -> [IntRect] {
        let rects = missed[page] + damage
        missed[page] = []
        for other in missed.indices where other != page { missed[other] += damage }
        return rects.map { scanout.write($0, from: picture.buffer, rotation: rotation) }.filter { !$0.isEmpty }
    }
}
