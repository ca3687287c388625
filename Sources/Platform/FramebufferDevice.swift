import CDRM
import Glibc

/// An open fbdev node: its screen info, its memory mapped, and panning. Paired open/close.
struct FramebufferDevice {
    let path: String
    let fd: Int32
    let variable: fb_var_screeninfo
    let fixed: fb_fix_screeninfo
    let map: UnsafeMutableRawPointer
    let mapLength: Int

    static func open(_ path: String) throws(PlatformError) -> FramebufferDevice {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw PlatformError("open", path, errno: errno) }
        var v = fb_var_screeninfo(), f = fb_fix_screeninfo()
        guard calx_ioctl_ptr(fd, UInt(FBIOGET_VSCREENINFO), &v) == 0, calx_ioctl_ptr(fd, UInt(FBIOGET_FSCREENINFO), &f) == 0 else {
            let e = errno; Glibc.close(fd); throw PlatformError("FBIOGET_*SCREENINFO", path, errno: e)
        }
        guard let p = mmap(nil, Int(f.smem_len), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), p != MAP_FAILED else {
            let e = errno; Glibc.close(fd); throw PlatformError("mmap", path, errno: e)
        }
        return FramebufferDevice(path: path, fd: fd, variable: v, fixed: f, map: p, mapLength: Int(f.smem_len))
    }

    /// Shows the page starting at line `y` of the virtual screen, at the next vertical blank where the
    /// driver can wait for one.
    func pan(toLine y: Int) -> PlatformError? {
        var v = variable
        v.xoffset = 0
        v.yoffset = UInt32(y)
        v.activate = UInt32(FB_ACTIVATE_VBL)
        while calx_ioctl_ptr(fd, UInt(FBIOPAN_DISPLAY), &v) != 0 {
            if errno != EINTR { return PlatformError("FBIOPAN_DISPLAY", "\(path) line \(y)", errno: errno) }
        }
        return nil
    }

    /// Puts back the panning found at open, for the console.
    func restorePanning() {
        var v = variable
        _ = calx_ioctl_ptr(fd, UInt(FBIOPAN_DISPLAY), &v)
    }

    func close() {
        munmap(map, mapLength)
        Glibc.close(fd)
    }
}
