import Glibc
import Platform
import Testing

@Suite struct PlatformErrorTests {
    @Test func namesTheCallItsSubjectAndTheErrnoByItsText() {
        #expect(PlatformError("open", "/dev/dri/card0", errno: ENOENT).description
                == "open /dev/dri/card0: No such file or directory (ENOENT)")
    }

    @Test func aFailedCheckSaysWhatIsWrongWithoutAnErrno() {
        let e = PlatformError("read", "/var/lib/calx/state", problem: "a FIFO, not a regular file")
        #expect(e.description == "read /var/lib/calx/state: a FIFO, not a regular file")
        #expect(!e.isTransient)
    }

    @Test func transientErrorsAreTheOnesThatSayNothingAboutTheFile() {
        #expect(PlatformError("read", "x", errno: EINTR).isTransient)
        #expect(PlatformError("read", "x", errno: EAGAIN).isTransient)
        #expect(PlatformError("open", "x", errno: EMFILE).isTransient)
        #expect(!PlatformError("open", "x", errno: ELOOP).isTransient)
        #expect(!PlatformError("open", "x", errno: ENOENT).isTransient)
    }
}
