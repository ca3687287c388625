import CDRM
import Glibc
import Raster

/// Linux framebuffer fallback (/dev/fb0) for machines without KMS: the kiosk draws into a shadow
/// XRGB8888 image and present copies the damage out, packing to RGB565 on 16 bpp screens.
public final class FBDevDisplay: Display {
    public let path: String
    public let width: Int
    public let height: Int
    public let millimetres: (width: Double, height: Double)?
    let fd: Int32
    let map: UnsafeMutableRawPointer
    let mapLength: Int
    let screen: PixelBuffer
    let shadow: PixelImage

    public var drawBuffer: PixelBuffer { shadow.buffer }
    public var eventFD: Int32? { nil }
    public var isBusy: Bool { false }
    public func handleEvents() {}

    public init(path: String = "/dev/fb0") throws(PlatformError) {
        self.path = path
        fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw PlatformError("open", path, errno: errno) }
        var v = fb_var_screeninfo(), f = fb_fix_screeninfo()
        guard calx_ioctl_ptr(fd, UInt(FBIOGET_VSCREENINFO), &v) == 0, calx_ioctl_ptr(fd, UInt(FBIOGET_FSCREENINFO), &f) == 0 else {
            let e = errno; Glibc.close(fd); throw PlatformError("FBIOGET_*SCREENINFO", path, errno: e)
        }
        guard v.bits_per_pixel == 32 || v.bits_per_pixel == 16 else {
            Glibc.close(fd); throw PlatformError("framebuffer depth \(v.bits_per_pixel) bpp", path, errno: EINVAL)
        }
        width = Int(v.xres); height = Int(v.yres)
        millimetres = v.width > 0 && v.height > 0 && v.width < 100000 ? (Double(v.width), Double(v.height)) : nil
        mapLength = Int(f.smem_len)
        guard let p = mmap(nil, mapLength, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), p != MAP_FAILED else {
            let e = errno; Glibc.close(fd); throw PlatformError("mmap", path, errno: e)
        }
        map = p
        let format: PixelFormat = v.bits_per_pixel == 32 ? .xrgb8888 : .rgb565
        guard let s = PixelBuffer(base: p, width: width, height: height, strideBytes: Int(f.line_length), format: format) else {
            munmap(p, mapLength); Glibc.close(fd); throw PlatformError("framebuffer layout", path, errno: EINVAL)
        }
        screen = s
        shadow = PixelImage(width: width, height: height)
    }

    public func present(damage: [IntRect]) throws(PlatformError) {
        for r in damage {
            let x0 = max(r.x, 0), x1 = min(r.x + r.width, width)
            guard x1 > x0 else { continue }
            for y in max(r.y, 0)..<max(max(r.y, 0), min(r.y + r.height, height)) {
                let src = shadow.buffer.row32(y)
                if screen.format == .xrgb8888 {
                    let dst = screen.row32(y)
                    for x in x0..<x1 { dst[x] = src[x] }
                } else {
                    let dst = screen.row16(y)
                    for x in x0..<x1 { dst[x] = RGB565.pack(src[x]) }
                }
            }
        }
    }

    public func close() {
        munmap(map, mapLength)
        Glibc.close(fd)
    }
}
