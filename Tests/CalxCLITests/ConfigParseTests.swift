import Glibc
import Kiosk
import Platform
import Testing
@testable import CalxApp

/// calx.conf's reader on its own, without running the binary.
@Suite struct ConfigParseTests {
    @Test func eachSettingRemembersItsFileAndLine() {
        let (settings, problems) = RunOptions.parseConfig("# c\r\ntheme = dark # why\r\n\r\ntouch-calibration=\"0 1 0 -1 0 1\"\r\n", path: "/etc/calx.conf")
        #expect(problems.isEmpty)
        #expect(settings["theme"] == Setting(value: "dark", source: .file(path: "/etc/calx.conf", line: 2)))
        #expect(settings["touch-calibration"]?.value == "0 1 0 -1 0 1")
        var options = RunOptions(settings: settings)
        #expect(options.name(of: "theme") == "theme= in /etc/calx.conf line 2")
        _ = options.apply(flags: ["--theme", "light"])
        #expect(options.name(of: "theme") == "--theme")
    }

    @Test func aLongJunkLineIsQuotedShortAndManyProblemsAreSummarised() {
        let junk = String(repeating: "z", count: 5_000)
        let (_, problems) = RunOptions.parseConfig(Array(repeating: junk, count: 30).joined(separator: "\n"), path: "c")
        #expect(problems.count == 30)
        #expect(problems.allSatisfy { $0.count < 100 })
        let shown = summarized(problems)
        #expect(shown.count == 21 && shown.last == "… and 10 more")
    }

    /// Kiosk messages carry their own "calx: "; `calx run` once added another.
    @Test func kioskMessagesArePrintedWithOnePrefix() {
        let storage = MemoryStateStorage(bytes: Array("not a state".utf8))
        let app = KioskApp(width: 800, height: 480, glyphs: NoGlyphs(), storage: storage)
        let lines = KioskClient(app: app).messageLines()
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("calx: ") && !$0.hasPrefix("calx: calx:") }, "\(lines)")
    }
}

/// The state file as `calx run` opens it: a transient read failure is Kiosk's StateUnavailable (the
/// file is kept); a file that is no state (a FIFO) is an error the kiosk sets aside.
@Suite struct FileStateStorageTests {
    func scratch(_ name: String) -> String {
        let dir = "/tmp/calx-storage-\(getpid())"
        mkdir(dir, 0o700)
        unlink(dir + "/" + name)
        return dir + "/" + name
    }

    @Test func aTransientReadKeepsTheFile() throws {
        let path = scratch("transient")
        try AtomicFile(path: path).write([1, 2, 3])
        var calls = SystemCalls()
        calls.read = { _, _, _ in errno = EAGAIN; return -1 }
        let storage = FileStateStorage(file: AtomicFile(path: path, calls: calls))
        #expect(throws: StateUnavailable.self) { try storage.load() }
        let app = KioskApp(width: 800, height: 480, glyphs: NoGlyphs(), storage: storage)
        app.saveNow()
        #expect(try AtomicFile(path: path).read() == [1, 2, 3])
    }

    @Test func aFIFOIsSetAsideAndReplaced() throws {
        let path = scratch("fifo")
        #expect(mkfifo(path, 0o600) == 0)
        let storage = FileStateStorage(path: path)
        do { _ = try storage.load(); Issue.record("read a FIFO") } catch { #expect(!(error is StateUnavailable)) }
        let app = KioskApp(width: 800, height: 480, glyphs: NoGlyphs(), storage: storage)
        app.saveNow()
        #expect(try AtomicFile(path: path).read()?.isEmpty == false)
    }

    @Test func staleTempFilesGoWhenTheStorageOpens() throws {
        let path = scratch("stale")
        try AtomicFile(path: path + ".tmp-99999999").write([0])
        let storage = FileStateStorage(path: path)
        #expect(storage.removedTemporaries == [path + ".tmp-99999999"])
    }
}
