import Glibc
import Testing
@testable import SystemFiles

/// What FileDescriptor adds over the bare calls: reads at an offset, borrowed descriptors, waiting.
@Suite struct FileDescriptorTests {
    /// A file of `count` bytes 0, 1, 2, … (mod 251), written with AtomicFile.
    func numbered(_ name: String, count: Int) throws -> String {
        let path = scratchPath(name)
        try AtomicFile(path: path).write((0..<count).map { UInt8($0 % 251) })
        return path
    }

    /// FreeType asks for whole tables at once: pread's short answers and EINTR are continued, and the
    /// file position is left alone.
    @Test func readAtAnOffsetContinuesShortReadsAndEINTR() throws {
        let path = try numbered("pread", count: 1000)
        var calls = SystemCalls()
        var interrupted = false
        calls.pread = { fd, p, n, offset in
            if !interrupted { interrupted = true; errno = EINTR; return -1 }
            return Glibc.pread(fd, p, min(n, 7), offset)
        }
        let file = try FileDescriptor.open(path, O_RDONLY, calls: calls)
        var bytes = [UInt8](repeating: 0, count: 100)
        let n = try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: 500) }
        #expect(n == 100)
        #expect(bytes == (500..<600).map { UInt8($0 % 251) })
        var first: UInt8 = 99
        #expect(try withUnsafeMutableBytes(of: &first) { try file.read(into: $0) } == 1)
        #expect(first == 0)
    }

    @Test func readAtTheEndIsShortAndAFailureIsAnError() throws {
        let path = try numbered("pread-end", count: 10)
        let file = try FileDescriptor.open(path, O_RDONLY)
        var bytes = [UInt8](repeating: 0, count: 8)
        #expect(try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: 6) } == 4)
        #expect(try bytes.withUnsafeMutableBytes { try file.read(into: $0, at: 50) } == 0)
        var calls = SystemCalls()
        calls.pread = { _, _, _, _ in errno = EIO; return -1 }
        let failing = try FileDescriptor.open(path, O_RDONLY, calls: calls)
        #expect(throws: SystemError("read", path, errno: EIO)) { try bytes.withUnsafeMutableBytes { try failing.read(into: $0, at: 0) } }
    }

    /// Standard input is the process's: reading it goes through the seam, closing it never does.
    @Test func aBorrowedDescriptorIsNeverClosed() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { Glibc.close(fds[0]); Glibc.close(fds[1]) }
        var closes = 0
        var calls = SystemCalls()
        calls.close = { _ in closes += 1; return 0 }
        do {
            let borrowed = FileDescriptor.borrowing(fds[0], name: "a pipe", calls: calls)
            try borrowed.close()
            #expect(borrowed.isOpen)
        }
        #expect(closes == 0)
        var byte: UInt8 = 7
        #expect(Glibc.write(fds[1], &byte, 1) == 1)
        let reader = FileDescriptor.borrowing(fds[0], name: "a pipe")
        #expect(try reader.waitUntilReadable(timeoutMilliseconds: 1000))
        byte = 0
        #expect(try withUnsafeMutableBytes(of: &byte) { try reader.read(into: $0) } == 1)
        #expect(byte == 7)
    }

    @Test func waitingTimesOutRetriesEINTRAndReportsAFailure() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { Glibc.close(fds[0]); Glibc.close(fds[1]) }
        #expect(try FileDescriptor.borrowing(fds[0], name: "an empty pipe").waitUntilReadable(timeoutMilliseconds: 0) == false)
        var calls = SystemCalls()
        var polls = 0
        calls.poll = { p, n, t in
            polls += 1
            if polls == 1 { errno = EINTR; return -1 }
            return Glibc.poll(p, n, t)
        }
        #expect(try FileDescriptor.borrowing(fds[0], name: "pipe", calls: calls).waitUntilReadable(timeoutMilliseconds: 0) == false)
        #expect(polls == 2)
        calls.poll = { _, _, _ in errno = ENOMEM; return -1 }
        #expect(throws: SystemError("poll", "pipe", errno: ENOMEM)) {
            try FileDescriptor.borrowing(fds[0], name: "pipe", calls: calls).waitUntilReadable(timeoutMilliseconds: 0)
        }
    }
}
