import CDRM
import Glibc
import Raster

/// Where an fbdev screen's pixels sit in its mapped memory, read from the FBIOGET_VSCREENINFO and
/// FBIOGET_FSCREENINFO answers. Pure, so every driver's odd answer can be tested without one.
struct FramebufferLayout: Equatable {
    var width: Int
    var height: Int
    var strideBytes: Int
    var format: PixelFormat
    /// Byte offset of each page in the mapping: two when the virtual screen holds a second one below
    /// the first and the driver pans, so a frame is finished off screen; else the page on screen now.
    var pageOffsets: [Int]
    /// Byte offset of the page on screen when Calx started.
    var visibleOffset: Int
    var millimetres: ScreenMillimetres?

    init(variable v: fb_var_screeninfo, fixed f: fb_fix_screeninfo, path: String) throws(PlatformError) {
        guard let format = FramebufferLayout.format(v) else {
            throw PlatformError("framebuffer format \(v.bits_per_pixel) bpp, red \(v.red.offset)/\(v.red.length) green "
                                + "\(v.green.offset)/\(v.green.length) blue \(v.blue.offset)/\(v.blue.length) "
                                + "(Calx drives XRGB8888 and RGB565)", path, errno: EINVAL)
        }
        width = Int(v.xres); height = Int(v.yres)
        strideBytes = Int(f.line_length)
        self.format = format
        let pageBytes = strideBytes * height, memory = Int(f.smem_len)
        guard width > 0, height > 0, strideBytes >= width * format.bytesPerPixel else {
            throw PlatformError("framebuffer layout \(width)x\(height) line \(strideBytes) bytes", path, errno: EINVAL)
        }
        visibleOffset = Int(v.yoffset) * strideBytes + Int(v.xoffset) * format.bytesPerPixel
        guard visibleOffset + pageBytes <= memory else {
            throw PlatformError("framebuffer memory \(memory) bytes for \(width)x\(height) at offset \(visibleOffset)",
                                path, errno: EINVAL)
        }
        // DRM's fbdev emulation accepts the pan but, over-allocated to two pages, bochs keeps showing the
        // first page and virtio-gpu shows nothing (measured in the test VM): one page there.
        let emulated = FramebufferLayout.driverName(f).hasSuffix("drmfb")
        let pans = !emulated && f.ypanstep > 0 && Int(v.yres_virtual) >= 2 * height && memory >= 2 * pageBytes
        pageOffsets = pans ? [0, pageBytes] : [visibleOffset]
        millimetres = v.width > 0 && v.height > 0 && v.width < 100_000 ? ScreenMillimetres(width: Double(v.width), height: Double(v.height)) : nil
    }

    /// The driver's name, e.g. "BCM2708 FB", or "virtio_gpudrmfb" for DRM's fbdev emulation.
    static func driverName(_ f: fb_fix_screeninfo) -> String {
        withUnsafeBytes(of: f.id) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Only the channel orders the copy writes. A driver that leaves the bitfields empty means the usual one.
    static func format(_ v: fb_var_screeninfo) -> PixelFormat? {
        let channels = [v.red, v.green, v.blue].map { (Int($0.offset), Int($0.length)) }
        let unspecified = channels.allSatisfy { $0.1 == 0 }
        switch v.bits_per_pixel {
        case 32 where unspecified || channels.elementsEqual([(16, 8), (8, 8), (0, 8)], by: ==): return .xrgb8888
        case 16 where unspecified || channels.elementsEqual([(11, 5), (5, 6), (0, 5)], by: ==): return .rgb565
        default: return nil
        }
    }
}
