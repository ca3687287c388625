import Foundation
import Glibc
import RasterPNG
import Testing

/// Issue 22: run as root, `calx shot --out /dev/full` made /dev/full a regular file. Every file calx
/// writes is a new path or a regular file (`-`: standard output); anything else is refused, named, and
/// left as it was.
@Suite struct OutputPathTests {
    let dir: String

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("calx-out-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    func kind(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    func shot(_ more: [String]) throws -> CalxBinary.Result {
        try CalxBinary.run(["shot", "--size", "320x240"] + more, directory: dir)
    }

    /// Temp files a write left beside `name`.
    func leftovers(_ name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(name + ".tmp") }
    }

    @Test func aFIFOADirectoryOrALinkIsRefusedAndLeftAsItWas() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        #expect(mkdir(dir + "/dir", 0o700) == 0)
        #expect(symlink("/dev/null", dir + "/link") == 0)
        for (name, kindName, type) in [("fifo", "a FIFO", S_IFIFO), ("dir", "a directory", S_IFDIR), ("link", "a symbolic link", S_IFLNK)] {
            let r = try shot(["--out", name])
            #expect(r.status == 2, "\(name): \(r.stderr)")
            #expect(r.stderr.contains("--out '\(name)': \(kindName), not a regular file"), "\(r.stderr)")
            #expect(kind(dir + "/" + name) == type, "\(name)")
            #expect(try leftovers(name).isEmpty)
        }
        // Only once a FIFO was refused: a calx that renames over anything, run as root, would make
        // /dev/null itself a regular file. Whoever runs this, /dev/null stays a device.
        guard kind(dir + "/fifo") == S_IFIFO else { return }
        let r = try shot(["--out", "/dev/null"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("--out '/dev/null': a character device, not a regular file"), "\(r.stderr)")
        #expect(kind("/dev/null") == S_IFCHR)
    }

    @Test func aNewPathThenARegularFileAreWritten() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for keys in ["1", "2"] {
            let r = try shot(["--keys", keys, "--out", "s.png"])
            #expect(r.status == 0, "\(r.stderr)")
            let image = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/s.png"))))
            #expect(image.width == 320 && image.height == 240)
        }
        #expect(try leftovers("s.png").isEmpty)
    }

    /// `-` is standard output (once it made a file named "-").
    @Test func aDashWritesThePictureToStandardOutput() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try shot(["--out", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNGCodec.decode(Array(r.output))
        #expect(image.width == 320 && image.height == 240)
        #expect(!FileManager.default.fileExists(atPath: dir + "/-"))
    }

    /// Refused before anything is drawn, naming the option: once a missing directory or an empty path
    /// failed only at the rename, with exit 1.
    @Test(arguments: [["--out", ""], ["--out", "nowhere/s.png"], ["--out"], ["--out", "a.png", "--out", "b.png"],
                      ["--out", String(repeating: "a", count: 300) + ".png"]])
    func aPathThatCannotBeWrittenIsRefusedFirst(flags: [String]) throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try shot(flags)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("calx shot: --out "), "\(r.stderr)")
    }

    /// `--state` is written too: an empty path, a directory or a missing directory once were accepted,
    /// and only the save failed (exit 0).
    @Test(arguments: ["", "dir", "nowhere/state", "/dev/null"])
    func aStatePathThatCanNeverBeSavedIsRefused(state: String) throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkdir(dir + "/dir", 0o700) == 0)
        let r = try shot(["--state", state, "--out", "s.png"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("calx shot: --state "), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.png"))
        #expect(kind("/dev/null") == S_IFCHR)
    }
}
