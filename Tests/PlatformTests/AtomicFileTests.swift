import Glibc
import Testing
@testable import Platform

func scratchPath(_ name: String) -> String {
    let dir = "/tmp/calx-atomic-\(getpid())"
    mkdir(dir, 0o700)
    let p = "\(dir)/\(name)"
    unlink(p)
    return p
}

@Test func writeThenReadRoundTrips() throws {
    let f = AtomicFile(path: scratchPath("round"))
    #expect(try f.read() == nil)
    try f.write(Array("hello".utf8))
    #expect(try f.read() == Array("hello".utf8))
    try f.write([1, 2, 3])
    #expect(try f.read() == [1, 2, 3])
}

@Test func shortWritesAndEINTRStillWriteEverything() throws {
    var calls = FileSystemCalls()
    var interrupted = false
    calls.write = { fd, p, n in
        if !interrupted { interrupted = true; errno = EINTR; return -1 }
        return Glibc.write(fd, p, min(n, 3))
    }
    let f = AtomicFile(path: scratchPath("short"), calls: calls)
    let bytes = (0..<100).map { UInt8($0) }
    try f.write(bytes)
    #expect(try f.read() == bytes)
}

@Test(arguments: ["write", "enospc", "fsync", "rename"])
func aFailedStepKeepsTheOldFile(step: String) throws {
    let path = scratchPath("fault-\(step)")
    try AtomicFile(path: path).write(Array("old".utf8))
    var calls = FileSystemCalls()
    switch step {
    case "write": calls.write = { _, _, _ in errno = EIO; return -1 }
    case "enospc": calls.write = { fd, p, n in n > 2 ? Glibc.write(fd, p, 2) : { errno = ENOSPC; return -1 }() }
    case "fsync": calls.fsync = { _ in errno = EIO; return -1 }
    default: calls.rename = { _, _ in errno = EXDEV; return -1 }
    }
    #expect(throws: PlatformError.self) { try AtomicFile(path: path, calls: calls).write(Array("new contents".utf8)) }
    #expect(try AtomicFile(path: path).read() == Array("old".utf8))
    #expect(access("\(path).tmp-\(getpid())", F_OK) != 0)
}

@Test func moveAsideKeepsTheBytesUnderATimestampedName() throws {
    let path = scratchPath("aside")
    let f = AtomicFile(path: path)
    try f.write([9, 9])
    let first = try f.moveAside()
    #expect(first.hasPrefix(path + ".corrupt-"))
    #expect(try AtomicFile(path: first).read() == [9, 9])
    #expect(try f.read() == nil)
    try f.write([8])
    let second = try f.moveAside()
    #expect(second != first)
}
