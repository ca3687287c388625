import CDRM
import Glibc

/// A DRM dumb buffer mapped into memory, with its framebuffer id. Paired make/destroy.
struct DumbBuffer {
    let handle: UInt32
    let fbID: UInt32
    let pitch: UInt32
    let size: UInt64
    let memory: MemoryMap

    var map: UnsafeMutableRawPointer { memory.base }

    /// What is created before a step fails is destroyed as the error goes out.
    static func make(card: FileDescriptor, width: Int, height: Int) throws(PlatformError) -> DumbBuffer {
        let fd = card.rawValue
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
        let memory: MemoryMap
        do throws(PlatformError) {
            guard drmModeMapDumbBuffer(fd, handle, &offset) == 0 else {
                throw PlatformError("mmap dumb buffer", "\(width)x\(height)", errno: errno)
            }
            memory = try card.map(length: Int(size), offset: off_t(offset), operation: "mmap dumb buffer", subject: "\(width)x\(height)")
        } catch {
            _ = drmModeRmFB(fd, fb); _ = drmModeDestroyDumbBuffer(fd, handle)
            throw error
        }
        memset(memory.base, 0, Int(size))
        return DumbBuffer(handle: handle, fbID: fb, pitch: pitch, size: size, memory: memory)
    }

    func destroy(card: FileDescriptor) {
        memory.unmap()
        _ = drmModeRmFB(card.rawValue, fbID)
        _ = drmModeDestroyDumbBuffer(card.rawValue, handle)
    }
}
