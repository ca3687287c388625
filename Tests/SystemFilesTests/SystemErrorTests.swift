import Glibc
import SystemFiles
import Testing

@Suite struct SystemErrorTests {
    @Test func namesTheCallItsSubjectAndTheErrnoByItsText() {
        #expect(SystemError("open", "/dev/dri/card0", errno: ENOENT).description
                == "open /dev/dri/card0: No such file or directory (ENOENT)")
    }

    @Test func aFailedCheckSaysWhatIsWrongWithoutAnErrno() {
        let e = SystemError("read", "/var/lib/calx/state", problem: "a FIFO, not a regular file")
        #expect(e.description == "read /var/lib/calx/state: a FIFO, not a regular file")
        #expect(!e.isTransient)
    }

    @Test func transientErrorsAreTheOnesThatSayNothingAboutTheFile() {
        #expect(SystemError("read", "x", errno: EINTR).isTransient)
        #expect(SystemError("read", "x", errno: EAGAIN).isTransient)
        #expect(SystemError("open", "x", errno: EMFILE).isTransient)
        #expect(!SystemError("open", "x", errno: ELOOP).isTransient)
        #expect(!SystemError("open", "x", errno: ENOENT).isTransient)
    }
}
