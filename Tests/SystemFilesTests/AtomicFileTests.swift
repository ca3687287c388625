import Glibc
import Testing
@testable import SystemFiles

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
    var calls = SystemCalls()
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

@Test(arguments: ["write", "enospc", "fsync", "close", "rename"])
func aFailedStepKeepsTheOldFile(step: String) throws {
    let path = scratchPath("fault-\(step)")
    try AtomicFile(path: path).write(Array("old".utf8))
    var calls = SystemCalls()
    switch step {
    case "write": calls.write = { _, _, _ in errno = EIO; return -1 }
    case "enospc": calls.write = { fd, p, n in n > 2 ? Glibc.write(fd, p, 2) : { errno = ENOSPC; return -1 }() }
    case "fsync": calls.fsync = { _ in errno = EIO; return -1 }
    case "close": calls.close = { fd in _ = Glibc.close(fd); errno = EIO; return -1 }
    default:
        calls.rename = { _, _ in errno = EXDEV; return -1 }
        calls.renameat2 = { _, _, _ in errno = EXDEV; return -1 }
    }
    #expect(throws: SystemError.self) { try AtomicFile(path: path, calls: calls).write(Array("new contents".utf8)) }
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

/// The rename happened, but without the directory on disk it may not survive a power cut: say so.
@Test(arguments: ["open", "fsync", "close"])
func aFailedDirectorySyncIsReported(step: String) throws {
    let path = scratchPath("dirsync-\(step)")
    var calls = SystemCalls()
    calls.open = { p, flags, mode in
        if step == "open" && flags & O_DIRECTORY != 0 { errno = EACCES; return -1 }
        return Glibc.open(p, flags, mode)
    }
    calls.fsync = { fd in
        var info = stat()
        if step == "fsync" && Glibc.fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { errno = EIO; return -1 }
        return Glibc.fsync(fd)
    }
    calls.close = { fd in
        var info = stat()
        let isDirectory = Glibc.fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        let r = Glibc.close(fd)
        if step == "close" && isDirectory { errno = EIO; return -1 }
        return r
    }
    #expect(throws: SystemError.self) { try AtomicFile(path: path, calls: calls).write([1]) }
}

/// The monotonic clock in seconds (Platform's `monotonicSeconds`, which this module sits under).
private func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A FIFO at the state path once hung the kiosk's start for ever.
@Test func aFIFOIsRefusedAtOnce() throws {
    let path = scratchPath("fifo")
    try #require(mkfifo(path, 0o600) == 0)
    let start = monotonicSeconds()
    do {
        _ = try AtomicFile(path: path).read()
        Issue.record("a FIFO was read")
    } catch {
        #expect(error.description.contains("a FIFO, not a regular file"), "\(error)")
        #expect(!error.isTransient)
    }
    #expect(monotonicSeconds() - start < 5)
}

@Test func aDirectoryOrASymbolicLinkIsRefused() throws {
    let dir = scratchPath("dir")
    mkdir(dir, 0o700)
    #expect(throws: SystemError.self) { try AtomicFile(path: dir).read() }
    let target = scratchPath("link-target"), link = scratchPath("link")
    try AtomicFile(path: target).write([1])
    try #require(symlink(target, link) == 0)
    do { _ = try AtomicFile(path: link).read(); Issue.record("read through a link") } catch {
        #expect(error.description.contains("symbolic link"), "\(error)")
    }
}

@Test func aFileOverTheCapIsRefusedNamingItsSize() throws {
    let path = scratchPath("big")
    try AtomicFile(path: path).write([UInt8](repeating: 7, count: 1000))
    do { _ = try AtomicFile(path: path, limit: 999).read(); Issue.record("read past the cap") } catch {
        #expect(error.description == "read \(path): 1000 bytes, more than the 999 allowed")
        #expect(!error.isTransient)
    }
    #expect(try AtomicFile(path: path, limit: 1000).read()?.count == 1000)
}

/// A file that grows between the size check and the read is still cut off at the cap.
@Test func aFileGrowingPastTheCapWhileReadIsRefused() throws {
    let path = scratchPath("growing")
    try AtomicFile(path: path).write([1, 2, 3])
    var calls = SystemCalls()
    calls.read = { fd, p, n in memset(p, 1, n); return n }
    #expect(throws: SystemError.self) { try AtomicFile(path: path, limit: 100_000, calls: calls).read() }
}

@Test func readRetriesEINTRAndReportsEAGAINAsTransient() throws {
    let path = scratchPath("transient")
    try AtomicFile(path: path).write([5, 6])
    var calls = SystemCalls()
    var interruptions = 2
    calls.read = { fd, p, n in
        if interruptions > 0 { interruptions -= 1; errno = EINTR; return -1 }
        return Glibc.read(fd, p, n)
    }
    #expect(try AtomicFile(path: path, calls: calls).read() == [5, 6])
    calls.read = { _, _, _ in errno = EAGAIN; return -1 }
    do { _ = try AtomicFile(path: path, calls: calls).read(); Issue.record("EAGAIN read as data") } catch {
        #expect(error.isTransient)
    }
}

/// The temp file is created, never opened through a link someone left at its name.
@Test func theTempFileIsNeverALink() throws {
    let path = scratchPath("exclusive")
    let victim = scratchPath("victim")
    try AtomicFile(path: victim).write(Array("keep".utf8))
    try #require(symlink(victim, "\(path).tmp-\(getpid())") == 0)
    try AtomicFile(path: path).write(Array("new".utf8))
    #expect(try AtomicFile(path: victim).read() == Array("keep".utf8))
    #expect(try AtomicFile(path: path).read() == Array("new".utf8))
}

@Test func staleTempFilesAreRemovedButNotALiveProcesssOwn() throws {
    let path = scratchPath("stale")
    let dead = "\(path).tmp-99999999", junk = "\(path).tmp-x", live = "\(path).tmp-1"
    let other = scratchPath("other.tmp-99999999")
    for p in [dead, junk, live, other] { try AtomicFile(path: p).write([0]) }
    let removed = AtomicFile(path: path).removeStaleTemporaries()
    #expect(Set(removed) == [dead, junk])
    #expect(access(dead, F_OK) != 0 && access(junk, F_OK) != 0)
    // pid 1 is running: its temp file may be a write in progress.
    #expect(access(live, F_OK) == 0 && access(other, F_OK) == 0)
}

/// `--state /dev/null` or a directory: unreadable as a state, yet never renamed away.
@Test func aDirectoryOrADeviceIsNeverMovedAside() throws {
    let dir = scratchPath("aside-dir")
    mkdir(dir, 0o700)
    #expect(throws: SystemError.self) { try AtomicFile(path: dir).moveAside() }
    var info = stat()
    #expect(stat(dir, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
    #expect(throws: SystemError.self) { try AtomicFile(path: "/dev/null").moveAside() }
    #expect(access("/dev/null", F_OK) == 0)
    let fifo = scratchPath("aside-fifo")
    try #require(mkfifo(fifo, 0o600) == 0)
    let moved = try AtomicFile(path: fifo).moveAside()
    #expect(moved.hasPrefix(fifo + ".corrupt-"))
}

/// AtomicFile: whichever step fails, every descriptor it opened is closed.
@Test(arguments: ["create", "write", "fsync", "fsync directory", "rename", "none"])
func anAtomicWriteClosesWhatItOpens(failing step: String) throws {
    let path = scratchPath("seam-\(step.replacingSpaces)")
    var opened: [Int32] = [], closed: [Int32] = []
    var calls = SystemCalls()
    calls.open = { p, flags, mode in
        let isDirectory = flags & O_DIRECTORY != 0
        if step == "create" && !isDirectory { errno = EACCES; return -1 }
        let fd = Glibc.open(p, flags, mode)
        if fd >= 0 { opened.append(fd) }
        return fd
    }
    calls.close = { fd in closed.append(fd); return Glibc.close(fd) }
    calls.write = { fd, p, n in step == "write" ? { errno = EIO; return -1 }() : Glibc.write(fd, p, n) }
    calls.fsync = { fd in
        var info = stat()
        let isDirectory = Glibc.fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        if step == "fsync" && !isDirectory || step == "fsync directory" && isDirectory { errno = EIO; return -1 }
        return Glibc.fsync(fd)
    }
    calls.renameat2 = { a, b, flags in step == "rename" ? { errno = EXDEV; return -1 }() : SystemCalls.real.renameat2(a, b, flags) }
    do { try AtomicFile(path: path, calls: calls).write([1, 2, 3]); #expect(step == "none") } catch {
        #expect(step != "none")
    }
    #expect(!opened.isEmpty || step == "create")
    #expect(opened.sorted() == closed.sorted(), "\(step): opened \(opened), closed \(closed)")
}

private extension String {
    var replacingSpaces: String { String(map { $0 == " " ? "-" : $0 }) }
}

/// State is private to its user; a picture others may read (RasterPNG asks 0644). The umask still applies.
@Test func aNewFileHasThePermissionsAsked() throws {
    let old = umask(0o022)
    defer { umask(old) }
    var info = stat()
    let secret = scratchPath("mode-private")
    try AtomicFile(path: secret).write([1])
    #expect(stat(secret, &info) == 0 && info.st_mode & 0o777 == 0o600)
    let shared = scratchPath("mode-shared")
    try AtomicFile(path: shared, permissions: 0o644).write([1])
    #expect(stat(shared, &info) == 0 && info.st_mode & 0o777 == 0o644)
    try AtomicFile(path: shared, permissions: 0o666).write([2])
    #expect(stat(shared, &info) == 0 && info.st_mode & 0o777 == 0o644)
}
