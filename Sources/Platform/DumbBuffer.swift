import CDRM
import Glibc

/// A DRM dumb buffer mapped into memory, with its framebuffer id.
struct DumbBuffer {
    let handle: UInt32
    let fbID: UInt32
    let pitch: UInt32
    let size: UInt64
    let map: UnsafeMutableRawPointer

    static func make(fd: Int32, width: Int, height: Int) throws(PlatformError) -> DumbBuffer {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        guard drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), 32, 0, &handle, &pitch, &size) == 0 else {
            throw PlatformError("drmModeCreateDumbBuffer", "\(width)x\(height)", errno: errno)
        }
        var fb: UInt32 = 0
        let handles: [UInt32] = [handle, 0, 0, 0], pitches: [UInt32] = [pitch, 0, 0, 0], offsets: [UInt32] = [0, 0, 0, 0]
        guard drmModeAddFB2(fd, UInt32(width), UInt32(height), calx_drm_format_xrgb8888(), handles, pitches, offsets, &fb, 0) == 0 else {
            let e = errno
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw PlatformError("drmModeAddFB2", "\(width)x\(height)", errno: e)
        }
        var offset: UInt64 = 0
        guard drmModeMapDumbBuffer(fd, handle, &offset) == 0,
              let p = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset)), p != MAP_FAILED else {
            let e = errno
            _ = drmModeRmFB(fd, fb); _ = drmModeDestroyDumbBuffer(fd, handle)
            throw PlatformError("mmap dumb buffer", "\(width)x\(height)", errno: e)
        }
        memset(p, 0, Int(size))
        return DumbBuffer(handle: handle, fbID: fb, pitch: pitch, size: size, map: p)
    }

    func destroy(fd: Int32) {
        munmap(map, Int(size))
        _ = drmModeRmFB(fd, fbID)
        _ = drmModeDestroyDumbBuffer(fd, handle)
    }
}
