import CDRM
import Glibc

/// Puts the console VT into graphics mode (no text cursor over the picture) and back.
public final class VirtualTerminal {
    let fd: Int32
    let ownsFD: Bool

    /// stdin when it is a VT, else /dev/tty1, else nil.
    public static func enterGraphics() -> VirtualTerminal? {
        var mode: Int32 = 0
        if calx_ioctl_ptr(0, UInt(KDGETMODE), &mode) == 0 { return VirtualTerminal(fd: 0, owns: false) }
        let fd = open("/dev/tty1", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        guard calx_ioctl_ptr(fd, UInt(KDGETMODE), &mode) == 0 else { close(fd); return nil }
        return VirtualTerminal(fd: fd, owns: true)
    }

    init?(fd: Int32, owns: Bool) {
        self.fd = fd; ownsFD = owns
        guard calx_ioctl_int(fd, UInt(KDSETMODE), Int(KD_GRAPHICS)) == 0 else { if owns { close(fd) }; return nil }
    }

    public func restoreText() {
        _ = calx_ioctl_int(fd, UInt(KDSETMODE), Int(KD_TEXT))
        if ownsFD { close(fd) }
    }
}
