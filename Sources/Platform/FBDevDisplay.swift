import CDRM
import Glibc
import Raster

/// Linux framebuffer fallback (/dev/fb0) for machines without KMS. The kiosk draws into an upright
/// XRGB8888 shadow (fbdev memory is slow to read back and may be 16-bit); present copies the damage
/// out, turned and packed. Where the virtual screen holds two pages and the driver pans, a frame is
/// finished on the hidden page and then panned to, so it never tears.
public final class FBDevDisplay: Display {
    public let path: String
    /// The upright picture's size: the screen's, turned.
    public let width: Int
    public let height: Int
    public let millimetres: ScreenMillimetres?
    public let rotation: ScreenRotation
    /// Each page as it lies in the screen's memory, scanout orientation.
    let pages: [ScanoutPage]
    var shown = 0
    var shadow: ShadowFrame
    let device: FramebufferDevice?

    public var drawBuffer: PixelBuffer { shadow.picture.buffer }
    public var eventFD: Int32? { nil }
    public var isBusy: Bool { false }
    public func handleEvents() {}
    /// "800x480 16 bpp, 2 pages", and ", 200x120 mm" when the driver knows the size, for the log and `calx doctor`
    /// (the layout keeps keys of 9 mm by it, so a picture of the screen needs it too).
    public var summary: String {
        let size = millimetres.map { ", \(Int($0.width))x\(Int($0.height)) mm" } ?? ""
        return "\(pages[0].width)x\(pages[0].height) \(pages[0].format.bytesPerPixel * 8) bpp, \(pages.count) page\(pages.count > 1 ? "s" : "")\(size)"
    }

    public convenience init(path: String = "/dev/fb0", rotation: ScreenRotation = .upright) throws(PlatformError) {
        let device = try FramebufferDevice.open(path)
        var layout: FramebufferLayout
        do { layout = try FramebufferLayout(variable: device.variable, fixed: device.fixed, path: path) } catch {
            device.close(); throw error
        }
        // Start on a known page: the first one. A driver that will not pan keeps its single visible page.
        if layout.pageOffsets.count > 1, device.pan(toLine: 0) != nil { layout.pageOffsets = [layout.visibleOffset] }
        let pages = layout.pageOffsets.map {
            PixelBuffer(base: device.map + $0, width: layout.width, height: layout.height,
                        strideBytes: layout.strideBytes, format: layout.format)!
        }
        self.init(path: path, pages: pages, millimetres: layout.millimetres, rotation: rotation, device: device)
    }

    /// `pages` must be the page on screen first. Without a device, pages are plain memory (tests).
    init(path: String, pages: [PixelBuffer], millimetres: ScreenMillimetres?, rotation: ScreenRotation,
         device: FramebufferDevice?) {
        self.path = path
        self.pages = pages.map(ScanoutPage.init)
        self.rotation = rotation
        self.device = device
        (width, height) = rotation.turned(width: pages[0].width, height: pages[0].height)
        self.millimetres = millimetres?.turned(by: rotation)
        shadow = ShadowFrame(scanoutWidth: pages[0].width, scanoutHeight: pages[0].height, rotation: rotation,
                             pages: pages.count)
    }

    public func present(damage: [IntRect]) throws(PlatformError) {
        let page = (shown + 1) % pages.count
        shadow.update(page: page, of: pages[page], damage: damage)
        guard page != shown else { return }
        if let device, let error = device.pan(toLine: page * pages[page].height) { throw error }
        shown = page
    }

    public func close() {
        guard let device else { return }
        device.restorePanning()
        device.close()
    }
}
