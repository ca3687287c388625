import CDRM
import Glibc
import Testing
@testable import Platform

/// The seam every device and file goes through: EINTR is retried, a failure names its errno, and
/// whatever was opened or mapped is given back on every way out.
@Suite struct SystemCallsTests {
    @Test func anInterruptedCallIsRetriedAndOthersAreNot() throws {
        let kernel = FakeKernel()
        kernel.fail("open", with: EINTR, EINTR)
        let file = try FileDescriptor.open("/dev/fake", O_RDWR, calls: kernel.calls)
        #expect(kernel.log == ["open", "open", "open"])
        kernel.fail("ioctl", with: EINTR, EIO)
        var argument: Int32 = 0
        #expect(throws: PlatformError("KDGETMODE", "/dev/fake", errno: EIO)) {
            try file.control(1, "KDGETMODE", &argument)
        }
        #expect(kernel.log.filter { $0 == "ioctl" }.count == 2)
    }

    @Test func aFailureNamesItsErrno() {
        let kernel = FakeKernel()
        kernel.fail("open", with: EACCES)
        do { _ = try FileDescriptor.open("/dev/dri/card0", O_RDWR, calls: kernel.calls); Issue.record("opened") } catch {
            #expect(error.operation == "open" && error.subject == "/dev/dri/card0")
            #expect(error.errnoName == "EACCES")
            #expect(error.isTransient)
        }
        #expect(PlatformError("read", "x", errno: ENOENT).errnoName == "ENOENT")
        #expect(PlatformError("read", "x", errno: 4000).errnoName == "errno 4000")
        #expect(PlatformError("read", "x", problem: "a FIFO").errnoName == nil)
    }

    /// Closed once: explicitly, or as the last reference goes; a failed close is not tried again.
    @Test func aDescriptorIsClosedExactlyOnce() throws {
        let kernel = FakeKernel()
        do { _ = try FileDescriptor.open("/a", O_RDONLY, calls: kernel.calls) }
        let b = try FileDescriptor.open("/b", O_RDONLY, calls: kernel.calls)
        try b.close()
        try b.close()
        #expect(kernel.open.isEmpty)
        #expect(kernel.log.filter { $0.hasPrefix("close") } == ["close 101", "close 102"])
        // Linux frees the descriptor even when close fails: it is not closed again, by hand or by deinit.
        var failingClose = kernel.calls
        failingClose.close = { fd in kernel.log.append("failed close \(fd)"); errno = EIO; return -1 }
        do {
            let c = try FileDescriptor.open("/c", O_RDONLY, calls: failingClose)
            #expect(throws: PlatformError("close", "/c", errno: EIO)) { try c.close() }
            try c.close()
        }
        #expect(kernel.log.filter { $0.contains("close") } == ["close 101", "close 102", "failed close 103"])
    }

    /// fbdev: a failure at each step closes the node and unmaps what was mapped; a good open is given
    /// back whole by close.
    @Test(arguments: [("open", [ENOENT]), ("ioctl", [ENOTTY]), ("ioctl", [0, EINTR, ENOTTY]), ("mmap", [ENOMEM]), ("none", [])])
    func theFramebufferDeviceGivesEverythingBack(failing call: String, errnos: [Int32]) {
        let kernel = FakeKernel()
        kernel.failures[call] = errnos
        do {
            let device = try FramebufferDevice.open("/dev/fb0", calls: kernel.calls)
            #expect(call == "none")
            #expect(kernel.mapped.count == 1 && kernel.open.count == 1)
            device.close()
        } catch {
            #expect(error.errnoName == errnoName(errnos.last!), "\(error)")
            #expect(error.subject == "/dev/fb0")
        }
        #expect(kernel.open.isEmpty, "\(kernel.log)")
        #expect(kernel.mapped.isEmpty, "\(kernel.log)")
    }

    /// A card whose probe fails is closed before the error goes out (here /dev/null: no DRM device).
    @Test func aDRMCardThatFailsIsClosed() {
        var opened: [Int32] = [], closed: [Int32] = []
        var calls = SystemCalls()
        calls.open = { _, flags, mode in let fd = Glibc.open("/dev/null", flags, mode); opened.append(fd); return fd }
        calls.close = { fd in closed.append(fd); return Glibc.close(fd) }
        #expect(throws: PlatformError.self) { try DRMDisplay.open(DisplayRequest(card: "/dev/dri/card9"), calls: calls) }
        #expect(opened.count == 1 && opened == closed)
        calls.open = { _, _, _ in errno = ENOENT; return -1 }
        do { _ = try DRMDisplay.open(DisplayRequest(card: "/dev/dri/card9"), calls: calls) } catch {
            #expect(error.operation == "open" && error.errnoName == "ENOENT")
        }
    }

    /// A node that is no input device (/dev/null) is let go of at once.
    @Test func anInputNodeThatIsNoDeviceIsClosed() {
        var opened: [Int32] = [], closed: [Int32] = []
        var calls = SystemCalls()
        calls.open = { _, flags, mode in let fd = Glibc.open("/dev/null", flags, mode); opened.append(fd); return fd }
        calls.close = { fd in closed.append(fd); return Glibc.close(fd) }
        let device = InputDevice(path: "/dev/input/event9", screen: (800, 480), rotation: .upright, calibration: nil,
                                 idBase: 0, calls: calls)
        #expect(device == nil)
        #expect(opened.count == 1 && opened == closed)
    }
}
