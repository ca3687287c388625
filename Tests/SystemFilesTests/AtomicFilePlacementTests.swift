import Glibc
import Testing
@testable import SystemFiles

/// AtomicFile puts its file only where nothing is or a regular file is (issue 22: `calx shot --out
/// /dev/full`, run as root, made /dev/full a regular file).
@Suite struct AtomicFilePlacementTests {
    func kind(_ path: String) -> mode_t? { AtomicFile.kind(of: path) }

    /// Every name in the scratch directory that starts with `name`'s, but `name` itself: temp files left over.
    func leftovers(_ path: String) -> [String] {
        let dir = String(path[..<path.lastIndex(of: "/")!]), name = String(path[path.index(after: path.lastIndex(of: "/")!)...])
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let entry = readdir(d) {
            let entryName = directoryEntryName(entry)
            if entryName.hasPrefix(name + ".tmp") { names.append(entryName) }
        }
        return names
    }

    @Test func aNewPathAndARegularFileAreWritten() throws {
        let path = scratchPath("placed")
        let picture = AtomicFile(path: path, permissions: 0o644)
        try picture.write([1])
        try picture.write([2, 3])
        #expect(try picture.read() == [2, 3])
        var info = stat()
        // 0o644 less the umask, which may take the group's and others' bits but not the owner's.
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 & ~0o644 == 0 && info.st_mode & 0o600 == 0o600)
        #expect(leftovers(path).isEmpty)
    }

    @Test func aFIFOADirectoryAndALinkAreNeverReplaced() throws {
        let fifo = scratchPath("placing-fifo"), dir = scratchPath("placing-dir"), link = scratchPath("placing-link")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(mkdir(dir, 0o700) == 0)
        #expect(symlink("/dev/null", link) == 0)
        for (path, kindName) in [(fifo, "a FIFO"), (dir, "a directory"), (link, "a symbolic link")] {
            let before = kind(path)
            #expect(throws: SystemError("replace", path, problem: "\(kindName), not a regular file, which is never replaced")) {
                try AtomicFile(path: path).write([1, 2, 3])
            }
            #expect(kind(path) == before, "\(path)")
            #expect(leftovers(path).isEmpty, "\(path)")
        }
        rmdir(dir)
        // Only now that a FIFO was refused (an AtomicFile that renames over anything, run as root,
        // would make /dev/null a regular file): a device stays a device, whoever runs the test.
        guard kind(fifo) == S_IFIFO else { return }
        #expect(throws: SystemError.self) { try AtomicFile(path: "/dev/null").write([1]) }
        #expect(kind("/dev/null") == S_IFCHR)
        #expect(leftovers("/dev/null").isEmpty)
    }

    /// A regular file swapped for a FIFO between the look and the rename: the exchange brings the FIFO
    /// out, it is seen under the temp name and put back.
    @Test func aFileSwappedForAFIFOAtTheLastMomentIsPutBack() throws {
        let path = scratchPath("raced")
        try AtomicFile(path: path).write(Array("old".utf8))
        var calls = SystemCalls()
        calls.renameat2 = { from, to, flags in
            if flags == RenameFlag.exchange && to == path && kind(path) == S_IFREG {
                unlink(path)
                mkfifo(path, 0o600)
            }
            return SystemCalls.real.renameat2(from, to, flags)
        }
        #expect(throws: SystemError("replace", path, problem: "a FIFO, not a regular file, which is never replaced")) {
            try AtomicFile(path: path, calls: calls).write(Array("new".utf8))
        }
        #expect(kind(path) == S_IFIFO)
        #expect(leftovers(path).isEmpty)
    }

    /// A filesystem without renameat2's flags: a look, then a rename, with the same refusals.
    @Test func withoutRenameFlagsTheSameRulesHold() throws {
        var calls = SystemCalls()
        calls.renameat2 = { _, _, _ in errno = EINVAL; return -1 }
        let path = scratchPath("plain"), fifo = scratchPath("plain-fifo")
        try AtomicFile(path: path, calls: calls).write([1])
        try AtomicFile(path: path, calls: calls).write([2])
        #expect(try AtomicFile(path: path).read() == [2])
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: SystemError.self) { try AtomicFile(path: fifo, calls: calls).write([1]) }
        #expect(kind(fifo) == S_IFIFO)
        #expect(leftovers(fifo).isEmpty && leftovers(path).isEmpty)
    }
}
