import CDRM
import Glibc

/// An open fbdev node: its screen info, its memory mapped, and panning. Paired open/close.
struct FramebufferDevice {
    let path: String
    let file: FileDescriptor
    let variable: fb_var_screeninfo
    let fixed: fb_fix_screeninfo
    let memory: MemoryMap

    var map: UnsafeMutableRawPointer { memory.base }

    /// What is opened or mapped before a step fails is given back as the error goes out.
    static func open(_ path: String, calls: SystemCalls = .real) throws(PlatformError) -> FramebufferDevice {
        let file = try FileDescriptor.open(path, O_RDWR | O_CLOEXEC, calls: calls)
        var v = fb_var_screeninfo(), f = fb_fix_screeninfo()
        try file.control(UInt(FBIOGET_VSCREENINFO), "FBIOGET_*SCREENINFO", &v)
        try file.control(UInt(FBIOGET_FSCREENINFO), "FBIOGET_*SCREENINFO", &f)
        let memory = try file.map(length: Int(f.smem_len))
        return FramebufferDevice(path: path, file: file, variable: v, fixed: f, memory: memory)
    }

    /// Shows the page starting at line `y` of the virtual screen, at the next vertical blank where the
    /// driver can wait for one.
    func pan(toLine y: Int) -> PlatformError? {
        var v = variable
        v.xoffset = 0
        v.yoffset = UInt32(y)
        v.activate = UInt32(FB_ACTIVATE_VBL)
        do { try file.control(UInt(FBIOPAN_DISPLAY), "FBIOPAN_DISPLAY", &v, subject: "\(path) line \(y)") } catch { return error }
        return nil
    }

    /// Puts back the panning found at open, for the console.
    func restorePanning() {
        var v = variable
        try? file.control(UInt(FBIOPAN_DISPLAY), "FBIOPAN_DISPLAY", &v)
    }

    func close() {
        memory.unmap()
        try? file.close()
    }
}
